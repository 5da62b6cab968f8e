import { Form, Link } from 'react-router';
import type { ProfilePart } from '../../domain/profile-completeness';
import { AUTOMATIC_RENEWAL_FIELD } from '../../forms/follow-up-item';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { MissingProfile } from '../configure/missing-profile';
import { PageProblem } from '../form/page-problem';
import { SubmitButton } from '../form/submit-button';
import { Breadcrumb } from '../ui/breadcrumb';

/** The upgrade page as the server words it (routes/follow-up/upgrade.server.ts). */
export type UpgradePurchaseView = {
  from: string;
  to: string;
  targetHref: string;
  membership: { code: string; href: string; holder: string; season: string };
  price: { target: string; credit: string; total: string };
  automaticRenewal: boolean;
  editing: boolean;
  /** Why it cannot be upgraded, worded; null: the form is shown. */
  refusal: string | null;
};

export type UpgradePurchaseData =
  | { kind: 'upgrade'; view: UpgradePurchaseView }
  | { kind: 'missing'; missing: ProfilePart[]; completeHref: string; backHref: string };

/**
 * The upgrade purchase (spec §2 `/products/{id}/upgrade/{membershipCode}`): the membership and
 * what it becomes, the price difference, the automatic-renewal choice and the button that puts
 * it in the cart (or saves the edited item). A refusal is said instead of the form.
 */
export function UpgradePurchasePage({ data, problem, answer }: { data: UpgradePurchaseData; problem: string | null; answer: unknown }) {
  const { t } = useShopTranslation('upgrade');
  if (data.kind === 'missing') {
    return (
      <article className="follow-up">
        <h1>{t('missingHeading')}</h1>
        <MissingProfile missing={data.missing} completeHref={data.completeHref} />
        <p>
          <Link to={data.backHref}>{t('back')}</Link>
        </p>
      </article>
    );
  }
  const { view } = data;
  return (
    <article className="follow-up" aria-labelledby="follow-up-heading">
      <Breadcrumb trail={[{ to: view.membership.href, label: view.membership.code }]} current={t('breadcrumb')} />
      <h1 id="follow-up-heading">{t('heading', { to: view.to })}</h1>
      {problem ? <PageProblem message={problem} answer={answer} /> : null}
      <p>{t('intro', { from: view.from, to: view.to, season: view.membership.season })}</p>
      <section aria-labelledby="follow-up-current">
        <h2 id="follow-up-current">{t('current.heading')}</h2>
        <dl className="follow-up__facts">
          <div>
            <dt>{t('current.code')}</dt>
            <dd>
              <code>{view.membership.code}</code>
            </dd>
          </div>
          <div>
            <dt>{t('current.product')}</dt>
            <dd>{view.from}</dd>
          </div>
          <div>
            <dt>{t('current.holder')}</dt>
            <dd>{view.membership.holder}</dd>
          </div>
          <div>
            <dt>{t('current.season')}</dt>
            <dd>{view.membership.season}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="follow-up-price">
        <h2 id="follow-up-price">{t('price.heading')}</h2>
        <dl className="follow-up__facts">
          <div>
            <dt>
              <Link to={view.targetHref}>{view.to}</Link>
            </dt>
            <dd>{view.price.target}</dd>
          </div>
          <div>
            <dt>{t('price.credit', { from: view.from })}</dt>
            <dd>−{view.price.credit}</dd>
          </div>
          <div className="follow-up__total">
            <dt>{t('price.total')}</dt>
            <dd>{view.price.total}</dd>
          </div>
        </dl>
      </section>
      {view.refusal !== null ? (
        <p className="follow-up__refusal">{view.refusal}</p>
      ) : (
        <Form method="post" className="follow-up__form">
          <div className="form-field form-field--checkbox">
            <input
              type="checkbox"
              id="follow-up-renewal"
              name={AUTOMATIC_RENEWAL_FIELD}
              value="on"
              defaultChecked={view.automaticRenewal}
              className="form-field__checkbox"
              aria-describedby="follow-up-renewal-hint"
            />
            <label htmlFor="follow-up-renewal">{t('renewal.label')}</label>
            <p id="follow-up-renewal-hint" className="form-field__hint">
              {t('renewal.hint')}
            </p>
          </div>
          <SubmitButton>{t(view.editing ? 'primary.saveToCart' : 'primary.continueAndAddToCart')}</SubmitButton>
        </Form>
      )}
      <p>
        <Link to={view.membership.href}>{t('back')}</Link>
      </p>
    </article>
  );
}
