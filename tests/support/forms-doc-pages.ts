// The pages docs/forms.md describes, made real for its test: one signed-in fan (Mario Rossi, in
// English) with what every documented page needs — saved addresses, a cart that nothing blocks,
// memberships to renew and upgrade, an order awaiting payment, a paid club card's reload-docs
// link, a gift to redeem, a notify-me request — and, for each documented address, the pages to open.
import { randomUUID } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import type { Clock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { paymentReturns } from '../../app/.server/db/schema';
import type { Services } from '../../app/.server/services';
import type { CartOwner } from '../../app/.server/services/cart-contract';
import { returnKey } from '../../app/.server/services/payment-returns';
import { createReloadDocsLinks } from '../../app/.server/services/reload-docs-link';
import { shopContext } from '../../app/context';
import { reloadDocsPath } from '../../app/domain/reload-docs';
import { MARIO_PROFILE, newFan, type TestFan } from './cart';
import { addItem, giftTo, savedAddressIn } from './cart-page';
import { giftRequest, paidGift } from './gifts';
import { blackAndWhiteForMyself, cardForMyself, stadiumForMyself } from './memberships';
import { couponMembershipInCart, placeRequest } from './orders';
import { cardOrdered, documentRowsOf } from './reload-docs';
import { serviceDepsFor } from './services';
import { signedInCookie } from './signed-in';

export type Page = { path: string; cookie: string };

export type DocumentedPages = {
  /** Documented address (its path, `{…}` as written) → the pages that show its forms. */
  pages: Record<string, Page[]>;
  /** The fans the redirects table's requests are sent as: `free` has a cart that costs nothing, `blocked` one without an address. */
  cookies: { fan: string; free: string; blocked: string };
  /** What the redirects table's `{…}` stand for. */
  values: Record<string, string>;
};

const key = () => `submission=${randomUUID()}`;

async function signedInFan(context: RouterContextProvider, subject: string): Promise<TestFan & { cookie: string; customerId: string }> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await context.get(shopContext).services.customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: `2001:db8::f${subject.length}`, cookie, customerId: customer.id };
}

