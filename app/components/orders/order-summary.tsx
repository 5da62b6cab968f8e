import { Link } from 'react-router';
import { useShopTranslation } from '../../i18n/use-shop-translation';

export type OrderSummaryLine = {
  id: string;
  name: string;
  /** The product's card art; decoration beside its name. */
  imageUrl: string | null;
  /** "Holder: Mario Rossi", or who a gift's holder will be. */
  holder: string;
  /** "Upgrade of membership JM…" / "Renewal of membership JM…" for a line that follows one; else null. */
  follows: string | null;
  /** The buyer's withdrawal choice and when the membership becomes active; null when none was asked. */
  withdrawal: string | null;
  /** "You may withdraw until 15/12/2026" while the item may be withdrawn (issue 31); else null. */
  withdrawable: string | null;
  /** A withdrawn item: where its refund stands, and the coupon given back; empty otherwise. */
  withdrawn: string[];
  /** The membership issued for the line, or null with `codeNote` saying why there is none. */
  membershipCode: string | null;
  codeNote: string | null;
  price: string;
};

/** An order as the thank-you page and the receipt show it, worded on the server. */
export type OrderSummaryData = {
  number: string;
  placedAt: string;
  status: string;
  /** Only while the order awaits its payment. */
  payBy: string | null;
  /** The page to pay it (again), while it awaits its payment. */
  payHref: string | null;
  lines: OrderSummaryLine[];
  totals: {
    subtotal: string;
    voucher: { label: string; amount: string } | null;
    shipping: string;
    total: string;
    /** Withdrawals' refunds confirmed, and still on their way; null when none. */
    refunded: string | null;
    refundPending: string | null;
  };
};

/**
 * The order's facts as a description list, then its lines and totals as a table: a row header
 * per item and per total, so a screen reader names each price by what it is for.
 */
export function OrderSummary({ summary }: { summary: OrderSummaryData }) {
  const { t } = useShopTranslation('orders');
  const { totals } = summary;
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">{t('summary.heading')}</h2>
      <dl className="order-facts">
        <div>
          <dt>{t('summary.number')}</dt>
          <dd className="order-facts__number">{summary.number}</dd>
        </div>
        <div>
          <dt>{t('summary.placedAt')}</dt>
          <dd>{summary.placedAt}</dd>
        </div>
        <div>
          <dt>{t('summary.status')}</dt>
          <dd>{summary.status}</dd>
        </div>
        {summary.payBy ? (
          <div>
            <dt>{t('summary.payBy')}</dt>
            <dd>{summary.payBy}</dd>
          </div>
        ) : null}
      </dl>
      {summary.payHref ? (
        <p>
          <Link to={summary.payHref} className="button button--primary">
            {t('summary.payNow')}
          </Link>
        </p>
      ) : null}
      <table className="order-lines">
        <caption>{t('summary.itemsCaption', { number: summary.number })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.item')}</th>
            <th scope="col">{t('summary.membershipCode')}</th>
            <th scope="col" className="order-lines__amount">
              {t('summary.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.lines.map((line) => (
            <tr key={line.id}>
              {/* The holder under the name: three columns fit a phone, four did not. */}
              <th scope="row" className="order-lines__item">
                {line.imageUrl ? <img className="order-lines__art" src={line.imageUrl} alt="" width={96} height={60} loading="lazy" /> : null}
                <span className="order-lines__name">{line.name}</span>
                <span className="order-lines__holder">{line.holder}</span>
                {line.follows ? <span className="order-lines__holder">{line.follows}</span> : null}
                {line.withdrawal ? <span className="order-lines__holder">{line.withdrawal}</span> : null}
                {line.withdrawable ? <span className="order-lines__holder">{line.withdrawable}</span> : null}
                {line.withdrawn.map((text) => (
                  <strong key={text} className="order-lines__withdrawn">
                    {text}
                  </strong>
                ))}
              </th>
              <td>
                {line.membershipCode ? (
                  <code className="order-lines__code">{line.membershipCode}</code>
                ) : (
                  <span className="order-lines__note">{line.codeNote}</span>
                )}
              </td>
              <td className="order-lines__amount">{line.price}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <TotalRow label={t('summary.subtotal')} amount={totals.subtotal} />
          {totals.voucher ? <TotalRow label={totals.voucher.label} amount={totals.voucher.amount} /> : null}
          <TotalRow label={t('summary.shipping')} amount={totals.shipping} />
          <TotalRow label={t('summary.total')} amount={totals.total} className="order-lines__total" />
          {totals.refunded ? <TotalRow label={t('summary.refunded')} amount={totals.refunded} /> : null}
          {totals.refundPending ? <TotalRow label={t('summary.refundPending')} amount={totals.refundPending} /> : null}
        </tfoot>
      </table>
    </section>
  );
}

function TotalRow({ label, amount, className }: { label: string; amount: string; className?: string }) {
  return (
    <tr className={className}>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="order-lines__amount">{amount}</td>
    </tr>
  );
}
