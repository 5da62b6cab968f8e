// `npm run bench`'s payment round trip figure, on one database per run: what a fan's card
// payment costs the shop and the PSP end to end, offline. One HTTP server in this process carries
// the Adyen-compatible simulator and the shop's webhook endpoint (tests/support/payments.ts, as
// the payment tests run them); a round trip is the shop asking the simulator for a hosted session
// (services.payments.startHosted, through @adyen/api-library), the fan's browser opening that
// page and posting Adyen's test card (fetch, following the 303 back to the shop's return URL),
// and the shop reading the session's result, which pays and fulfils the order
// (services.payments.readReturn). The orders are placed beforehand. The run itself (database,
// warm-up, phases, JSON out) is in-process.ts's.
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { mailOutbox, memberships, orderItems, orders, paymentEvents, pspSimWebhooks } from '../../app/.server/db/schema';
import type { Services } from '../../app/.server/services';
import type { CartOwner } from '../../app/.server/services/cart-contract';
import { newFan } from '../../tests/support/cart';
import { addressOf, giftInCart, placeRequest } from '../../tests/support/orders';
import { HostedPayer, startPaymentsStage, testCard, type PaymentsStage } from '../../tests/support/payments';
import { inParallel, progress, runInProcessBench } from './in-process';

type AwaitingOrder = { owner: CartOwner; orderId: string };

/** How long the shop may take to act on the webhooks it accepted (it answers first, then acts). */
const WEBHOOK_SETTLE_MS = 30_000;

/** Fan number `index` with a 15 € Kids gift ordered, billed to a saved Italian address, awaiting payment. */
async function awaitingOrder(services: Services, index: number): Promise<AwaitingOrder> {
  const fan = await newFan(services, `bench-payer-${index}`);
  await giftInCart(services, fan);
  const billingAddressId = await addressOf(services, fan);
  const placed = await services.orders.place(placeRequest(fan, { billingAddressId }));
  if (!placed.ok || placed.value.status !== 'awaiting_payment') throw new Error(`bench: an order to pay was not placed: ${JSON.stringify(placed)}`);
  return { owner: fan.owner, orderId: placed.value.orderId };
}

/** One round trip; throws unless the shop answers that the order is paid. */
async function pay(stage: PaymentsStage, payer: HostedPayer, order: AwaitingOrder): Promise<void> {
  const started = await stage.services.payments.startHosted(order.owner, { orderId: order.orderId, method: 'scheme', language: 'it' });
  if (!started.ok) throw new Error(`bench: no payment session for order ${order.orderId}: ${started.reason}`);
  const back = await payer.submit(await payer.open(started.value.url), '/card', testCard('APPROVED'));
  if (!back.returnUrl) throw new Error(`bench: the approved card left the fan on the PSP's page (HTTP ${back.status}) for order ${order.orderId}`);
  const answer = await stage.services.payments.readReturn({ sessionId: back.returnUrl.searchParams.get('sessionId') ?? '', sessionResult: back.returnUrl.searchParams.get('sessionResult') });
  if (answer.kind !== 'paid') throw new Error(`bench: back at the shop, order ${order.orderId} is not paid: ${JSON.stringify(answer)}`);
}

/**
 * After the phases: the webhooks the simulator held back (its delivery loop is off while timing),
 * delivered to the shop's endpoint; then every order must still be fulfilled, with exactly one
 * membership and one confirmation mail — the webhook settles what the return path already did.
 */
async function deliverWebhooksAndCheck(stage: PaymentsStage, database: Database, paid: readonly AwaitingOrder[]) {
  const { db } = database;
  let delivered = 0;
  for (let pass = await stage.simulator.deliverDue(); pass > 0; pass = await stage.simulator.deliverDue()) delivered += pass;
  const undelivered = await db.select({ eventCode: pspSimWebhooks.eventCode, lastError: pspSimWebhooks.lastError }).from(pspSimWebhooks).where(isNull(pspSimWebhooks.deliveredAt));
  if (undelivered.length > 0) throw new Error(`bench: ${undelivered.length} webhook(s) not accepted by the shop, e.g. ${JSON.stringify(undelivered[0])}`);
  const unprocessed = () => db.select({ n: count() }).from(paymentEvents).where(isNull(paymentEvents.processedAt));
  for (let waited = 0; ((await unprocessed())[0]?.n ?? 0) > 0; waited += 50) {
    if (waited >= WEBHOOK_SETTLE_MS) throw new Error(`bench: the shop did not act on its webhooks within ${WEBHOOK_SETTLE_MS / 1000} s`);
    await sleep(50);
  }

  const ids = paid.map((order) => order.orderId);
  const notFulfilled = (await db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids))).filter((order) => order.status !== 'fulfilled');
  const membershipCounts = await db
    .select({ orderId: orderItems.orderId, n: count() })
    .from(memberships)
    .innerJoin(orderItems, eq(memberships.orderItemId, orderItems.id))
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.orderId);
  const notOneMembership = ids.filter((id) => membershipCounts.find((row) => row.orderId === id)?.n !== 1);
  const mailed = new Set((await db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(inArray(mailOutbox.dedupeKey, ids.map(confirmationKey)))).map((row) => row.key));
  const notMailed = ids.filter((id) => !mailed.has(confirmationKey(id)));
  if (notFulfilled.length + notOneMembership.length + notMailed.length > 0) {
    throw new Error(`bench: after the webhooks, orders not fulfilled exactly once: ${JSON.stringify({ notFulfilled, notOneMembership, notMailed }).slice(0, 2000)}`);
  }
  return { webhooksDelivered: delivered, ordersFulfilledOnce: ids.length };
}

/** The confirmation mail's key in the outbox (one per order: the key is unique). */
const confirmationKey = (orderId: string) => `order-confirmation:${orderId}`;

runInProcessBench<AwaitingOrder>({
  noun: 'payments',
  async prepare({ kind, database, onCleanup }, total) {
    // Delivery loop off (the stage's deliveryIntervalMs: 0): the webhooks wait for afterwards.
    const stage = await startPaymentsStage(database, systemClock);
    onCleanup(() => stage.close());
    const payer = new HostedPayer(stage.publicUrl);
    const awaiting = await inParallel(total, 4, (index) => awaitingOrder(stage.services, index));
    return {
      items: awaiting,
      act: (order) => pay(stage, payer, order),
      async afterwards() {
        progress(`${kind}: delivering the held-back webhooks, checking every order is fulfilled once`);
        return deliverWebhooksAndCheck(stage, database, awaiting);
      },
    };
  },
});
