// What the cart page shows, worded on the server (prices, names, addresses), so the browser
// needs no catalogue or address code; and the notice a change answers with.
import { renewalPath, upgradePath } from '../../domain/membership-follow-up';
import type { TFunction } from 'i18next';
import { summariseAddress, type AddressSummary } from '../../domain/address-summary';
import type { Language, LocalizedText } from '../../domain/catalogue-types';
import { formatCouponCode } from '../../domain/coupon-code';
import type { Notice } from '../../domain/notice';
import { formatPrice } from '../../domain/price';
import type { PostalAddress } from '../../domain/shipping';
import type { VoucherDiscount } from '../../domain/voucher';
import type { Customer } from '../../.server/services/customers';
import type { CartLine, CartPageView, CartSideEffects } from '../../.server/services/cart-view-contract';
import { getCountry } from '../../.server/services/lookups';
import { itemShippingView } from './item-shipping.server';
import { withdrawalTextLink } from '../terms/terms-links.server';

/** An address as the cart shows it (saved or temporary: neither is "preferred" here). */
export async function addressSummary(id: string, address: PostalAddress, language: Language): Promise<AddressSummary> {
  const country = (await getCountry(address.countryCode, language))?.name ?? address.countryCode;
  return summariseAddress({ ...address, id, isPreferred: false }, country);
}

/** Where Modify goes (spec §2): the item's upgrade, renewal or configure page, prefilled (`cartItem`). */
export function modifyHref(line: Pick<CartLine, 'id' | 'productId' | 'process' | 'previousMembership'>): string {
  if (line.previousMembership !== null && line.process === 'upgrade') return upgradePath(line.productId, line.previousMembership.code, line.id);
  if (line.previousMembership !== null && line.process === 'renewal') return renewalPath(line.productId, line.previousMembership.code, line.id);
  return `/products/${encodeURIComponent(line.productId)}/configure/${line.process}?cartItem=${line.id}`;
}

/** The item's address page (spec: /cart/{cart_item}). */
export function addressPageHref(itemId: string): string {
  return `/cart/${itemId}`;
}

/** The form of the item's temporary address: a page of its own, so the address page stays light. */
export function temporaryAddressHref(itemId: string): string {
  return `${addressPageHref(itemId)}/temporary`;
}

function holderOf(line: CartLine, customer: Customer, t: TFunction): string {
  if (line.process === 'gift') return t('cart:item.giftHolder');
  if (line.buyFor === 'BUY_ON_BEHALF' && line.holder) return `${line.holder.firstName} ${line.holder.lastName}`;
  return `${customer.firstName} ${customer.lastName}`;
}

/** The details toggle's lines: whatever the fan chose for the item, each as "label: value". */
function detailsOf(line: CartLine, t: TFunction): { label: string; value: string }[] {
  const details: { label: string; value: string }[] = [];
  const add = (key: string, value: string) => details.push({ label: t(`cart:details.${key}`), value });
  if (line.process === 'gift' && line.gift) {
    const contact = line.gift.recipient === 'someone' ? line.gift.contact : null;
    add('giftTo', contact ? (contact.type === 'EMAIL' ? contact.email : contact.phone) : t('cart:details.giftToMyself'));
    if (line.gift.message) add('giftMessage', line.gift.message);
  }
  if (line.previousMembership && line.process === 'upgrade') add('upgradeOf', line.previousMembership.code);
  if (line.previousMembership && line.process === 'renewal') add('renewalOf', line.previousMembership.code);
  if (line.couponCode) add('coupon', formatCouponCode(line.couponCode));
  if (line.size) add('size', t('cart:details.sizeValue', { label: line.size.label, it: line.size.itLabel, uk: line.size.ukLabel }));
  if (line.customization) add('customization', line.customization);
  if (line.product.kind === 'membership' && line.process !== 'gift') {
    add('renewal', t(line.automaticRenewal ? 'cart:details.yes' : 'cart:details.no'));
  }
  if (line.documentType) {
    const files = line.documents.map((document) => document.fileName).join(', ');
    add('documents', `${t(`cart:details.documentType.${line.documentType}`)}${files ? ` (${files})` : ''}`);
  }
  return details;
}

