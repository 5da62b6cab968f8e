// Paying orders through the PSP (issue 14), on a real database (PGlite, and PostgreSQL in the
// other project), against the Adyen-compatible simulator through @adyen/api-library — the parts
// the running shop uses. The fan's browser is driven on the hosted pages without JavaScript.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import type { Database } from '../app/.server/db/client';
import {
  mailOutbox,
  memberships,
  orderItems,
  orderNotes,
  orders,
  paymentEvents,
  paymentReversals,
  payments,
  pspSimIdempotency,
  pspSimPayments,
  pspSimSessions,
  pspSimWebhooks,
} from '../app/.server/db/schema';
import { startPaymentsJob } from '../app/.server/jobs/payments';
import { createLogger } from '../app/.server/logger';
import { createServices } from '../app/.server/services';
import type { NotificationItem } from '../app/.server/services/payment-events';
import { i18nextMiddleware } from '../app/middleware/i18next';
import { ORDER_PAYMENT_WINDOW_MS } from '../app/domain/order-status';
import * as payOrderRoute from '../app/routes/payment/pay-order';
import { newFan, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, giftInCart, placeRequest } from './support/orders';
import { HostedPayer, signedWebhook, startPaymentsStage, startReturnPage, testCard, type HostedStep, type PaymentsStage } from './support/payments';
import { serviceDepsFor } from './support/services';

let database: Database;
let stage: PaymentsStage;
let payer: HostedPayer;
let returnPage: Awaited<ReturnType<typeof startReturnPage>>;
const clock = manualClock('2026-12-01T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  stage = await startPaymentsStage(database, clock);
  payer = new HostedPayer(stage.publicUrl);
  returnPage = await startReturnPage(stage, database, clock);
});

afterAll(async () => {
  returnPage?.stop();
  await stage?.close();
  await database?.close();
});

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const statusOf = async (orderId: string) => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const membershipsOf = (orderId: string) =>
  countOf(database.db.select({ n: count() }).from(memberships).innerJoin(orderItems, eq(memberships.orderItemId, orderItems.id)).where(eq(orderItems.orderId, orderId)));
const mailsOf = (dedupeKey: string) => countOf(database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)));
const attemptsOf = (orderId: string) => database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.attempt);
const notesOf = async (orderId: string) => (await database.db.select({ kind: orderNotes.kind }).from(orderNotes).where(eq(orderNotes.orderId, orderId))).map((note) => note.kind);

/** A fan with a 15 € gift ordered and awaiting payment. */
async function awaitingOrder(tag: string): Promise<{ fan: TestFan; orderId: string }> {
  const fan = await newFan(stage.services, tag);
  await giftInCart(stage.services, fan);
  const billingAddressId = await addressOf(stage.services, fan);
  const placed = await stage.services.orders.place(placeRequest(fan, { billingAddressId }));
  if (!placed.ok || placed.value.status !== 'awaiting_payment') throw new Error(`not placed: ${JSON.stringify(placed)}`);
  return { fan, orderId: placed.value.orderId };
}

async function hostedPage(fan: TestFan, orderId: string, method: 'scheme' | 'paypal' = 'scheme'): Promise<HostedStep> {
  const started = await stage.services.payments.startHosted(fan.owner, { orderId, method, language: 'en' });
  if (!started.ok) throw new Error(`no session: ${started.reason}`);
  return payer.open(started.value.url);
}

function backAtShop(step: HostedStep) {
  if (!step.returnUrl) throw new Error(`still on the PSP's page (${step.status})`);
  return stage.services.payments.readReturn({ sessionId: step.returnUrl.searchParams.get('sessionId') ?? '', sessionResult: step.returnUrl.searchParams.get('sessionResult') });
}

/**
 * Sends what the simulator has queued for the shop, as its delivery loop would once due, and
 * waits for the shop to have acted on it (it answers `[accepted]` first, then acts).
 */
async function deliverWebhooks(): Promise<void> {
  clock.advance(10 * 60_000);
  await stage.simulator.deliverDue();
  await stage.idle();
  const left = await countOf(database.db.select({ n: count() }).from(paymentEvents).where(isNull(paymentEvents.processedAt)));
  if (left > 0) throw new Error('the shop did not act on its webhooks');
}

