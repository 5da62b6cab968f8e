import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form, Link, redirect } from 'react-router';
import { SubmitButton } from '../../components/form/submit-button';
import { shopContext } from '../../context';
import { formatShopDate } from '../../domain/display-format';
import { notifyMeState } from '../../domain/notify-me';
import { pageMeta } from '../../domain/page-meta';
import { intentOf } from '../../forms/intent';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { Route } from './+types/notify-me';
import { readFormData } from '../../.server/http/form-data';
import { EmptyState } from '../../components/ui/empty-state';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'notify-me'] };

const CANCEL_INTENT = 'cancel';
const LIST_PATH = '/account/notify-me';

/** The fan's notify-me requests (secured). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const requests = await services.notifyMe.listForCustomer(customer.id);
  const { t } = getInstance(context);
  return {
    requests: requests.map((entry) => {
      const state = notifyMeState(entry);
      return {
        productId: entry.productId,
        name: entry.productName[language],
        askedOn: formatShopDate(entry.askedAt, language),
        notifiedOn: state.kind === 'notified' ? formatShopDate(state.at, language) : null,
      };
    }),
    seo: describePage(context, request, { title: t('notify:list.metaTitle'), robots: 'noindex' }),
  };
}

/** POST `intent=cancel`, `productId`: removes the signed-in fan's own request only. */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const form = await readFormData(request);
  const productId = form.get('productId');
  if (intentOf(form) !== CANCEL_INTENT || typeof productId !== 'string' || productId === '') {
    throw data({ reason: 'bad-request' }, { status: 400 });
  }
  const { services } = context.get(shopContext);
  if (!(await services.notifyMe.cancel(customer.id, productId)).ok) return redirect(LIST_PATH, 303);
  const product = await services.catalogue.getProductDetail(productId);
  const name = product ? product.name[getLanguage(context)] : productId;
  return redirectWithNotice(request, context, LIST_PATH, { key: 'notify:list.removed', values: { name } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountNotifyMe({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('notify');
  const { requests } = loaderData;
  return (
    <section className="notify-page" aria-labelledby="notify-list-heading">
      <h1 id="notify-list-heading">{t('list.heading')}</h1>
      <p>{t('list.intro')}</p>
      {requests.length === 0 ? (
        <EmptyState title={t('list.emptyTitle')} text={t('list.empty')} action={{ href: '/products', label: t('list.browse') }} />
      ) : (
        <ul className="notify-list">
          {requests.map((entry) => (
            <li key={entry.productId} className="notify-list__item">
              <h2>
                <Link to={`/products/${entry.productId}`}>{entry.name}</Link>
              </h2>
              <p>{t('list.askedOn', { date: entry.askedOn })}</p>
              <p>
                <strong>{entry.notifiedOn ? t('list.notifiedOn', { date: entry.notifiedOn }) : t('list.waiting')}</strong>
              </p>
              <Form method="post" className="form form--inline">
                <input type="hidden" name="productId" value={entry.productId} />
                <SubmitButton
                  intent={CANCEL_INTENT}
                  pendingFor={{ productId: entry.productId }}
                  variant="secondary"
                  aria-label={t(entry.notifiedOn ? 'list.removeLabel' : 'list.stopWaitingLabel', { name: entry.name })}
                >
                  {t(entry.notifiedOn ? 'list.remove' : 'list.stopWaiting')}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
