// The payments fault suite (issue 29): what a careful tester does to the money — presses at once,
// two tabs, webhooks replayed, reordered and delivered to two instances at once, an amount that
// is not the order's, a payment after the order expired. On PGlite and PostgreSQL (the second run
// is the one with real concurrency); two shop instances on one database where it matters. Each
// case asserts: one payment kept per order, every other one given back, one confirmation mail,
// stock exact, nothing fulfilled twice.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { mailOutbox, memberships, orderItems, orderNotes, orders, paymentReversals, productVariants, pspSimPayments, pspSimWebhooks } from '../app/.server/db/schema';
import { startPaymentsJob } from '../app/.server/jobs/payments';
import { createLogger } from '../app/.server/logger';
import { ORDER_PAYMENT_WINDOW_MS } from '../app/domain/order-status';
import { newFan, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, cardInCart, placeRequest } from './support/orders';
import { adminUrl, postgresTestUrl } from './support/postgres';
import { HostedPayer, startPaymentsStage, testCard, type HostedStep, type PaymentsStage } from './support/payments';

let database: Database;
let stage: PaymentsStage;
let payer: HostedPayer;
const clock = manualClock('2026-12-01T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  stage = await startPaymentsStage(database, clock);
  payer = new HostedPayer(stage.publicUrl);
});

afterAll(async () => {
  await stage?.close();
  await database?.close();
});

const CARD_VARIANT = 'jcard-48';
const stockOf = async () => (await database.db.select({ stock: productVariants.stockQty }).from(productVariants).where(eq(productVariants.id, CARD_VARIANT)))[0]!.stock;
const orderOf = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const membershipsOf = async (orderId: string) =>
  (await database.db.select({ n: count() }).from(memberships).innerJoin(orderItems, eq(memberships.orderItemId, orderItems.id)).where(eq(orderItems.orderId, orderId)))[0]!.n;
const mailsTo = async (dedupeKeyStart: string) => (await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox)).filter((mail) => mail.key.startsWith(dedupeKeyStart)).length;
const reversalsOf = (orderId: string) => database.db.select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId));
const notesOf = async (orderId: string) => (await database.db.select({ key: orderNotes.key }).from(orderNotes).where(eq(orderNotes.orderId, orderId))).map((note) => note.key).sort();

/** A fan with a club card ordered (10 €, one unit of stock reserved), awaiting payment. */
async function awaitingOrder(tag: string): Promise<{ fan: TestFan; orderId: string }> {
  const fan = await newFan(stage.services, tag);
  const addressId = await addressOf(stage.services, fan);
  await cardInCart(stage.services, fan, addressId, CARD_VARIANT);
  const placed = await stage.services.orders.place(placeRequest(fan, { billingAddressId: addressId }));
  if (!placed.ok || placed.value.status !== 'awaiting_payment') throw new Error(`not placed: ${JSON.stringify(placed)}`);
  return { fan, orderId: placed.value.orderId };
}

/** A tab's hosted page for the order; `method` apart, a second tab's click opens an attempt of its own. */
async function hostedPage(fan: TestFan, orderId: string, method: 'scheme' | 'paypal'): Promise<HostedStep> {
  const started = await stage.services.payments.startHosted(fan.owner, { orderId, method, language: 'en' });
  if (!started.ok) throw new Error(`no session: ${started.reason}`);
  return payer.open(started.value.url);
}

/** Pays on the hosted page (card or PayPal); where the PSP sends the fan back. */
async function payOn(page: HostedStep, method: 'scheme' | 'paypal'): Promise<URL> {
  const back = method === 'scheme' ? await payer.submit(page, '/card', testCard('APPROVED')) : await payer.submit(await payer.submit(page, '/paypal', {}), /\/paypal\/[^/]+$/, { decision: 'approve' });
  if (!back.returnUrl) throw new Error(`not back at the shop (${back.status})`);
  return back.returnUrl;
}

