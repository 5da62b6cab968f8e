// Fixtures of the reload-docs tests: a club card bought and paid by a fan, and the route's
// loader and action run as the router runs them (language middleware, then the secured layout's).
import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { requireCustomerMiddleware } from '../../app/.server/auth/guards';
import type { Database } from '../../app/.server/db/client';
import { orderItemDocuments, productVariants } from '../../app/.server/db/schema';
import type { Services } from '../../app/.server/services';
import { payAndFulfil } from '../../app/.server/services/order-fulfilment';
import type { ReloadDocsLinks } from '../../app/.server/services/reload-docs-link';
import { i18nextMiddleware } from '../../app/middleware/i18next';
import type { TestFan } from './cart';
import type { Clock } from '../../app/.server/clock';
import { addressOf, cardInCart, placeRequest } from './orders';
import { TEST_PUBLIC_URL } from './services';

export type PaidCard = { orderId: string; itemId: string };

/** A club card (with a front) in the fan's cart, ordered and, unless `paid: false`, paid and fulfilled. */
export async function cardOrdered(
  database: Database,
  services: Services,
  fan: TestFan,
  { clock, links, paid = true }: { clock: Clock; links: ReloadDocsLinks; paid?: boolean },
): Promise<PaidCard> {
  // Plenty of cards: every test buys one of the same size.
  await database.db.update(productVariants).set({ stockQty: 100 }).where(eq(productVariants.id, 'jcard-48'));
  const addressId = await addressOf(services, fan);
  await cardInCart(services, fan, addressId);
  const placed = await services.orders.place(placeRequest(fan, { billingAddressId: addressId }));
  if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
  const order = await services.orders.find(fan.owner, placed.value.orderId);
  const itemId = order?.lines[0]?.id;
  if (!itemId) throw new Error('no order line');
  if (paid) await payOrder(database, placed.value.orderId, { clock, links });
  return { orderId: placed.value.orderId, itemId };
}

/** The PSP's authorisation arriving for the order (payment-settlement.ts does this). */
export async function payOrder(database: Database, orderId: string, { clock, links }: { clock: Clock; links: ReloadDocsLinks }): Promise<boolean> {
  return database.db.transaction((tx) => payAndFulfil(tx, orderId, { now: clock.now(), publicUrl: TEST_PUBLIC_URL, reloadDocs: links }));
}

export function documentRowsOf(database: Database, itemId: string) {
  return database.db.select().from(orderItemDocuments).where(eq(orderItemDocuments.orderItemId, itemId)).orderBy(orderItemDocuments.side);
}

type RouteFunction = (args: never) => Promise<unknown>;

export type RouteAnswer = { status: number; location: string | null; data: unknown };

/**
 * Runs a loader or action for `path` (English) as the router would for a secured page; a thrown
 * or returned answer is turned into its status, redirect target and data.
 */
export async function runSecured(
  context: RouterContextProvider,
  handler: RouteFunction,
  path: string,
  init: { cookie?: string; body?: FormData; params?: Record<string, string> } = {},
): Promise<RouteAnswer> {
  const cookie = ['jc_prf_lng=en', init.cookie].filter(Boolean).join('; ');
  const request = new Request(`http://shop.test${path}`, { method: init.body ? 'POST' : 'GET', headers: { Cookie: cookie }, body: init.body });
  const args = { request, context, params: init.params ?? {}, unstable_pattern: path } as never;
  let answer: unknown;
  const run = async () => {
    answer = await handler(args);
    return new Response(null);
  };
  try {
    await i18nextMiddleware(args, async () => (await requireCustomerMiddleware(args, run)) ?? new Response(null));
  } catch (error) {
    answer = error;
  }
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get('Location'), data: null };
  const init_ = (answer as { init?: ResponseInit | null; data?: unknown } | undefined)?.init;
  if (init_ !== undefined) return { status: init_?.status ?? 200, location: null, data: (answer as { data: unknown }).data };
  return { status: 200, location: null, data: answer };
}