describe('the hosted page, without JavaScript', () => {
  it('an approved card: back at the shop the order is paid and fulfilled once, however often the webhook comes', async () => {
    const { fan, orderId } = await awaitingOrder('approved');
    const back = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
    expect(back.returnUrl?.pathname).toBe('/paymentgateway/card');
    expect(await backAtShop(back)).toMatchObject({ kind: 'paid', orderId });
    expect(await statusOf(orderId)).toBe('fulfilled');

    await deliverWebhooks();
    const [event] = await database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.source, 'webhook'), eq(paymentEvents.eventCode, 'AUTHORISATION'), eq(paymentEvents.merchantReference, (await attemptsOf(orderId))[0]!.reference)));
    expect(event?.processedAt).not.toBeNull();
    for (let time = 0; time < 3; time++) {
      expect(await stage.postWebhook({ live: 'false', notificationItems: [{ NotificationRequestItem: event!.item }] })).toEqual({ status: 200, text: '[accepted]' });
    }
    // Once from the return (the session's result), once from the webhook, however often it came.
    expect(await database.db.select({ source: paymentEvents.source }).from(paymentEvents).where(eq(paymentEvents.pspReference, event!.pspReference)).orderBy(paymentEvents.source)).toEqual([{ source: 'api' }, { source: 'webhook' }]);
    expect(await membershipsOf(orderId)).toBe(1);
    expect(await mailsOf(`order-confirmation:${orderId}`)).toBe(1);
    expect(await attemptsOf(orderId)).toMatchObject([{ status: 'authorised', pspReference: event!.pspReference }]);
  });

  it('a declined card shows the reason and charges nothing; a retry on the same order succeeds', async () => {
    const { fan, orderId } = await awaitingOrder('declined');
    const page = await hostedPage(fan, orderId);
    const refused = await payer.submit(page, '/card', testCard('DECLINED'));
    expect(refused.returnUrl).toBeNull();
    expect(refused.html).toContain('Refused');
    await deliverWebhooks();
    expect(await statusOf(orderId)).toBe('awaiting_payment');
    expect(await membershipsOf(orderId)).toBe(0);

    const back = await payer.submit(refused, '/card', testCard('APPROVED'));
    expect(await backAtShop(back)).toMatchObject({ kind: 'paid', orderId });
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('after several refusals in one session, the return and the pay page say the last one’s reason', async () => {
    const { fan, orderId } = await awaitingOrder('refused-twice');
    const declined = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('DECLINED'));
    clock.advance(60_000);
    const expired = await payer.submit(declined, '/card', testCard('CARD_EXPIRED'));
    expect(expired.html).toContain('Expired Card');
    const back = await payer.submit(expired, '/cancel', {});
    // Adyen does not promise the order of delivery: the later refusal's webhook arrives first.
    const [attempt] = await attemptsOf(orderId);
    const queued = await database.db.select().from(pspSimWebhooks).where(isNull(pspSimWebhooks.deliveredAt)).orderBy(desc(pspSimWebhooks.id));
    for (const webhook of queued.filter((row) => row.item.merchantReference === attempt!.reference)) {
      clock.advance(1_000);
      expect(await stage.postWebhook({ live: 'false', notificationItems: [{ NotificationRequestItem: webhook.item }] })).toEqual({ status: 200, text: '[accepted]' });
      await stage.idle();
    }
    await deliverWebhooks();
    expect(await backAtShop(back)).toMatchObject({ kind: 'refused', orderId, refusal: { reason: 'Expired Card', code: '6' } });
    expect(await stage.services.payments.lastRefusal(orderId)).toEqual({ reason: 'Expired Card', code: '6' });
  });

  it('another fan opening the fan’s return link learns nothing: a 404 whatever became of the payment, never the way to the order', async () => {
    const { fan, orderId } = await awaitingOrder('return-link-owner');
    const stranger = await returnPage.cookieOf(await newFan(stage.services, 'return-link-stranger'));
    const refused = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('DECLINED'));
    const cancelled = await payer.submit(refused, '/cancel', {});
    const link = (step: HostedStep) => `${step.returnUrl!.pathname}${step.returnUrl!.search}`;
    const unknown = '/paymentgateway/card?sessionId=CS0000000000000000&sessionResult=made-up';
    for (const path of [link(cancelled), unknown]) expect(await returnPage.open(path, stranger), path).toMatchObject({ status: 404, location: null, view: { kind: 'unknown' } });

    const paid = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
    // The stranger's look moves the order on (the PSP's word, whoever brings it), and tells them nothing of it.
    expect(await returnPage.open(link(paid), stranger)).toMatchObject({ status: 404, location: null, view: { kind: 'unknown' } });
    expect(await statusOf(orderId)).toBe('fulfilled');
    expect(await returnPage.open(link(paid), await returnPage.cookieOf(fan))).toEqual({ status: 302, location: `/thankyou?orderId=${orderId}`, view: null });
  });

  it('a 3-D Secure card completes after its challenge', async () => {
    const { fan, orderId } = await awaitingOrder('three-ds');
    const challenge = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED', '4212 3456 7891 0006'));
    expect(challenge.returnUrl).toBeNull();
    const back = await payer.submit(challenge, /\/3ds\//, { password: 'password' });
    expect(await backAtShop(back)).toMatchObject({ kind: 'paid', orderId });
  });

  it('PayPal completes after the approval, and comes back to the PayPal page', async () => {
    const { fan, orderId } = await awaitingOrder('paypal');
    const approval = await payer.submit(await hostedPage(fan, orderId, 'paypal'), '/paypal', {});
    const back = await payer.submit(approval, /\/paypal\/[^/]+$/, { decision: 'approve' });
    expect(back.returnUrl?.pathname).toBe('/paymentgateway/paypal');
    expect(await backAtShop(back)).toMatchObject({ kind: 'paid', orderId });
  });

  it('a card saved on the first purchase pays the second with its security code, and can be deleted', async () => {
    const first = await awaitingOrder('saved-card');
    await payer.submit(await hostedPage(first.fan, first.orderId), '/card', { ...testCard('Ada Lovelace'), storeCard: 'on' });
    const saved = await stage.services.payments.storedMethods(first.fan.owner);
    expect(saved).toEqual([expect.objectContaining({ brand: 'visa', lastFour: '1111', expiryMonth: '03', expiryYear: '2030' })]);

    await giftInCart(stage.services, first.fan);
    const placed = await stage.services.orders.place(placeRequest(first.fan, { billingAddressId: await addressOf(stage.services, first.fan) }));
    if (!placed.ok) throw new Error('second order not placed');
    const page = await hostedPage(first.fan, placed.value.orderId);
    expect(page.html).toContain('1111');
    const back = await payer.submit(page, '/stored', { storedPaymentMethodId: saved![0]!.id, cvc: '737' });
    expect(await backAtShop(back)).toMatchObject({ kind: 'paid' });

    const other = await newFan(stage.services, 'not-the-owner');
    expect(await stage.services.payments.deleteStoredMethod(other.owner, saved![0]!.id)).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await stage.services.payments.deleteStoredMethod(first.fan.owner, saved![0]!.id)).toEqual({ ok: true, value: null });
    expect(await stage.services.payments.storedMethods(first.fan.owner)).toEqual([]);
  });

  it('a double click opens one session: the same attempt, the same page', async () => {
    const { fan, orderId } = await awaitingOrder('double-click');
    const [one, two] = await Promise.all([
      stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'it' }),
      stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'it' }),
    ]);
    expect(one).toEqual(two);
    expect(await attemptsOf(orderId)).toHaveLength(1);
  });

  describe('a press while the PSP still opens the attempt’s session (Adyen’s 704)', () => {
    const firstRequestDone = (key: string) => database.db.delete(pspSimIdempotency).where(eq(pspSimIdempotency.key, key));
    const sessionsAtPsp = async (orderId: string) => {
      const [attempt] = await attemptsOf(orderId);
      return database.db.select({ id: pspSimSessions.id }).from(pspSimSessions).where(eq(pspSimSessions.reference, attempt?.reference ?? ''));
    };

    /** A click whose session call was cut off here (the PSP away for the shop) while the PSP still works on it: the next click reuses its attempt and key. */
    async function sessionCutOff(tag: string) {
      const { fan, orderId } = await awaitingOrder(tag);
      stage.setPspDown(true);
      try {
        expect(await stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'en' })).toMatchObject({ ok: false, reason: 'unavailable' });
      } finally {
        stage.setPspDown(false);
      }
      const [attempt] = await attemptsOf(orderId);
      // The simulator's claim of the key: while it stands, a request with the key is answered 704.
      await database.db.insert(pspSimIdempotency).values({ key: attempt!.id, requestHash: 'the first request', status: 0, body: {}, createdAt: clock.now() });
      return { fan, orderId, attemptId: attempt!.id };
    }

    /** POST /payment?orderId= (pay method card) as the fan's browser sends it without JavaScript: where the 303 leads and the notice it leaves. */
    async function pressPay(cookie: string, orderId: string) {
      const request = new Request(`http://shop.test/payment?orderId=${orderId}`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ paymentMethod: 'scheme' }),
      });
      const { context } = returnPage;
      const args = { request, context, params: {}, unstable_pattern: '/payment' } as never;
      let answer: unknown = null;
      await i18nextMiddleware(args, async () => {
        answer = await payOrderRoute.action(args).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        return new Response(null);
      });
      if (!(answer instanceof Response)) throw new Error(`no redirect: ${String(answer)}`);
      const sessionCookie = (answer.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
      const notice = sessionCookie ? ((await context.get(authContext).sessions.getSession(sessionCookie)).get('notice') as { key: string } | undefined) : undefined;
      return { status: answer.status, location: answer.headers.get('Location'), notice: notice?.key ?? null };
    }

    it('the press waits for the PSP’s answer to the first request and sends the fan to that session: one session, never “unavailable”', async () => {
      const { fan, orderId, attemptId } = await sessionCutOff('session-key-in-use');
      const done = new Promise((resolve) => setTimeout(resolve, 600)).then(() => firstRequestDone(attemptId));
      const started = await stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'en' });
      await done;
      expect(started).toMatchObject({ ok: true, value: { url: expect.stringContaining('/_psp/pay/') as unknown } });
      expect(stage.pspRequests.filter((sent) => sent.path === '/v72/sessions' && sent.idempotencyKey === attemptId).length).toBeGreaterThan(2);
      expect(await attemptsOf(orderId)).toHaveLength(1);
      expect(await sessionsAtPsp(orderId)).toHaveLength(1);
    });

    it('still being opened after the wait: the pay page says the payment is being processed (never that the service is down); pressed again once done, the same attempt’s session', async () => {
      const { fan, orderId, attemptId } = await sessionCutOff('session-key-still-in-use');
      const cookie = await returnPage.cookieOf(fan);
      expect(await pressPay(cookie, orderId)).toEqual({ status: 303, location: `/payment?orderId=${orderId}`, notice: 'payment:notice.inProgress' });
      expect(await sessionsAtPsp(orderId)).toEqual([]);
      await firstRequestDone(attemptId);
      const again = await pressPay(cookie, orderId);
      expect(again).toMatchObject({ status: 303, location: expect.stringContaining('/_psp/pay/') as unknown, notice: null });
      expect(await attemptsOf(orderId)).toMatchObject([{ id: attemptId }]);
      expect(await sessionsAtPsp(orderId)).toHaveLength(1);
    });
  });

  it('nobody else starts a payment of the fan’s order, and a closed order is not payable', async () => {
    const { fan, orderId } = await awaitingOrder('owner-only');
    const other = await newFan(stage.services, 'someone-else');
    expect(await stage.services.payments.startHosted(other.owner, { orderId, method: 'scheme', language: 'en' })).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await stage.services.payments.startHosted(fan.owner, { orderId: 'not-a-uuid', method: 'scheme', language: 'en' })).toMatchObject({ ok: false, reason: 'not-found' });
    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    expect(await stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'en' })).toMatchObject({ ok: false, reason: 'not-payable' });
  });

  it('a slow PSP holds no page: the waiting page at once, the result settled meanwhile, and asked of the PSP once however often the fan refreshes', async () => {
    const { fan, orderId } = await awaitingOrder('slow-psp');
    const back = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
    const sessionId = back.returnUrl!.searchParams.get('sessionId')!;
    const asked = () => stage.pspRequests.filter((sent) => sent.method === 'GET' && sent.path === `/v72/sessions/${sessionId}`).length;
    const release = stage.holdPsp();
    try {
      // The PSP answers nothing while held: the page answering at all proves it did not wait for it.
      expect(await backAtShop(back)).toMatchObject({ kind: 'waiting', orderId });
    } finally {
      release();
    }
    // The next look finds the call it started done (or waits for it a moment): paid.
    expect(await backAtShop(back)).toMatchObject({ kind: 'paid', orderId });
    for (let refresh = 0; refresh < 3; refresh++) expect(await backAtShop(back)).toMatchObject({ kind: 'paid' });
    expect(asked()).toBe(1);
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('a return without a known session is an error, never a 500', async () => {
    expect(await stage.services.payments.readReturn({ sessionId: 'CS-unknown', sessionResult: 'x' })).toEqual({ kind: 'unknown' });
    expect(await stage.services.payments.readReturn({ sessionId: 'x'.repeat(5000), sessionResult: null })).toEqual({ kind: 'unknown' });
  });
});