const returnOf = (url: URL, services = stage.services) => services.payments.readReturn({ sessionId: url.searchParams.get('sessionId') ?? '', sessionResult: url.searchParams.get('sessionResult') });

/** The payments the PSP authorised for the order (its attempts' references are `{number}-{attempt}`). */
async function authorisedAtPsp(orderId: string) {
  const { number } = await orderOf(orderId);
  return (await database.db.select().from(pspSimPayments).where(eq(pspSimPayments.resultCode, 'Authorised'))).filter((payment) => payment.merchantReference.startsWith(`${number}-`));
}

/** The signed items the simulator queued about these payments, as it would post them. */
async function queuedItems(pspReferences: string[], eventCode: string): Promise<Record<string, unknown>[]> {
  const rows = await database.db
    .select({ item: pspSimWebhooks.item })
    .from(pspSimWebhooks)
    .where(and(inArray(pspSimWebhooks.paymentPspReference, pspReferences), eq(pspSimWebhooks.eventCode, eventCode)));
  return rows.map((row) => row.item);
}

const body = (item: Record<string, unknown>) => ({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });

/** Posts one item to both instances at the same moment, as a retried delivery may. */
async function toBothInstances(item: Record<string, unknown>): Promise<void> {
  const answers = await Promise.all([stage.postWebhook(body(item), 'first'), stage.postWebhook(body(item), 'second')]);
  expect(answers).toEqual([
    { status: 200, text: '[accepted]' },
    { status: 200, text: '[accepted]' },
  ]);
}

/** Everything the simulator still owes the shop (the reversals' outcomes, replays), delivered, and the shop done with it. */
async function deliverAll(): Promise<void> {
  // What a delivery makes the shop do (a reversal) makes the PSP owe more: until nothing is left.
  for (let round = 0; round < 5; round++) {
    await stage.idle();
    // Past the simulator's first retry wait, well within an order's 30 minutes.
    clock.advance(60_000);
    if ((await stage.simulator.deliverDue()) === 0) return;
  }
  throw new Error('the simulator kept owing webhooks');
}

/** The order's money as it must end after two good payments: one kept, the other given back and confirmed, each fan mail once. */
async function expectOneKeptOneGivenBack(orderId: string, authorised: string[]): Promise<void> {
  const order = await orderOf(orderId);
  expect(order.status).toBe('fulfilled');
  expect(authorised).toContain(order.paidByPspReference);
  const givenBack = authorised.filter((psp) => psp !== order.paidByPspReference);
  expect((await reversalsOf(orderId)).map((reversal) => [reversal.pspReference, reversal.reason, reversal.sentAt !== null])).toEqual(givenBack.map((psp) => [psp, 'duplicate', true]));
  const atPsp = await database.db.select({ psp: pspSimPayments.pspReference, code: pspSimPayments.resultCode }).from(pspSimPayments).where(inArray(pspSimPayments.pspReference, authorised));
  expect(atPsp.every((payment) => payment.code === 'Authorised')).toBe(true);
  expect(await membershipsOf(orderId)).toBe(1);
  expect(await mailsTo(`order-confirmation:${orderId}`)).toBe(1);
  for (const psp of givenBack) expect(await mailsTo(`payment-cancelled:${psp}`)).toBe(1);
  // A duplicate given back needs no person: support hears nothing.
  expect(await mailsTo(`support:${orderId}`)).toBe(0);
  expect(await notesOf(orderId)).toEqual([`paid:${order.paidByPspReference}`, ...givenBack.flatMap((psp) => [`reversal-confirmed:${psp}`, `reversal-requested:${psp}`])].sort());
}

