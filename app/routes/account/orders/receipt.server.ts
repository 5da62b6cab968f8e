// The receipt of one of the fan's orders, worded on the server: the shared summary plus what the
// order kept of the checkout — the buyer, the billing address, VAT invoicing, where each item
// ships and which terms were accepted when (times in Rome).
import type { TFunction } from 'i18next';
import type { DetailRow, ReceiptData } from '../../../components/orders/receipt-page';
import type { WithdrawalOption } from '../../../components/orders/withdrawal-choice';
import { summariseAddress, type AddressSummary } from '../../../domain/address-summary';
import { showsTaxCode } from '../../../domain/billing';
import { wordBirthPlace } from '../../../domain/birth-place';
import type { Language } from '../../../domain/catalogue-types';
import { formatShopDateTime } from '../../../domain/display-format';
import { formatPhoneForDisplay } from '../../../domain/phone';
import type { PostalAddress } from '../../../domain/shipping';
import type { VatInvoicing } from '../../../domain/vat-invoicing';
import { getCountry } from '../../../.server/services/lookups';
import type { OrderHistoryLine, OrderView } from '../../../.server/services/orders-contract';
import { formatPrice } from '../../../domain/price';
import { WITHDRAWAL_FORM_PATH } from '../../../domain/terms-pages';
import { holderOf, lastWithdrawalDay, orderSummaryData } from '../../orders/order-summary.server';
import { withdrawalPath } from './withdrawal-paths';

/** A country's name in the page's language, by ISO code. */
export type CountryNamer = (code: string, language: Language) => Promise<string>;

/** Country names from the lookups (ICU names); an unknown code is shown as it is. */
export const countryNameFromLookups: CountryNamer = async (code, language) => (await getCountry(code, language))?.name ?? code;

async function buyerRows(order: OrderView, language: Language, t: TFunction, countryName: CountryNamer): Promise<DetailRow[]> {
  const { buyer } = order;
  const country = buyer.birthCountryCode ? await countryName(buyer.birthCountryCode, language) : buyer.birthCountryName;
  const birthPlace = wordBirthPlace({ city: buyer.birthCity, provinceCode: buyer.birthProvinceCode ?? null, country });
  const rows: (DetailRow | null)[] = [
    { key: 'name', label: t('orders:receipt.name'), value: `${buyer.firstName} ${buyer.lastName}` },
    { key: 'email', label: t('orders:receipt.email'), value: buyer.email },
    buyer.phone ? { key: 'phone', label: t('orders:receipt.phone'), value: formatPhoneForDisplay(buyer.phone) } : null,
    birthPlace ? { key: 'birthPlace', label: t('orders:receipt.birthPlace'), value: birthPlace } : null,
    // Spec: the tax code is shown only when billing in Italy.
    buyer.taxCode && showsTaxCode(order.billingAddress?.countryCode ?? null)
      ? { key: 'taxCode', label: t('orders:receipt.taxCode'), value: buyer.taxCode }
      : null,
  ];
  return rows.filter((row): row is DetailRow => row !== null);
}

async function invoicingRows(invoicing: VatInvoicing | null, language: Language, t: TFunction, countryName: CountryNamer): Promise<DetailRow[] | null> {
  if (!invoicing?.invoiceWithVat) return null;
  const rows: DetailRow[] = [
    { key: 'vatCountry', label: t('orders:receipt.vatCountry'), value: await countryName(invoicing.countryCode, language) },
    { key: 'vatNumber', label: t('orders:receipt.vatNumber'), value: invoicing.vatNumber },
    { key: 'receiverCode', label: t('orders:receipt.receiverCode'), value: invoicing.receiverCode },
    { key: 'emailPec', label: t('orders:receipt.emailPec'), value: invoicing.emailPec },
  ];
  // Receiver code and PEC are asked only for Italian VAT numbers.
  return rows.filter((row) => row.value !== '');
}

async function addressOf(id: string, address: PostalAddress, language: Language, countryName: CountryNamer): Promise<AddressSummary> {
  return summariseAddress({ ...address, id, isPreferred: false }, await countryName(address.countryCode, language));
}

/** A payment history line in the fan's words (`orders:history.*`). */
function historyText(line: OrderHistoryLine, language: Language, t: TFunction): string {
  const values = { amount: line.amountCents === null ? '' : formatPrice(line.amountCents, language) };
  if (line.kind === 'reversal-requested') return t(`orders:history.reversal-requested.${line.reason ?? 'duplicate'}`, values);
  // A withdrawal of items that cost nothing (a coupon's) asks for no refund.
  if (line.kind === 'withdrawal-requested' && !line.amountCents) return t('orders:history.withdrawal-requested-free');
  return t(`orders:history.${line.kind}`, values);
}

/** The items the fan may withdraw from now, each with its last day (issue 31). */
export function withdrawalOptions(order: OrderView, language: Language, t: TFunction): WithdrawalOption[] {
  return order.lines.flatMap((line) =>
    line.withdrawable
      ? [
          {
            id: line.id,
            // The membership code tells apart two alike items (two gifts of one product).
            label: t(line.membershipCode ? 'orders:withdrawal.optionWithCode' : 'orders:withdrawal.option', {
              name: line.name[language],
              code: line.membershipCode ?? '',
              holder: holderOf(line, order, t),
              date: lastWithdrawalDay(line.withdrawable.until, language),
            }),
          },
        ]
      : [],
  );
}

/** The receipt's way to withdraw: only while some item may be withdrawn. */
function withdrawalSection(order: OrderView, language: Language, t: TFunction): ReceiptData['withdrawal'] {
  const options = withdrawalOptions(order, language, t);
  return options.length > 0 ? { action: withdrawalPath(order.id), options, modelFormHref: WITHDRAWAL_FORM_PATH } : null;
}

/** The receipt page's data. */
export async function receiptData(
  order: OrderView,
  language: Language,
  t: TFunction,
  countryName: CountryNamer = countryNameFromLookups,
): Promise<ReceiptData> {
  const shipped = order.lines.flatMap((line) => (line.shippingAddress ? [{ line, address: line.shippingAddress }] : []));
  return {
    title: t('orders:receipt.heading', { number: String(order.number) }),
    summary: orderSummaryData(order, language, t),
    withdrawal: withdrawalSection(order, language, t),
    withdrawalBlocked: order.withdrawalBlockedBy ? t(`orders:withdrawal.refusals.${order.withdrawalBlockedBy}`) : null,
    buyer: await buyerRows(order, language, t, countryName),
    billing: order.billingAddress ? await addressOf(order.billingAddress.addressId, order.billingAddress, language, countryName) : null,
    invoicing: await invoicingRows(order.invoicing, language, t, countryName),
    shipping: await Promise.all(
      shipped.map(async ({ line, address }) => ({
        id: line.id,
        item: line.name[language],
        address: await addressOf(line.id, address, language, countryName),
      })),
    ),
    history: order.history.map((line) => ({
      key: line.key,
      time: formatShopDateTime(line.at, language),
      text: historyText(line, language, t),
    })),
    terms: order.acceptedTerms.map((term) => ({
      key: term.name,
      label: t(`orders:terms.${term.name}`),
      // The version stays in the order for support; its id ("card-data-2025-26.1") means nothing to the fan.
      value: t('orders:receipt.termAccepted', { time: formatShopDateTime(new Date(term.acceptedAt), language) }),
    })),
  };
}
