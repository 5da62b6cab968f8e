import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Form, Link, redirect } from 'react-router';
import { SubmitButton } from '../../components/form/submit-button';
import { ProfileSummary, type ProfileDisplay } from '../../components/account/profile-summary';
import { formatBirthDate } from '../../domain/birth-date';
import { MY_MEMBERSHIP_PATH } from '../../domain/membership-manage';
import { ORDERS_PATH } from '../../domain/order-pages';
import { pageMeta } from '../../domain/page-meta';
import { formatPhoneForDisplay } from '../../domain/phone';
import { missingForPurchase, profileCompletionHref } from '../../domain/profile-completeness';
import { authContext } from '../../.server/auth/context';
import { signedIn } from '../../.server/auth/guards';
import { endAllSessions } from '../../.server/auth/sign-in-session';
import { describePage } from '../../.server/http/page-seo';
import { describeBirthPlace } from './birth-place-view.server';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { Route } from './+types/dashboard';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'account'] };

const COMPLETE_PROFILE_HREF = profileCompletionHref('/account');

/** The spec's dashboard (secured): the fan's profile, what it lacks, and the other account pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { t } = getInstance(context);
  const profile: ProfileDisplay = {
    name: `${customer.firstName} ${customer.lastName}`,
    email: customer.email,
    phone: customer.phone ? formatPhoneForDisplay(customer.phone) : null,
    dob: customer.dob ? formatBirthDate(customer.dob) : null,
    gender: customer.gender,
    birthPlace: await describeBirthPlace(customer, getLanguage(context)),
    taxCode: customer.taxCode,
  };
  return {
    seo: describePage(context, request, { title: t('account:metaTitle'), robots: 'noindex' }),
    profile,
    missing: missingForPurchase(customer),
  };
}

/**
 * "Sign out everywhere": ends every session of the fan (other devices and this one) and tells
 * them so on the home page, in a fresh cookie that holds nothing else.
 */
export async function action({ context }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  await endAllSessions(context, customer);
  const { sessions } = context.get(authContext);
  const signedOut = await sessions.getSession();
  signedOut.flash('notice', { key: 'account:dashboard.signedOutEverywhere' });
  return redirect('/', { status: 303, headers: { 'Set-Cookie': await sessions.commitSession(signedOut) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('account');
  const { profile, missing } = loaderData;
  return (
    <div className="account-page">
      <h1>{t('dashboard.heading')}</h1>
      <section className="account-page" aria-labelledby="profile-heading">
        <h2 id="profile-heading">{t('dashboard.profileHeading')}</h2>
        <ProfileSummary profile={profile} />
        {missing.length > 0 ? (
          <div className="account-page__missing">
            <p>{t('dashboard.missing')}</p>
            <ul>
              {missing.map((part) => (
                <li key={part}>{t(`fields.${part}`)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p>
          <Link to={COMPLETE_PROFILE_HREF} className={missing.length > 0 ? 'button button--primary' : undefined}>
            {missing.length > 0 ? t('dashboard.complete') : t('dashboard.edit')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="account-more-heading">
        <h2 id="account-more-heading">{t('dashboard.moreHeading')}</h2>
        <ul className="account-links">
          <li>
            <Link to={MY_MEMBERSHIP_PATH}>{t('dashboard.myMembership')}</Link>
          </li>
          <li>
            <Link to={ORDERS_PATH}>{t('dashboard.orders')}</Link>
          </li>
          <li>
            <Link to="/account/addresses">{t('dashboard.addresses')}</Link>
          </li>
          <li>
            <Link to="/account/notify-me">{t('dashboard.notifyMe')}</Link>
          </li>
          <li>
            <Link to="/account/payment-methods">{t('dashboard.savedCards')}</Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="account-devices-heading">
        <h2 id="account-devices-heading">{t('dashboard.signOutEverywhereHeading')}</h2>
        <p>{t('dashboard.signOutEverywhereBody')}</p>
        <Form method="post" className="form form--inline">
          <SubmitButton variant="secondary">{t('dashboard.signOutEverywhere')}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