describe('the payments fault suite', () => {
  it('three presses of the hosted card form at once: one authorisation, one fulfilment, one unit of stock', async () => {
    const stockBefore = await stockOf();
    const { fan, orderId } = await awaitingOrder('three-presses');
    const page = await hostedPage(fan, orderId, 'scheme');
    const backs = await Promise.all([1, 2, 3].map(() => payer.submit(page, '/card', testCard('APPROVED'))));
    const returns = backs.flatMap((back) => (back.returnUrl ? [back.returnUrl] : []));
    expect(returns.length).toBeGreaterThan(0);
    const authorised = (await authorisedAtPsp(orderId)).map((payment) => payment.pspReference);
    expect(authorised).toHaveLength(1);
    // Every tab comes back to the same answer, on either instance.
    const seen = await Promise.all(returns.map((url, index) => returnOf(url, index % 2 === 0 ? stage.services : stage.other)));
    expect(seen.map((found) => found.kind)).toEqual(returns.map(() => 'paid'));
    await deliverAll();
    expect(await orderOf(orderId)).toMatchObject({ status: 'fulfilled', paidByPspReference: authorised[0] });
    expect(await reversalsOf(orderId)).toEqual([]);
    expect(await membershipsOf(orderId)).toBe(1);
    expect(await mailsTo(`order-confirmation:${orderId}`)).toBe(1);
    expect(await stockOf()).toBe(stockBefore - 1);
  });

  it('two tabs pay one order, and both come back at once on two instances: one payment kept, the other given back, the fan told', async () => {
    const stockBefore = await stockOf();
    const { fan, orderId } = await awaitingOrder('two-tabs');
    const [card, paypal] = [await hostedPage(fan, orderId, 'scheme'), await hostedPage(fan, orderId, 'paypal')];
    const [cardBack, paypalBack] = [await payOn(card, 'scheme'), await payOn(paypal, 'paypal')];
    const seen = await Promise.all([returnOf(cardBack, stage.services), returnOf(paypalBack, stage.other)]);
    expect(seen.map((found) => found.kind).sort()).toEqual(['paid', 'paid-twice']);
    // A refresh of either tab, on either instance, reads what was settled.
    expect((await returnOf(paypalBack, stage.services)).kind).toBe(seen[1]!.kind);
    await deliverAll();
    const authorised = await authorisedAtPsp(orderId);
    expect(authorised).toHaveLength(2);
    await expectOneKeptOneGivenBack(
      orderId,
      authorised.map((payment) => payment.pspReference),
    );
    expect(await stockOf()).toBe(stockBefore - 1);
  });

  for (const first of ['scheme', 'paypal'] as const) {
    it(`two tabs' authorisations arrive only by webhook (${first} first), each to both instances at once, then again: the same end`, async () => {
      const { fan, orderId } = await awaitingOrder(`webhooks-${first}`);
      const pages = { scheme: await hostedPage(fan, orderId, 'scheme'), paypal: await hostedPage(fan, orderId, 'paypal') };
      // The fan closes both tabs: the shop hears only from the webhooks.
      await payOn(pages.scheme, 'scheme');
      await payOn(pages.paypal, 'paypal');
      const authorised = (await authorisedAtPsp(orderId)).sort((a, b) => (a.method === first ? -1 : 0) - (b.method === first ? -1 : 0));
      const items = await Promise.all(authorised.map(async (payment) => (await queuedItems([payment.pspReference], 'AUTHORISATION'))[0]!));
      for (const item of items) {
        await toBothInstances(item);
        // Arrivals a moment apart, as real ones are: settlement runs after the answer, so the two
        // settlements may race for the order, and the ledger ranks by arrival (the test's clock
        // stands still, and equal times fell back to the events' random ids: an intermittent failure).
        clock.advance(1);
      }
      for (const item of [...items].reverse()) await toBothInstances(item);
      await deliverAll();
      await expectOneKeptOneGivenBack(
        orderId,
        authorised.map((payment) => payment.pspReference),
      );
      // The first to arrive pays: it is kept.
      expect((await orderOf(orderId)).paidByPspReference).toBe(authorised[0]!.pspReference);
    });
  }

  it('a payment undone at the PSP whose undoing arrives before its authorisation never pays the order; the fan can still pay', async () => {
    const { fan, orderId } = await awaitingOrder('undone-first');
    await payOn(await hostedPage(fan, orderId, 'scheme'), 'scheme');
    const [payment] = await authorisedAtPsp(orderId);
    // Support gives it back in the Customer Area; its webhook overtakes the authorisation's.
    const undone = await fetch(`${stage.publicUrl}/_psp/checkout/v72/payments/${payment!.pspReference}/reversals`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': stage.config.payments.apiKey },
      body: JSON.stringify({ merchantAccount: stage.config.payments.merchantAccount, reference: payment!.merchantReference }),
    });
    expect(undone.status).toBe(201);
    const [reversal] = await queuedItems([payment!.pspReference], 'CANCEL_OR_REFUND');
    const [authorisation] = await queuedItems([payment!.pspReference], 'AUTHORISATION');
    expect(reversal).toMatchObject({ success: 'true', originalReference: payment!.pspReference });
    await toBothInstances(reversal!);
    await toBothInstances(authorisation!);
    await stage.idle();
    // The test's own pooled connections were ended too: a pool may hand out one whose end it has
    // not noticed yet (57P01) once; the next query gets a new connection.
    const orderAfterTermination = await orderOf(orderId).catch((error: unknown) => {
      const failed = error as { code?: string; cause?: { code?: string } };
      if ((failed.cause?.code ?? failed.code) !== '57P01') throw error;
      return orderOf(orderId);
    });
    expect(orderAfterTermination).toMatchObject({ status: 'awaiting_payment', paidByPspReference: null });
    expect(await membershipsOf(orderId)).toBe(0);
    expect(await mailsTo(`order-confirmation:${orderId}`)).toBe(0);
    // Nothing to give back: the PSP already did.
    expect(await reversalsOf(orderId)).toEqual([]);
    // Another card pays the order as usual.
    const back = await payOn(await hostedPage(fan, orderId, 'paypal'), 'paypal');
    expect((await returnOf(back)).kind).toBe('paid');
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('an authorisation after the order expired: given back, the fan told once, support told once, the stock given back once', async () => {
    const stockBefore = await stockOf();
    const { fan, orderId } = await awaitingOrder('late-fault');
    expect(await stockOf()).toBe(stockBefore - 1);
    await payOn(await hostedPage(fan, orderId, 'scheme'), 'scheme');
    clock.advance(ORDER_PAYMENT_WINDOW_MS + 60_000);
    await stage.services.orders.expireDue();
    expect(await stockOf()).toBe(stockBefore);
    const [item] = await queuedItems(
      (await authorisedAtPsp(orderId)).map((row) => row.pspReference),
      'AUTHORISATION',
    );
    await toBothInstances(item!);
    await toBothInstances(item!);
    await deliverAll();
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'expired', paidByPspReference: null });
    expect((await reversalsOf(orderId)).map((reversal) => reversal.reason)).toEqual(['order-closed']);
    expect(await membershipsOf(orderId)).toBe(0);
    expect(await mailsTo('payment-cancelled:')).toBeGreaterThan(0);
    expect(await mailsTo(`support:${orderId}:late-authorisation:`)).toBe(1);
    expect(await mailsTo(`order-confirmation:${orderId}`)).toBe(0);
    expect(await stockOf()).toBe(stockBefore);
  });

  it('an authorisation of another amount under the order’s reference: never fulfils, given back, support and fan told; the real payment then pays', async () => {
    const { fan, orderId } = await awaitingOrder('mismatch');
    await hostedPage(fan, orderId, 'scheme');
    const { number } = await orderOf(orderId);
    // A session of 1 cent with the attempt's reference, made at the PSP (not through the shop), paid.
    const forged = await fetch(`${stage.publicUrl}/_psp/checkout/v72/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': stage.config.payments.apiKey },
      body: JSON.stringify({ merchantAccount: stage.config.payments.merchantAccount, mode: 'hosted', amount: { value: 1, currency: 'EUR' }, reference: `${number}-1`, returnUrl: `${stage.publicUrl}/paymentgateway/card` }),
    });
    const session = (await forged.json()) as { url: string };
    await payOn(await payer.open(session.url), 'scheme');
    await deliverAll();
    const [oneCent] = (await authorisedAtPsp(orderId)).filter((payment) => payment.amountValue === 1);
    expect(await orderOf(orderId)).toMatchObject({ status: 'awaiting_payment', paidByPspReference: null });
    expect(await membershipsOf(orderId)).toBe(0);
    expect((await reversalsOf(orderId)).map((reversal) => [reversal.pspReference, reversal.reason, reversal.sentAt !== null])).toEqual([[oneCent!.pspReference, 'mismatch', true]]);
    expect(await mailsTo(`support:${orderId}:mismatch:${oneCent!.pspReference}`)).toBe(1);
    expect(await mailsTo(`payment-cancelled:${oneCent!.pspReference}`)).toBe(1);
    expect(await notesOf(orderId)).toEqual([`mismatch:${oneCent!.pspReference}`, `reversal-confirmed:${oneCent!.pspReference}`, `reversal-requested:${oneCent!.pspReference}`]);
    // The fan pays the 10 € as usual: that payment pays the order.
    const back = await payOn(await hostedPage(fan, orderId, 'paypal'), 'paypal');
    expect((await returnOf(back)).kind).toBe('paid');
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('the database ends the shop’s connections in the middle of settling: nothing half done, the job settles it once', async () => {
    const { fan, orderId } = await awaitingOrder('terminated');
    await payOn(await hostedPage(fan, orderId, 'scheme'), 'scheme');
    const [item] = await queuedItems((await authorisedAtPsp(orderId)).map((payment) => payment.pspReference), 'AUTHORISATION');
    const current: unknown = await database.db.execute(sql`select current_database() as name`);
    const name = (current as { rows: { name: string }[] }).rows[0]!.name;
    // Another session holds the order's row, so settlement waits inside its transaction …
    const holder = new pg.Client({ connectionString: postgresTestUrl(name) });
    await holder.connect();
    await holder.query('begin');
    // (As settlement locks it: events referencing the order may still be stored meanwhile.)
    await holder.query('select id from orders where id = $1 for no key update', [orderId]);
    const holderPid = ((await holder.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    expect(await stage.postWebhook(body(item!))).toEqual({ status: 200, text: '[accepted]' });
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      // … until the server ends every connection of the shop (a failover, a restart).
      for (let waited = 0; ; waited++) {
        const waiting = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [name]);
        if ((waiting.rows[0] as { n: number }).n > 0) break;
        if (waited > 200) throw new Error('settlement never waited for the row');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2)', [name, holderPid]);
    } finally {
      await admin.end();
      await holder.query('rollback');
      await holder.end();
    }
    await stage.idle();
    // The test's own pooled connections were ended too: a pool may hand out one whose end it has
    // not noticed yet (57P01) once; the next query gets a new connection.
    const orderAfterTermination = await orderOf(orderId).catch((error: unknown) => {
      const failed = error as { code?: string; cause?: { code?: string } };
      if ((failed.cause?.code ?? failed.code) !== '57P01') throw error;
      return orderOf(orderId);
    });
    expect(orderAfterTermination).toMatchObject({ status: 'awaiting_payment', paidByPspReference: null });
    expect(await membershipsOf(orderId)).toBe(0);
    clock.advance(60_000);
    await startPaymentsJob({ payments: stage.services.payments, logger: createLogger('silent'), intervalMs: 0 }).tick();
    await deliverAll();
    expect(await orderOf(orderId)).toMatchObject({ status: 'fulfilled' });
    expect(await membershipsOf(orderId)).toBe(1);
    expect(await mailsTo(`order-confirmation:${orderId}`)).toBe(1);
  });
});