export async function documentedPages(database: Database, context: RouterContextProvider, clock: Clock): Promise<DocumentedPages> {
  const services = context.get(shopContext).services;
  const issue = { services, database, now: () => clock.now() };
  const fan = await signedInFan(context, 'forms-doc');
  const { cookie, customerId } = fan;

  // Memberships first (each is checked out), then what stays in the cart.
  const stadium = await stadiumForMyself(issue, fan);
  const blackAndWhite = await blackAndWhiteForMyself(issue, fan);
  const card = await cardForMyself(issue, fan);
  const links = createReloadDocsLinks(serviceDepsFor(database).config);
  const paidCard = await cardOrdered(database, services, fan, { clock, links });
  const front = (await documentRowsOf(database, paidCard.itemId)).find((row) => row.side === 'FRONT');
  const reloadDocs = reloadDocsPath(links.linkOf(paidCard.itemId, front?.id ?? null, clock.now()));
  // An order awaiting payment: placed from a cart of its own, then the cart is filled again.
  await addItem(services, fan, 'kids', 'gift', { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'pay-later@example.org' });
  const turin = (await services.addresses.create(customerId, savedAddressIn('IT'))).id;
  const paris = (await services.addresses.create(customerId, savedAddressIn('FR', 'Paris'))).id;
  const placed = await services.orders.place(placeRequest(fan, { billingAddressId: turin }));
  if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);

  const gifter = await newFan(services, 'forms-doc-gifter');
  const gift = await paidGift(database, services, gifter, 'black-and-white', 'forms-doc@example.org', clock.now());
  const redeem = `/redeem-gift?code=${gift.membershipCode}&giftCode=${gift.giftCode}`;
  // A second gift, taken on: its page asks who holds it.
  const taken = await paidGift(database, services, gifter, 'junior', 'forms-doc-2@example.org', clock.now());
  if (!(await services.gifts.redeem(giftRequest(fan, taken))).ok) throw new Error('gift not redeemed');
  const holderChoice = `/redeem-gift?code=${taken.membershipCode}&giftCode=${taken.giftCode}`;

  const welcomePack = await addItem(services, fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
  const shipped = await services.cart.chooseShippingAddress(fan.owner, welcomePack, turin);
  if (!shipped.ok) throw new Error('not shipped');
  for (const product of ['young', 'junior']) await services.catalogue.markSoldOut(product);
  await services.notifyMe.subscribe(customerId, 'young', 'en');

  // Other carts: with a voucher (its remove button), costing nothing, and missing an address.
  const withVoucher = await signedInFan(context, 'forms-doc-voucher');
  await addItem(services, withVoucher, 'kids', 'gift', giftTo('voucher@example.org'));
  if (!(await services.cart.applyVoucher(withVoucher.owner, 'SCONTO10', { ip: withVoucher.ip })).ok) throw new Error('voucher refused');
  const free = await signedInFan(context, 'forms-doc-free');
  await couponMembershipInCart(services, free);
  const blocked = await signedInFan(context, 'forms-doc-blocked');
  await addItem(services, blocked, 'j1897', 'buy', { buyFor: 'BUY_CARD' });

  // An item of the fan's paid orders that may still be withdrawn (its receipt's choice, its confirmation).
  const withdrawable = await withdrawableItemOf(services, fan.owner);

  // A 3-D Secure result the PSP posted back and the shop has asked of it already (these services
  // have no PSP to ask): posted again, it is read, not asked again.
  const postedResult = 'X6XtfGC3-forms-doc';
  const now = clock.now();
  await database.db.insert(paymentReturns).values({ key: returnKey('redirect', postedResult), kind: 'redirect', state: 'resolved', paymentId: null, claimedUntil: now, createdAt: now, resolvedAt: now });

  const as = (who: { cookie: string }) => (path: string): Page => ({ path, cookie: who.cookie });
  const mine = as(fan);

  return {
    cookies: { fan: cookie, free: free.cookie, blocked: blocked.cookie },
    values: { '{id}': 'j1897', '{code}': blackAndWhite, '{itemId}': welcomePack, '{addressId}': turin, '{giftCode}': gift.giftCode, '{giftMembership}': gift.membershipCode, '{productId}': 'young', '{redirectResult}': postedResult },
    pages: mapPages(mine, {
      '/logout/do': ['/logout/do'],
      '/account/profile/complete': ['/account/profile/complete?fields=taxcode,phone&redirectUri=/cart'],
      '/account/addresses': ['/account/addresses'],
      '/account/addresses/new': ['/account/addresses/new'],
      '/account/addresses/{id}': [`/account/addresses/${turin}`, `/account/addresses/${paris}`],
      '/account/addresses/choose': ['/account/addresses/choose?address_type=shipping&redirect_uri=/cart'],
      '/mymembership/manage/{code}/renewal': [`/mymembership/manage/${blackAndWhite}/renewal`, `/mymembership/manage/${blackAndWhite}/renewal?tab=billing`, `/mymembership/manage/${card}/renewal`],
      '/products/{id}/configure/{buy|gift|coupon}': [
        `/products/j1897/configure/buy?${key()}`,
        `/products/kids/configure/buy?buyFor=BUY_ON_BEHALF&${key()}`,
        `/products/kids/configure/gift?${key()}`,
        `/products/stadium/configure/coupon?${key()}`,
        `/products/jcard/configure/buy?${key()}`,
        // The holder's tax code is the club card's only (catalogue-cart §2).
        `/products/jcard/configure/buy?buyFor=BUY_ON_BEHALF&${key()}`,
      ],
      '/coupon': ['/coupon'],
      '/cart': ['/cart', as(withVoucher)('/cart')],
      '/cart/{itemId}': [`/cart/${welcomePack}`],
      '/cart/{itemId}/temporary': [`/cart/${welcomePack}/temporary`],
      '/checkout': ['/checkout', as(withVoucher)('/checkout')],
      '/payment': [`/payment?orderId=${placed.value.orderId}`],
      '/redeem-gift': [redeem, holderChoice, `${holderChoice}&buyFor=BUY_ON_BEHALF`],
      '/products/{id}/upgrade/{membershipCode}': [`/products/black-and-white/upgrade/${stadium}?${key()}`],
      '/products/{id}/renewal/{membershipCode}': [`/products/black-and-white/renewal/${blackAndWhite}?${key()}`],
      '/reload-docs': [reloadDocs],
      '/account/orders/{orderId}/withdrawal': [`/account/orders/${withdrawable.orderId}/withdrawal`, `/account/orders/${withdrawable.orderId}/withdrawal?item=${withdrawable.itemId}`],
      '/products/{id}/notify-me': ['/products/junior/notify-me'],
      '/account/notify-me': ['/account/notify-me'],
      '/dev/outbox': ['/dev/outbox'],
      '/dev/stock': ['/dev/stock'],
      '/dev/coupons': ['/dev/coupons'],
      '/dev/vouchers': ['/dev/vouchers'],
      '/dev/reload-docs': ['/dev/reload-docs'],
      '/dev/components': ['/dev/components'],
    }),
  };
}

async function withdrawableItemOf(services: Services, owner: CartOwner): Promise<{ orderId: string; itemId: string }> {
  for (const summary of await services.orders.list(owner)) {
    const order = await services.orders.find(owner, summary.id);
    const line = order?.lines.find((candidate) => candidate.withdrawable !== null);
    if (order && line) return { orderId: order.id, itemId: line.id };
  }
  throw new Error('no withdrawable item in the fan’s orders');
}

function mapPages(mine: (path: string) => Page, pages: Record<string, (string | Page)[]>): Record<string, Page[]> {
  return Object.fromEntries(Object.entries(pages).map(([pattern, list]) => [pattern, list.map((page) => (typeof page === 'string' ? mine(page) : page))]));
}
