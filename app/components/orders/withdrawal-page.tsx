import { ORDERS_PATH } from '../../domain/order-pages';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ErrorSummary } from '../form/error-summary';
import { Breadcrumb } from '../ui/breadcrumb';
import { WITHDRAWAL_ITEM_FIELD_ID, WithdrawalChoiceForm, type WithdrawalOption } from './withdrawal-choice';

type Common = { title: string; receiptTitle: string; backHref: string; backLabel: string; modelFormHref: string };

/** Which items: the receipt's choice again, after an empty or a bad one (`error`: a message key). */
export type ChooseStep = Common & { step: 'choose'; action: string; options: WithdrawalOption[]; error: string | null };

/** What the chosen items give back, and the confirmation's form (`key`: this page's idempotency key). */
export type ConfirmStep = Common & {
  step: 'confirm';
  action: string;
  key: string;
  itemIds: string[];
  lines: { id: string; name: string; holder: string; membershipCode: string | null; amount: string; couponBack: string | null }[];
  shipping: string | null;
  total: string;
  method: string;
  deadline: string;
  /** A refused post's message key (the key was not valid): confirm again. */
  error: string | null;
};

/** Why the chosen items may not be withdrawn, item by item. */
export type RefusedStep = Common & { step: 'refused'; chooseHref: string; canChooseAgain: boolean; refusals: { id: string; name: string; reason: string }[] };

export type WithdrawalPageData = ChooseStep | ConfirmStep | RefusedStep;

const CONFIRM_BUTTON_ID = 'withdrawal-confirm';

/**
 * `/account/orders/{orderId}/withdrawal` (issue 31): plain HTML, no JavaScript. The choice is a
 * GET form, the confirmation a POST whose hidden fields repeat the choice and carry the key.
 */
export function WithdrawalPage({ page }: { page: WithdrawalPageData }) {
  const { t } = useShopTranslation('orders');
  return (
    <div className="order-page withdrawal-page">
      <Breadcrumb
        trail={[
          { to: '/account', label: t('breadcrumb.account') },
          { to: ORDERS_PATH, label: t('breadcrumb.orders') },
          { to: page.backHref, label: page.receiptTitle },
        ]}
        current={page.title}
      />
      {page.step === 'choose' ? <Choose page={page} /> : page.step === 'confirm' ? <Confirm page={page} /> : <Refused page={page} />}
      <p className="order-page__links">
        <a href={page.backHref}>{page.backLabel}</a>
        <a href={page.modelFormHref}>{t('withdrawal.modelForm')}</a>
      </p>
    </div>
  );
}

function Choose({ page }: { page: ChooseStep }) {
  const { t } = useShopTranslation('orders');
  const label = t('withdrawal.itemsLabel');
  return (
    <>
      <h1>{page.title}</h1>
      {page.error && page.options.length > 0 ? <ErrorSummary errors={[{ name: 'item', fieldId: WITHDRAWAL_ITEM_FIELD_ID, message: page.error }]} labels={{ item: label }} /> : null}
      {page.options.length > 0 ? (
        <>
          <p>{t('withdrawal.chooseIntro')}</p>
          <WithdrawalChoiceForm action={page.action} options={page.options} error={page.error ? t(page.error) : null} />
        </>
      ) : (
        <p>{t('withdrawal.none')}</p>
      )}
    </>
  );
}

function Confirm({ page }: { page: ConfirmStep }) {
  const { t } = useShopTranslation('orders');
  return (
    <>
      <h1>{page.title}</h1>
      {page.error ? <ErrorSummary errors={[{ fieldId: CONFIRM_BUTTON_ID, message: page.error }]} labels={{}} /> : null}
      <p>{t('withdrawal.confirmIntro')}</p>
      <table className="order-lines">
        <caption>{t('withdrawal.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.item')}</th>
            <th scope="col">{t('summary.membershipCode')}</th>
            <th scope="col" className="order-lines__amount">
              {t('withdrawal.amountBack')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className="order-lines__item">
                <span className="order-lines__name">{line.name}</span>
                <span className="order-lines__holder">{line.holder}</span>
                {line.couponBack ? <strong className="order-lines__withdrawn">{line.couponBack}</strong> : null}
              </th>
              <td>{line.membershipCode ? <code className="order-lines__code">{line.membershipCode}</code> : <span className="order-lines__note">{t('withdrawal.noCode')}</span>}</td>
              <td className="order-lines__amount">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {page.shipping ? (
            <tr>
              <th scope="row" colSpan={2}>
                {t('withdrawal.shipping')}
              </th>
              <td className="order-lines__amount">{page.shipping}</td>
            </tr>
          ) : null}
          <tr className="order-lines__total">
            <th scope="row" colSpan={2}>
              {t('withdrawal.total')}
            </th>
            <td className="order-lines__amount">{page.total}</td>
          </tr>
        </tfoot>
      </table>
      <p>{page.method}</p>
      <p>{page.deadline}</p>
      <p>{t('withdrawal.final')}</p>
      <form method="post" action={page.action} className="form">
        {page.itemIds.map((id) => (
          <input key={id} type="hidden" name="item" value={id} />
        ))}
        <input type="hidden" name="key" value={page.key} />
        <button id={CONFIRM_BUTTON_ID} type="submit" className="button button--primary">
          {t('withdrawal.confirmSubmit')}
        </button>
      </form>
    </>
  );
}

function Refused({ page }: { page: RefusedStep }) {
  const { t } = useShopTranslation('orders');
  return (
    <>
      <h1>{page.title}</h1>
      <section className="receipt__section" aria-labelledby="withdrawal-refused">
        <h2 id="withdrawal-refused">{t('withdrawal.refusedHeading')}</h2>
        <p>{t('withdrawal.refusedIntro')}</p>
        <dl className="order-facts order-facts--stacked">
          {page.refusals.map((refusal) => (
            <div key={refusal.id}>
              <dt>{refusal.name}</dt>
              <dd>{refusal.reason}</dd>
            </div>
          ))}
        </dl>
        {page.canChooseAgain ? (
          <p>
            <a href={page.chooseHref}>{t('withdrawal.chooseAgain')}</a>
          </p>
        ) : null}
      </section>
    </>
  );
}