export type CartLineView = Awaited<ReturnType<typeof lineView>>;

async function lineView(line: CartLine, customer: Customer, saved: readonly AddressSummary[], language: Language, t: TFunction) {
  const priceChanged = line.priceNowCents !== line.unitPriceCents;
  return {
    id: line.id,
    name: line.product.name[language],
    imageUrl: line.product.imageUrl,
    tagLabel: t(`cart:tag.${line.product.tag}`, { defaultValue: line.product.tag }),
    holder: holderOf(line, customer, t),
    price: formatPrice(line.priceNowCents, language),
    /** The price when the item was added, when it has changed since (the page explains it). */
    priceBefore: priceChanged ? formatPrice(line.unitPriceCents, language) : null,
    soldOut: line.soldOut,
    followUpRefusal: line.followUpRefusal === null ? null : t(`cart:item.followUpRefused.${line.followUpRefusal}`),
    details: detailsOf(line, t),
    modifyHref: modifyHref(line),
    needsShipping: line.needsShipping,
    shipping: line.shipping
      ? {
          temporary: line.shipping.kind === 'temporary',
          summary: await addressSummary(line.shipping.kind === 'saved' ? line.shipping.addressId : line.id, line.shipping.address, language),
        }
      : null,
    shippingRestriction: line.shippingRestriction,
    shippingRestrictionText: line.shippingRestriction ? t(`addresses:cartItem.restriction.${line.shippingRestriction}`) : null,
    shippingChoice: line.needsShipping ? itemShippingView(line, saved, language, t) : null,
    temporaryHref: temporaryAddressHref(line.id),
    needsWaiver: line.needsWaiver,
    waived: line.waivedAt !== null,
    // The waiver's text (issue 30): its page, linked under the box.
    waiverTextLink: line.needsWaiver ? withdrawalTextLink(t) : null,
  };
}

function discountLabel(discount: VoucherDiscount, language: Language): string {
  return discount.type === 'percentage' ? `${discount.percent}%` : formatPrice(discount.amountCents, language);
}

/**
 * The cart page's data: lines, voucher, totals and what blocks checkout. `saved`: the fan's
 * addresses, which each item that ships offers to switch to (none: checkout shows no choices).
 */
export async function cartPageData(view: CartPageView, customer: Customer, language: Language, t: TFunction, saved: readonly AddressSummary[] = []) {
  const money = (cents: number) => formatPrice(cents, language);
  const { totals } = view;
  return {
    lines: await Promise.all(view.lines.map((line) => lineView(line, customer, saved, language, t))),
    voucher: view.voucher
      ? { code: view.voucher.code, discount: discountLabel(view.voucher.discount, language), refusal: view.voucher.refusal }
      : null,
    totals: {
      subtotal: money(totals.subtotalCents),
      voucher: totals.voucherDiscountCents > 0 ? `−${money(totals.voucherDiscountCents)}` : null,
      shipping: money(totals.shippingCents),
      total: money(totals.totalCents),
    },
    blockers: view.blockers,
  };
}

/**
 * The notice after a change (shown for the cart snackbar's 10 s with JavaScript): what was done,
 * and any card the cart rules removed because its documents were missing.
 */
export function cartNotice(done: { key: string; values?: Record<string, string> }, effects: CartSideEffects, language: Language): Notice {
  const removed = effects.removedWithoutDocuments.map((name: LocalizedText) => name[language]);
  if (removed.length > 0) return { key: 'cart:notice.removedWithoutDocuments', values: { names: removed.join(', ') }, timing: 'cart' };
  return { ...done, timing: 'cart' };
}
