// The edit form's prefill (`?cartItem=`): a stored item written back as the form's fields, so
// that submitting it unchanged saves the same item again.
import type { ConfigureDraft } from '../../domain/configure';
import { formatCouponCode } from '../../domain/coupon-code';
import { HOLDER_FIELDS, type HolderDraft } from '../../domain/holder-draft';
import type { CartItemView, ConfigureDraftOf } from './cart-contract';

const NO_HOLDER = Object.fromEntries(HOLDER_FIELDS.map((field) => [field, ''])) as HolderDraft;

/** Only the holder's fields, each a string, whatever else the stored JSON holds. */
function holderFieldsOf(holder: HolderDraft): HolderDraft {
  return Object.fromEntries(HOLDER_FIELDS.map((field) => [field, typeof holder[field] === 'string' ? holder[field] : ''])) as HolderDraft;
}

/**
 * Holder fields are '' for myself and for a gift: for myself the form shows the profile
 * read-only, and the service never reads typed holder fields then anyway.
 */
export const draftOf: ConfigureDraftOf = (item: CartItemView): ConfigureDraft => {
  const gift = item.gift;
  const contact = gift?.recipient === 'someone' ? gift.contact : null;
  return {
    buyFor: item.buyFor ?? '',
    ...(item.buyFor === 'BUY_ON_BEHALF' && item.holder ? holderFieldsOf(item.holder) : NO_HOLDER),
    couponCode: item.couponCode ? formatCouponCode(item.couponCode) : '',
    automaticRenewal: item.automaticRenewal ? 'on' : '',
    variantId: item.variantId ?? '',
    customization: item.customization ?? '',
    documentType: item.documentType ?? '',
    giftRecipient: gift?.recipient ?? '',
    giftMessage: gift?.message ?? '',
    giftContactType: contact?.type ?? '',
    giftEmail: contact?.type === 'EMAIL' ? contact.email : '',
    giftPhone: contact?.type === 'PHONE' ? contact.phone : '',
  };
};