describe('webhooks', () => {
  const item = (merchantReference: string, more: Partial<NotificationItem> = {}) => ({
    eventCode: 'AUTHORISATION',
    success: 'true',
    pspReference: randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase(),
    merchantReference,
    ...more,
  });

  it('refuses a missing or wrong signature with 401 and stores nothing, stores a well-signed item beside a badly signed one; a body not Adyen’s is a 400', async () => {
    const signed = signedWebhook(item('100000001-1'), stage.config.payments.hmacKey);
    const wrong = signedWebhook(item('100000001-1'), '00'.repeat(32));
    const unsigned = { live: 'false', notificationItems: [{ NotificationRequestItem: { ...signed.notificationItems[0]!.NotificationRequestItem, additionalData: {} } }] };
    expect(await stage.postWebhook(wrong)).toEqual({ status: 401, text: 'Unauthorized' });
    expect(await stage.postWebhook(unsigned)).toEqual({ status: 401, text: 'Unauthorized' });
    expect((await stage.postWebhook({ notificationItems: 'nope' })).status).toBe(400);
    expect((await stage.postWebhook({ live: 'false', notificationItems: [{ NotificationRequestItem: { eventCode: 'AUTHORISATION' } }] })).status).toBe(400);
    const reference = signed.notificationItems[0]!.NotificationRequestItem.pspReference;
    expect(await countOf(database.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.pspReference, reference)))).toBe(0);
    // Beside a badly signed item, the well-signed one is recorded (each item is signed on its own).
    const wrongElsewhere = signedWebhook(item('100000001-1'), '00'.repeat(32));
    expect(await stage.postWebhook({ live: 'false', notificationItems: [...wrongElsewhere.notificationItems, ...signed.notificationItems] })).toEqual({ status: 200, text: '[accepted]' });
    expect(await countOf(database.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.pspReference, reference)))).toBe(1);
    expect(await countOf(database.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.pspReference, wrongElsewhere.notificationItems[0]!.NotificationRequestItem.pspReference)))).toBe(0);
    expect(await stage.postWebhook(signed)).toEqual({ status: 200, text: '[accepted]' });
    expect(await countOf(database.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.pspReference, reference)))).toBe(1);
  });

  it('the fan closes the tab on the hosted page: the webhook completes the order and the mail goes out', async () => {
    const { fan, orderId } = await awaitingOrder('closed-tab');
    await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
    expect(await statusOf(orderId)).toBe('awaiting_payment');
    await deliverWebhooks();
    expect(await statusOf(orderId)).toBe('fulfilled');
    expect(await mailsOf(`order-confirmation:${orderId}`)).toBe(1);
  });

  it('the shop is down when the PSP authorises: the simulator retries, and the order completes once it is back', async () => {
    const { fan, orderId } = await awaitingOrder('shop-down');
    stage.setWebhooksDown(true);
    try {
      await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
      await deliverWebhooks();
      expect(await statusOf(orderId)).toBe('awaiting_payment');
    } finally {
      stage.setWebhooksDown(false);
    }
    await deliverWebhooks();
    expect(await statusOf(orderId)).toBe('fulfilled');
  });

  it('killed after storing an event, before acting on it: the payments job acts on it later', async () => {
    const { fan, orderId } = await awaitingOrder('killed-after-store');
    await stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'en' });
    const [attempt] = await attemptsOf(orderId);
    const stored = await stage.services.payments.events.store([item(attempt!.reference) as NotificationItem]);
    expect(stored).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('awaiting_payment');
    clock.advance(60_000);
    await startPaymentsJob({ payments: stage.services.payments, logger: createLogger('silent'), intervalMs: 0 }).tick();
    expect(await statusOf(orderId)).toBe('fulfilled');
  });

  it('two instances acting on the same event at once fulfil the order once', async () => {
    const { fan, orderId } = await awaitingOrder('two-instances');
    await stage.services.payments.startHosted(fan.owner, { orderId, method: 'scheme', language: 'en' });
    const [attempt] = await attemptsOf(orderId);
    const stored = await stage.services.payments.events.store([item(attempt!.reference) as NotificationItem]);
    const other = createServices({ ...serviceDepsFor(database, { clock }), config: stage.config });
    await Promise.all([stage.services.payments.events.settle(stored), other.payments.events.settle(stored)]);
    expect(await membershipsOf(orderId)).toBe(1);
    expect(await mailsOf(`order-confirmation:${orderId}`)).toBe(1);
  });

  it('an authorisation for an order that expired meanwhile is given back, the fan mailed and support told, once', async () => {
    const { fan, orderId } = await awaitingOrder('late');
    stage.setWebhooksDown(true);
    try {
      await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
      clock.advance(ORDER_PAYMENT_WINDOW_MS + 60_000);
      await stage.services.orders.expireDue();
      expect(await statusOf(orderId)).toBe('expired');
    } finally {
      stage.setWebhooksDown(false);
    }
    await deliverWebhooks();
    const [attempt] = await attemptsOf(orderId);
    expect(attempt).toMatchObject({ status: 'authorised' });
    const [reversal] = await database.db.select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId));
    expect(reversal).toMatchObject({ pspReference: attempt!.pspReference, reason: 'order-closed', lastError: null, nextAttemptAt: null });
    expect(reversal!.sentAt).not.toBeNull();
    await deliverWebhooks();
    expect(await attemptsOf(orderId)).toMatchObject([{ status: 'cancelled' }]);
    expect(await statusOf(orderId)).toBe('expired');
    expect(await membershipsOf(orderId)).toBe(0);
    expect(await mailsOf(`payment-cancelled:${attempt!.pspReference}`)).toBe(1);
    expect(await mailsOf(`support:${orderId}:late-authorisation:${attempt!.pspReference}`)).toBe(1);
    expect((await notesOf(orderId)).sort()).toEqual(['late-authorisation', 'reversal-confirmed', 'reversal-requested']);
  });

  it('killed while a reversal is on its way to the PSP: the reversal is already owed, and the job sends it', async () => {
    const { fan, orderId } = await awaitingOrder('reversal-in-flight');
    stage.setWebhooksDown(true);
    try {
      await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
      clock.advance(ORDER_PAYMENT_WINDOW_MS + 60_000);
      await stage.services.orders.expireDue();
      const [attempt] = await attemptsOf(orderId);
      const [authorised] = await database.db.select().from(pspSimPayments).where(eq(pspSimPayments.merchantReference, attempt!.reference));
      const stored = await stage.services.payments.events.store([item(attempt!.reference, { pspReference: authorised!.pspReference }) as NotificationItem]);
      const release = stage.holdPsp();
      const settling = stage.services.payments.events.settle(stored);
      const owed = async () => (await database.db.select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId)))[0];
      for (let waited = 0; !(await owed()); waited++) {
        if (waited > 100) throw new Error('the reversal was never decided');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The process dying now leaves this row: owed, not sent, due again once its lease runs out.
      expect(await owed()).toMatchObject({ sentAt: null, attempts: 0 });
      expect((await owed())?.nextAttemptAt).not.toBeNull();
      release();
      await settling;
      expect(await owed()).toMatchObject({ nextAttemptAt: null, attempts: 1 });
      // Sent already: the job has nothing to send.
      clock.advance(5 * 60_000);
      await startPaymentsJob({ payments: stage.services.payments, logger: createLogger('silent'), intervalMs: 0 }).tick();
      expect(await owed()).toMatchObject({ attempts: 1 });
    } finally {
      stage.setWebhooksDown(false);
    }
    await deliverWebhooks();
    expect(await attemptsOf(orderId)).toMatchObject([{ status: 'cancelled' }]);
  });

  it('a lost webhook: reconciliation asks the PSP with the session result the fan brought back', async () => {
    const { fan, orderId } = await awaitingOrder('lost-webhook');
    stage.setWebhooksDown(true);
    try {
      const back = await payer.submit(await hostedPage(fan, orderId), '/card', testCard('APPROVED'));
      stage.setPspDown(true);
      expect(await backAtShop(back)).toMatchObject({ kind: 'waiting', orderId });
      stage.setPspDown(false);
      expect(await statusOf(orderId)).toBe('awaiting_payment');
      clock.advance(2 * 60_000);
      await stage.services.payments.reconcileDue();
      expect(await statusOf(orderId)).toBe('fulfilled');
    } finally {
      stage.setPspDown(false);
      stage.setWebhooksDown(false);
    }
  });
});

