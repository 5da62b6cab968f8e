/**
 * Where a gift's redemption link goes once the gift is paid (issue 15; spec §5 "Gift"): to the
 * recipient's e-mail, or to the gifter, who passes it on — when they chose "to myself", and for
 * now when they gave a phone number (no text-message channel yet: the gifter's confirmation
 * says to pass the link on). Pure: fulfilment writes the mail.
 */
import type { Gift } from './gift';

export const REDEEM_GIFT_PATH = '/redeem-gift';

/** The spec's redemption link: `/redeem-gift?code={membership code}&giftCode={gift code}`. */
export function redeemGiftPath(membershipCode: string, giftCode: string): string {
  return `${REDEEM_GIFT_PATH}?${new URLSearchParams({ code: membershipCode, giftCode }).toString()}`;
}

export type GiftDelivery = { to: 'recipient'; email: string } | { to: 'gifter'; phone: string | null };

export function giftDeliveryOf(gift: Gift): GiftDelivery {
  if (gift.recipient === 'myself') return { to: 'gifter', phone: null };
  return gift.contact.type === 'EMAIL' ? { to: 'recipient', email: gift.contact.email } : { to: 'gifter', phone: gift.contact.phone };
}
