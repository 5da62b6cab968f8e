import { ORDERS_PATH } from '../../domain/order-pages';
import type { AddressSummary } from '../../domain/address-summary';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { AddressLines } from '../address/address-lines';
import { Breadcrumb } from '../ui/breadcrumb';
import { OrderSummary, type OrderSummaryData } from './order-summary';
import { WithdrawalChoiceForm, type WithdrawalOption } from './withdrawal-choice';

/** A label and its value, both worded on the server. */
export type DetailRow = { key: string; label: string; value: string };

/** The receipt: the order's summary plus who bought, billing, invoicing, shipping and terms. */
export type ReceiptData = {
  title: string;
  summary: OrderSummaryData;
  /** The way to withdraw (issue 31) while some item may be withdrawn; else null. */
  withdrawal: { action: string; options: WithdrawalOption[]; modelFormHref: string } | null;
  /** Why nothing can be withdrawn through the shop although the period runs (the payment was disputed or given back); else null. */
  withdrawalBlocked: string | null;
  buyer: DetailRow[];
  billing: AddressSummary | null;
  /** Only when the fan asked for an invoice with a VAT number. */
  invoicing: DetailRow[] | null;
  shipping: { id: string; item: string; address: AddressSummary }[];
  terms: DetailRow[];
  /** What happened to the order's payments, oldest first (issue 29). */
  history: { key: string; time: string; text: string }[];
};

export function ReceiptPage({ receipt }: { receipt: ReceiptData }) {
  const { t } = useShopTranslation('orders');
  return (
    <div className="order-page receipt">
      <Breadcrumb
        trail={[
          { to: '/account', label: t('breadcrumb.account') },
          { to: ORDERS_PATH, label: t('breadcrumb.orders') },
        ]}
        current={receipt.title}
      />
      <h1>{receipt.title}</h1>
      <p className="receipt__print-hint">{t('receipt.printHint')}</p>
      <OrderSummary summary={receipt.summary} />
      {receipt.withdrawal ? (
        <ReceiptSection id="receipt-withdrawal" heading={t('withdrawal.receiptHeading')} className="receipt__withdrawal">
          <p>{t('withdrawal.receiptIntro')}</p>
          <WithdrawalChoiceForm action={receipt.withdrawal.action} options={receipt.withdrawal.options} error={null} />
          <p>
            <a href={receipt.withdrawal.modelFormHref}>{t('withdrawal.modelForm')}</a>
          </p>
        </ReceiptSection>
      ) : receipt.withdrawalBlocked ? (
        <ReceiptSection id="receipt-withdrawal" heading={t('withdrawal.receiptHeading')} className="receipt__withdrawal">
          <p>{receipt.withdrawalBlocked}</p>
        </ReceiptSection>
      ) : null}
      <ReceiptSection id="receipt-buyer" heading={t('receipt.buyerHeading')}>
        <Details rows={receipt.buyer} />
      </ReceiptSection>
      <ReceiptSection id="receipt-billing" heading={t('receipt.billingHeading')}>
        {receipt.billing ? <AddressLines address={receipt.billing} /> : <p>{t('receipt.noBilling')}</p>}
      </ReceiptSection>
      {receipt.invoicing ? (
        <ReceiptSection id="receipt-invoicing" heading={t('receipt.invoicingHeading')}>
          <Details rows={receipt.invoicing} />
        </ReceiptSection>
      ) : null}
      {receipt.shipping.length > 0 ? (
        <ReceiptSection id="receipt-shipping" heading={t('receipt.shippingHeading')}>
          <ul className="receipt__shipping">
            {receipt.shipping.map((shipment) => (
              <li key={shipment.id}>
                <p className="receipt__shipped-item">{shipment.item}</p>
                <AddressLines address={shipment.address} />
              </li>
            ))}
          </ul>
        </ReceiptSection>
      ) : null}
      {receipt.history.length > 0 ? (
        <ReceiptSection id="receipt-history" heading={t('history.heading')}>
          <ol className="receipt__history">
            {receipt.history.map((line) => (
              <li key={line.key}>
                <span className="receipt__history-time">{line.time}</span> {line.text}
              </li>
            ))}
          </ol>
        </ReceiptSection>
      ) : null}
      {receipt.terms.length > 0 ? (
        <ReceiptSection id="receipt-terms" heading={t('receipt.termsHeading')}>
          <Details rows={receipt.terms} />
        </ReceiptSection>
      ) : null}
    </div>
  );
}

function ReceiptSection({ id, heading, className, children }: { id: string; heading: string; className?: string; children: React.ReactNode }) {
  return (
    <section className={className ? `receipt__section ${className}` : 'receipt__section'} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

function Details({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="order-facts order-facts--stacked">
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
