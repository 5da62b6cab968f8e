// Fixtures of the My Membership tests: memberships issued through the real order path (cart,
// checkout, payment, fulfilment), gifts redeemed through the gifts service, and — clearly apart —
// status moves written directly (one membership's activation; expiry, which nothing does yet).
import { eq } from 'drizzle-orm';
import type { Database } from '../../app/.server/db/client';
import { memberships } from '../../app/.server/db/schema';
import type { Services } from '../../app/.server/services';
import { payAndFulfil } from '../../app/.server/services/order-fulfilment';
import type { MembershipStatus } from '../../app/domain/membership-manage';
import type { GiftLink } from '../../app/.server/services/gifts-contract';
import { boyBornInRome, draftWith, type TestFan } from './cart';
import { giftRequest, paidGift } from './gifts';
import { addItem } from './cart-page';
import { addressOf, cardInCart, couponMembershipInCart, placeRequest } from './orders';
import { testFulfilment } from './services';

export type IssueContext = { services: Services; database: Database; now: () => Date };

/** Places the fan's cart (billed to `billingAddressId`), pays it when it costs something; the codes issued. */
async function checkOut({ services, database, now }: IssueContext, fan: TestFan, billingAddressId: string | null): Promise<string[]> {
  const placed = await services.orders.place(placeRequest(fan, { billingAddressId }));
  if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
  if (placed.value.status === 'awaiting_payment') {
    const paid = await database.db.transaction((tx) => payAndFulfil(tx, placed.value.orderId, testFulfilment(now())));
    if (!paid) throw new Error('not paid');
  }
  const order = await services.orders.find(fan.owner, placed.value.orderId);
  const codes = order?.lines.map((line) => line.membershipCode) ?? [];
  if (order?.status !== 'fulfilled' || codes.some((code) => code === null)) throw new Error(`not fulfilled: ${JSON.stringify(order)}`);
  return codes as string[];
}

/** Stadium for the fan themselves, with a coupon (costs nothing): holder and manager the fan. */
export async function stadiumForMyself(context: IssueContext, fan: TestFan): Promise<string> {
  const { billingAddressId } = await couponMembershipInCart(context.services, fan);
  const [code] = await checkOut(context, fan, billingAddressId);
  return code!;
}

/** A membership with a price for the fan themselves (waiver given unless `waive` is false), paid; `shipTo` for one that ships. */
async function paidForMyself(context: IssueContext, fan: TestFan, productId: string, shipTo: string | null, automaticRenewal = false, waive = true): Promise<string> {
  const addressId = await addressOf(context.services, fan);
  const itemId = await addItem(context.services, fan, productId, 'buy', { buyFor: 'BUY_CARD', automaticRenewal: automaticRenewal ? 'on' : '' });
  if (waive) {
    const waived = await context.services.cart.setWithdrawalWaiver(fan.owner, itemId, true);
    if (!waived.ok) throw new Error('waiver refused');
  }
  if (shipTo !== null) {
    const shipped = await context.services.cart.chooseShippingAddress(fan.owner, itemId, shipTo);
    if (!shipped.ok) throw new Error(`not shipped: ${JSON.stringify(shipped)}`);
  }
  const [code] = await checkOut(context, fan, addressId);
  return code!;
}

/**
 * Black & White (49.90 on promo; nothing shipped) for the fan themselves, paid; renewing itself
 * when asked; `waive: false` keeps the right of withdrawal (it starts once the 14 days are over).
 */
export function blackAndWhiteForMyself(context: IssueContext, fan: TestFan, { automaticRenewal = false, waive = true } = {}): Promise<string> {
  return paidForMyself(context, fan, 'black-and-white', null, automaticRenewal, waive);
}

/** J1897 (149.00; its welcome pack is shipped, to `shipTo`) for the fan themselves, paid. */
export function j1897ForMyself(context: IssueContext, fan: TestFan, shipTo: string): Promise<string> {
  return paidForMyself(context, fan, 'j1897', shipTo);
}

/** The club card (sizes 36…64, bought in 48) for the fan, shipped and billed to a new Italian address. */
export async function cardForMyself(context: IssueContext, fan: TestFan): Promise<string> {
  const addressId = await addressOf(context.services, fan);
  await cardInCart(context.services, fan, addressId, 'jcard-48');
  const [code] = await checkOut(context, fan, addressId);
  return code!;
}

/** Junior bought on behalf of Luca (born 2018): the fan manages it, nobody signed in holds it. */
export async function juniorOnBehalf(context: IssueContext, fan: TestFan): Promise<string> {
  const addressId = await addressOf(context.services, fan);
  const itemId = await addItem(context.services, fan, 'junior', 'buy', boyBornInRome('2018-05-05'));
  const waived = await context.services.cart.setWithdrawalWaiver(fan.owner, itemId, true);
  if (!waived.ok) throw new Error('waiver refused');
  const [code] = await checkOut(context, fan, addressId);
  return code!;
}

/** Each gift's link as its recipient's mail brings it, by membership code. */
const giftLinks = new Map<string, GiftLink>();
let gifts = 0;

/**
 * Black & White (holders from 14) given by the fan to a friend by e-mail, paid: the fan is its
 * gifter, it has no manager yet. Its link is kept for `redeemGift`.
 */
export async function blackAndWhiteAsGift({ services, database, now }: IssueContext, fan: TestFan): Promise<string> {
  gifts += 1;
  const link = await paidGift(database, services, fan, 'black-and-white', `membership-gift-${gifts}@example.org`, now());
  giftLinks.set(link.membershipCode, link);
  return link.membershipCode;
}

/**
 * The gift redeemed through its link by `redeemer`, who then chooses its holder: themselves
 * (their profile), or a boy born in 2011 they look after.
 */
export async function redeemGift({ services }: IssueContext, code: string, redeemer: TestFan, { forMyself }: { forMyself: boolean }): Promise<void> {
  const link = giftLinks.get(code);
  if (!link) throw new Error(`no gift link for ${code}`);
  const redeemed = await services.gifts.redeem(giftRequest(redeemer, link));
  if (!redeemed.ok) throw new Error(`not redeemed: ${JSON.stringify(redeemed)}`);
  const draft = draftWith(forMyself ? { buyFor: 'BUY_CARD' } : boyBornInRome('2011-05-01'));
  const activated = await services.gifts.activate({ ...giftRequest(redeemer, link), draft });
  if (!activated.ok) throw new Error(`not activated: ${JSON.stringify(activated)}`);
}

/**
 * Moves one membership to `status`: what the activation job does on the season's first day
 * (tested in membership-activation.test.ts), here for one membership without touching the
 * file's others; and STAND-IN for expiry, which nothing does yet.
 */
export async function setMembershipStatus(database: Database, code: string, status: MembershipStatus): Promise<void> {
  const moved = await database.db.update(memberships).set({ status }).where(eq(memberships.code, code)).returning({ id: memberships.id });
  if (moved.length !== 1) throw new Error(`no membership ${code}`);
}

/** The membership's stored renewal preferences (what the manage call keeps). */
export async function preferencesOf(database: Database, code: string) {
  const [row] = await database.db
    .select({
      shippingAddress: memberships.shippingAddress,
      billingAddress: memberships.billingAddress,
      preferredVariantSize: memberships.preferredVariantSize,
      automaticRenewal: memberships.automaticRenewal,
    })
    .from(memberships)
    .where(eq(memberships.code, code));
  return row;
}

