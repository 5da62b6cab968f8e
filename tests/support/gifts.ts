// Fixtures of the gift tests: a gift bought, paid and fulfilled through the real order use
// cases, and its link as the recipient's mail carries it.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../app/.server/db/client';
import { mailOutbox } from '../../app/.server/db/schema';
import type { Services } from '../../app/.server/services';
import type { GiftLink } from '../../app/.server/services/gifts-contract';
import { GIFT_REDEMPTION_TERMS } from '../../app/domain/gift-redemption';
import { payAndFulfil } from '../../app/.server/services/order-fulfilment';
import type { TestFan } from './cart';
import { addItem, giftTo } from './cart-page';
import { addressOf, placeRequest } from './orders';
import { testFulfilment } from './services';

/**
 * `productId` given by `gifter` to `recipientEmail`, paid: the link from the mail the recipient
 * got (the only place the gift code exists). One gift per recipient address.
 */
export async function paidGift(database: Database, services: Services, gifter: TestFan, productId: string, recipientEmail: string, now: Date): Promise<GiftLink> {
  const addressId = await addressOf(services, gifter);
  await addItem(services, gifter, productId, 'gift', giftTo(recipientEmail));
  const placed = await services.orders.place(placeRequest(gifter, { billingAddressId: addressId }));
  if (!placed.ok) throw new Error(`gift not ordered: ${JSON.stringify(placed)}`);
  await database.db.transaction((tx) => payAndFulfil(tx, placed.value.orderId, testFulfilment(now)));
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, recipientEmail), eq(mailOutbox.kind, 'gift-delivery')));
  const link = /\/redeem-gift\?code=([0-9A-Z]+)&giftCode=([0-9A-Z]{16})/.exec(mail?.textBody ?? '');
  if (!link?.[1] || !link[2]) throw new Error(`no gift link mailed to ${recipientEmail}`);
  return { membershipCode: link[1], giftCode: link[2] };
}

/** Both terms boxes of the redeem step, ticked. */
export const BOTH_TERMS: ReadonlySet<string> = new Set(GIFT_REDEMPTION_TERMS.map((term) => term.name));

/** A request of the gifts service by `fan` for `link`; taking it on, with `acceptedTerms` (both by default). */
export function giftRequest(fan: TestFan, link: GiftLink, acceptedTerms: ReadonlySet<string> = BOTH_TERMS) {
  return { owner: fan.owner, link, ip: fan.ip, acceptedTerms };
}
