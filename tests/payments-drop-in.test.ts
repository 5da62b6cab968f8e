// Drop-in's server contract (issue 14, the advanced flow) on a real database against the
// Adyen-compatible simulator through @adyen/api-library: `/payments` with what Drop-in
// encrypts (the simulator takes Adyen's unencrypted `test_` values), `/payments/details` after
// an action, and the redirect's return to the shop's return page.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expressContext } from '../app/.server/auth/context';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { memberships, orderItems, orders, paymentEvents, payments, pspSimIdempotency, pspSimPayments } from '../app/.server/db/schema';
import type { DropInPayRequest } from '../app/.server/services/payments-advanced';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as dropInRoute from '../app/routes/checkout/drop-in';
import { newFan, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, giftInCart, placeRequest } from './support/orders';
import { postBackOf, postForm } from './support/payment-simulator';
import { startPaymentsStage, startReturnPage, type PaymentsStage } from './support/payments';

let database: Database;
let stage: PaymentsStage;
let returnPage: Awaited<ReturnType<typeof startReturnPage>>;
const clock = manualClock('2026-12-01T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  stage = await startPaymentsStage(database, clock);
  returnPage = await startReturnPage(stage, database, clock);
  returnPage.context.set(expressContext, { req: { ip: '127.0.0.1', socket: { remoteAddress: '127.0.0.1' } }, res: {} } as never);
});

afterAll(async () => {
  returnPage?.stop();
  await stage?.close();
  await database?.close();
});

const statusOf = async (orderId: string) => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const membershipsOf = async (orderId: string) =>
  (await database.db.select({ n: count() }).from(memberships).innerJoin(orderItems, eq(memberships.orderItemId, orderItems.id)).where(eq(orderItems.orderId, orderId)))[0]?.n;

/** Drop-in's card data as Adyen's test platform takes it unencrypted. */
function card(holderName = 'APPROVED', number = '4111111111111111') {
  return {
    type: 'scheme',
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    holderName,
  };
}

async function awaitingOrder(tag: string): Promise<{ fan: TestFan; orderId: string }> {
  const fan = await newFan(stage.services, tag);
  await giftInCart(stage.services, fan);
  const placed = await stage.services.orders.place(placeRequest(fan, { billingAddressId: await addressOf(stage.services, fan) }));
  if (!placed.ok) throw new Error('not placed');
  return { fan, orderId: placed.value.orderId };
}

function request(orderId: string, paymentMethod: unknown, more: Partial<DropInPayRequest> = {}): DropInPayRequest {
  return { orderId, attemptKey: randomUUID(), paymentMethod, storePaymentMethod: false, browserInfo: null, riskData: null, shopperIP: null, language: 'en', ...more };
}

/**
 * `POST /checkout/drop-in` as the page sends it (the checkout form's fields, Drop-in's data, the
 * press's attempt key), run as the router runs it behind the secured layout: its status and JSON.
 */
async function postDropIn(cookie: string, fields: Record<string, string>, paymentMethod: unknown, attemptKey: string) {
  const body = new URLSearchParams({ ...fields, dropInData: JSON.stringify({ paymentMethod }), attemptKey });
  const request = new Request('http://shop.test/checkout/drop-in', { method: 'POST', headers: { Cookie: `jc_prf_lng=en; ${cookie}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  const args = { request, context: returnPage.context, params: {}, unstable_pattern: '/checkout/drop-in' } as never;
  let answer: Response | undefined;
  await i18nextMiddleware(args, async () => {
    await requireCustomerMiddleware(args, async () => {
      answer = (await dropInRoute.action(args)) as Response;
      return new Response(null);
    });
    return new Response(null);
  });
  if (!answer) throw new Error('no answer');
  return { status: answer.status, body: (await answer.json()) as unknown };
}

/** Follows a redirect action as the browser would, posting `fields` to the page it opens; the form that page sends the fan back with. */
async function passRedirect(action: Record<string, unknown> | null, fields: Record<string, string>): Promise<{ url: URL; fields: Record<string, string> }> {
  const response = await fetch(String(action?.url), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return postBackOf(await response.text(), stage.publicUrl);
}

/** The PSP's POST back to the shop, as a browser sends it from the PSP's page: from another site, so without the fan's cookie. */
const FROM_THE_PSP = { Origin: 'https://checkoutshopper-test.adyen.com' };

/** How often the shop asked the PSP for these details. */
const detailsAsked = (details: Record<string, string>) =>
  stage.pspRequests.filter((sent) => sent.path === '/v72/payments/details' && JSON.stringify((sent.body as { details?: unknown }).details) === JSON.stringify(details)).length;

describe('Drop-in’s /payments', () => {
  it('a card: authorised, the order paid and fulfilled; the same attempt sent twice is one payment', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-card');
    const attempt = request(orderId, card());
    expect(await stage.services.payments.dropIn.pay(fan.owner, attempt)).toEqual({ ok: true, value: { orderId, outcome: 'authorised', action: null, refusal: null } });
    expect(await statusOf(orderId)).toBe('fulfilled');
    const again = await stage.services.payments.dropIn.pay(fan.owner, attempt);
    expect(again).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
    const rows = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toMatchObject([{ flow: 'advanced', status: 'authorised', id: attempt.attemptKey }]);
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('refused with Adyen’s reason and code, nothing charged; a new attempt on the same order pays', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-refused');
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card('NOT_ENOUGH_BALANCE')))).toMatchObject({
      ok: true,
      value: { outcome: 'refused', refusal: { reason: 'Not enough balance', code: '12' } },
    });
    expect(await statusOf(orderId)).toBe('awaiting_payment');
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()))).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
    expect((await database.db.select().from(payments).where(eq(payments.orderId, orderId))).map((row) => [row.attempt, row.status])).toEqual([
      [1, 'refused'],
      [2, 'authorised'],
    ]);
  });

  it('3-D Secure: back by POST from the PSP’s page, without the fan’s cookie: asked of the PSP once, then 303 to a page that names nothing and shows the owner the outcome', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-3ds');
    const answered = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card('APPROVED', '4212345678910006')));
    if (!answered.ok) throw new Error('not answered');
    expect(answered.value).toMatchObject({ outcome: 'action', action: { type: 'redirect' } });
    const back = await passRedirect(answered.value.action, { password: 'password' });
    const [attempt] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    // The shop's return URL names the attempt; the PSP posts its result there.
    expect(`${back.url.pathname}${back.url.search}`).toBe(`/paymentgateway/card?attempt=${attempt!.id}`);

    const posted = await postForm(back.url.toString(), back.fields, FROM_THE_PSP);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('set-cookie')).toBeNull();
    const page = posted.headers.get('location') ?? '';
    expect(page).toMatch(/^\/paymentgateway\/card\?return=[\w-]{43}$/);
    expect(page).not.toContain(attempt!.id);
    expect(await statusOf(orderId)).toBe('fulfilled');
    // Posted again (the back button, a replay): the same page; the PSP is not asked twice.
    expect((await postForm(back.url.toString(), back.fields, FROM_THE_PSP)).headers.get('location')).toBe(page);

    expect(await returnPage.open(page)).toMatchObject({ status: 302, location: `/login?redirectUri=${encodeURIComponent(page)}` });
    expect(await returnPage.open(page, await returnPage.cookieOf(fan))).toEqual({ status: 302, location: `/thankyou?orderId=${orderId}`, view: null });
    const stranger = await returnPage.cookieOf(await newFan(stage.services, 'drop-in-3ds-stranger'));
    expect(await returnPage.open(page, stranger)).toMatchObject({ status: 404, location: null, view: { kind: 'unknown' } });
    expect(detailsAsked(back.fields)).toBe(1);
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('a POST back the PSP refuses (forged, spent; MD and PaRes too) is the error page with a 400 after the 303; one with nothing of the PSP’s is a 400 before anyone is asked', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-3ds-forged');
    const cookie = await returnPage.cookieOf(fan);
    const [attempt] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    // The attempt in the address is the shop's own, checked: one that does not exist is none.
    for (const [search, fields] of [
      ['?attempt=00000000-0000-4000-8000-000000000000', { redirectResult: 'forged-by-hand' }],
      ['', { MD: 'bWQtZm9yZ2Vk', PaRes: 'eNpVUttygjAQ', TermUrl: 'https://evil.example/' }],
    ] as const) {
      const posted = await postForm(`${stage.publicUrl}/paymentgateway/card${search}`, fields, FROM_THE_PSP);
      expect(posted.status).toBe(303);
      expect(await returnPage.open(posted.headers.get('location') ?? '', cookie)).toMatchObject({ status: 400, view: { kind: 'unknown' } });
    }
    // Only the details Adyen names go to the PSP (TermUrl is not one).
    expect(detailsAsked({ MD: 'bWQtZm9yZ2Vk', PaRes: 'eNpVUttygjAQ' })).toBe(1);
    const asked = stage.pspRequests.length;
    const nothingOfThePsp: Record<string, string>[] = [{}, { orderId }, { redirectResult: '' }, { redirectResult: 'x'.repeat(20_000) }, { MD: 'only-md' }];
    for (const fields of nothingOfThePsp) {
      expect((await postForm(`${stage.publicUrl}/paymentgateway/card?attempt=${attempt?.id ?? ''}`, fields, FROM_THE_PSP)).status, JSON.stringify(fields).slice(0, 40)).toBe(400);
    }
    expect(stage.pspRequests.length).toBe(asked);
    expect(await statusOf(orderId)).toBe('awaiting_payment');
  });

  it('a slow PSP holds no POST back: 303 after the patience to the waiting page, which shows the owner the outcome once the PSP answered', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-3ds-slow');
    const answered = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card('APPROVED', '4212345678910006')));
    if (!answered.ok) throw new Error('not answered');
    const back = await passRedirect(answered.value.action, { password: 'password' });
    const release = stage.holdPsp();
    let page = '';
    try {
      page = (await postForm(back.url.toString(), back.fields, FROM_THE_PSP)).headers.get('location') ?? '';
      const cookie = await returnPage.cookieOf(fan);
      const waiting = await returnPage.open(page, cookie);
      expect(waiting).toMatchObject({ status: 200, view: { kind: 'waiting', refreshHref: expect.stringMatching(/^\/paymentgateway\/card\?return=[\w-]+&since=\d+$/) } });
    } finally {
      release();
    }
    await vi.waitFor(async () => expect(await statusOf(orderId)).toBe('fulfilled'));
    expect(await returnPage.open(page, await returnPage.cookieOf(fan))).toMatchObject({ status: 302, location: `/thankyou?orderId=${orderId}` });
    expect(detailsAsked(back.fields)).toBe(1);
  });

  it('PayPal (Drop-in’s sdk): an sdk action, then its ids and paymentData through /payments/details', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-paypal');
    const answered = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, { type: 'paypal', subtype: 'sdk' }));
    if (!answered.ok) throw new Error('not answered');
    const action = answered.value.action as { type: string; paymentData: string; sdkData: { orderID: string } };
    expect(action.type).toBe('sdk');
    const approval = { details: { orderID: action.sdkData.orderID, payerID: 'PAYER1' }, paymentData: action.paymentData };
    // The page's call is signed in: another fan's page hears nothing (the PSP's answer, the
    // truth whoever brings it, still settles the order).
    const stranger = await newFan(stage.services, 'drop-in-paypal-stranger');
    expect(await stage.services.payments.dropIn.details(approval, stranger.owner)).toMatchObject({ ok: false, reason: 'not-found' });
    const details = await stage.services.payments.dropIn.details(approval, fan.owner);
    expect(details).toMatchObject({ ok: true, value: { orderId, outcome: 'authorised' } });
    expect(await statusOf(orderId)).toBe('fulfilled');
  });

  it('lists card and PayPal for the fan, with the cards the PSP keeps for them', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-methods');
    const listedTypes = async () => {
      const listed = await stage.services.payments.dropIn.methods(fan.owner, { amountCents: 1500, language: 'it' });
      if (!listed.ok) throw new Error(listed.reason);
      return listed.value as { paymentMethods: { type: string; brands?: string[] }[]; storedPaymentMethods?: { type: string; lastFour: string; supportedShopperInteractions: string[] }[] };
    };
    const before = await listedTypes();
    expect(before.paymentMethods).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'scheme', brands: ['visa', 'mc'] }), expect.objectContaining({ type: 'paypal' })]));
    expect(before.storedPaymentMethods ?? []).toEqual([]);
    await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card('Grace Hopper'), { storePaymentMethod: true }));
    // Drop-in shows a stored card only if it supports Ecommerce (LIBRARY-NOTES §Adyen).
    expect((await listedTypes()).storedPaymentMethods).toEqual([
      expect.objectContaining({ type: 'scheme', lastFour: '1111', supportedShopperInteractions: expect.arrayContaining(['Ecommerce']) }),
    ]);
    expect(await stage.services.payments.dropIn.methods({ customerId: randomUUID(), subject: 'nobody' }, { amountCents: 1, language: 'en' })).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('a card stored on the first payment pays the second with its id and security code', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-stored');
    await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card('Ada Lovelace'), { storePaymentMethod: true }));
    const [saved] = (await stage.services.payments.storedMethods(fan.owner)) ?? [];
    expect(saved).toMatchObject({ brand: 'visa', lastFour: '1111', holderName: 'Ada Lovelace' });
    await giftInCart(stage.services, fan);
    const second = await stage.services.orders.place(placeRequest(fan, { billingAddressId: await addressOf(stage.services, fan) }));
    if (!second.ok) throw new Error('not placed');
    const stored = { type: 'scheme', storedPaymentMethodId: saved!.id, encryptedSecurityCode: 'test_737' };
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(second.value.orderId, stored))).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
  });

  it('refuses what Drop-in never sends, someone else’s order, a paid one, and an attempt key of another order', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-refusals');
    const other = await newFan(stage.services, 'drop-in-stranger');
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, { type: 'ideal' }))).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card(), { attemptKey: 'not-a-uuid' }))).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await stage.services.payments.dropIn.pay(other.owner, request(orderId, card()))).toMatchObject({ ok: false, reason: 'not-found' });
    const paid = request(orderId, card());
    await stage.services.payments.dropIn.pay(fan.owner, paid);
    // A press made after the payment's answer (a press begun before it gets that answer instead: below).
    clock.advance(1_000);
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()))).toMatchObject({ ok: false, reason: 'not-payable' });
    const elsewhere = await awaitingOrder('drop-in-elsewhere');
    expect(await stage.services.payments.dropIn.pay(elsewhere.fan.owner, request(elsewhere.orderId, card(), { attemptKey: paid.attemptKey }))).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await stage.services.payments.dropIn.details({ details: 'x', paymentData: null }, fan.owner)).toMatchObject({ ok: false, reason: 'invalid' });
    // A forged redirectResult: the PSP refuses it, and so does the shop (400), never a 503.
    expect(await stage.services.payments.dropIn.details({ details: { redirectResult: 'made-up' }, paymentData: null }, fan.owner)).toMatchObject({ ok: false, reason: 'refused' });
    expect(await stage.services.payments.readRedirectReturn({ redirectResult: 'forged', attemptId: null })).toEqual({ kind: 'invalid' });
    // The attempt in the return URL is the fan's to change: one the shop never made is none, not a 500.
    expect(await stage.services.payments.readRedirectReturn({ redirectResult: 'forged-too', attemptId: randomUUID() })).toEqual({ kind: 'invalid' });
    expect(await stage.services.payments.readRedirectReturn({ redirectResult: 'x'.repeat(5000), attemptId: null })).toEqual({ kind: 'invalid' });
  });

  it('passes Drop-in’s risk data, the shopper’s IP and e-mail, the order’s billing address and the browser’s data to /payments', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-risk');
    const browserInfo = { userAgent: 'Mozilla/5.0', acceptHeader: 'text/html', language: 'it-IT', colorDepth: 24, screenHeight: 800, screenWidth: 1280, timeZoneOffset: -60, javaEnabled: false };
    const asked = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card(), { riskData: { clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAifQ==', extra: 'dropped' }, shopperIP: '203.0.113.7', browserInfo }));
    expect(asked).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
    const sent = stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').at(-1);
    expect(sent?.body).toMatchObject({
      riskData: { clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAifQ==' },
      shopperIP: '203.0.113.7',
      shopperEmail: expect.stringContaining('drop-in-risk') as unknown,
      browserInfo,
      billingAddress: { country: 'IT', street: expect.any(String) as unknown, postalCode: expect.any(String) as unknown, city: expect.any(String) as unknown, stateOrProvince: expect.any(String) as unknown },
    });
    expect((sent?.body as { riskData: Record<string, unknown> }).riskData).not.toHaveProperty('extra');
  });

  it('two presses at once with two attempt keys: one payment at the PSP, the same answer to both', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-race');
    const before = stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length;
    const [one, two] = await Promise.all([stage.services.payments.dropIn.pay(fan.owner, request(orderId, card())), stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()))]);
    expect(one).toEqual({ ok: true, value: { orderId, outcome: 'authorised', action: null, refusal: null } });
    expect(two).toEqual(one);
    expect(stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length - before).toBe(1);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('a second press with its own key, made before the first one’s answer, that reaches the order after it: the same answer, nothing paid again', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-late-press');
    const before = stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length;
    const first = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()));
    expect(first).toEqual({ ok: true, value: { orderId, outcome: 'authorised', action: null, refusal: null } });
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()))).toEqual(first);
    expect(stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length - before).toBe(1);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });

  it('the PSP’s AUTHORISATION webhook handled between the first press’s answer and a late press: the same answer, paid and fulfilled once', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-late-press-webhook');
    const before = stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length;
    const first = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()));
    expect(first).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
    // The webhook arrives and is handled before the late press reaches the order (the clock stays: that press was made before the answer).
    await stage.simulator.deliverDue();
    await stage.idle();
    const [{ pspReference } = { pspReference: '' }] = await database.db.select({ pspReference: payments.pspReference }).from(payments).where(eq(payments.orderId, orderId));
    const handled = await database.db
      .select({ eventCode: paymentEvents.eventCode })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentPspReference, String(pspReference)), isNotNull(paymentEvents.processedAt)));
    expect(handled.map((event) => event.eventCode)).toContain('AUTHORISATION');
    expect(await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()))).toEqual(first);
    expect(stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length - before).toBe(1);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('fulfilled');
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('a late press sent again with its own key once time has passed (a retry): refused as too late, never charged again', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-late-press-retry');
    const before = stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length;
    const first = await stage.services.payments.dropIn.pay(fan.owner, request(orderId, card()));
    const late = request(orderId, card());
    expect(await stage.services.payments.dropIn.pay(fan.owner, late)).toEqual(first);
    // The late press left no attempt of its own (nothing was sent to the PSP for it), so a retry of it
    // is a press made after the answer: refused (the page says the order can no longer be paid here).
    clock.advance(1_000);
    expect(await stage.services.payments.dropIn.pay(fan.owner, late)).toMatchObject({ ok: false, reason: 'not-payable' });
    expect(stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length - before).toBe(1);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await membershipsOf(orderId)).toBe(1);
  });

  it('the same attempt key at once: one payment and one answer; with another body: a conflict, nothing paid again', async () => {
    const { fan, orderId } = await awaitingOrder('drop-in-same-key');
    const attempt = request(orderId, card());
    const [one, two] = await Promise.all([stage.services.payments.dropIn.pay(fan.owner, attempt), stage.services.payments.dropIn.pay(fan.owner, attempt)]);
    expect(one).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
    expect(two).toEqual(one);
    const other = await awaitingOrder('drop-in-same-key-2');
    const refused = request(other.orderId, card('DECLINED'));
    expect(await stage.services.payments.dropIn.pay(other.fan.owner, refused)).toMatchObject({ ok: true, value: { outcome: 'refused' } });
    expect(await stage.services.payments.dropIn.pay(other.fan.owner, { ...refused, paymentMethod: card('APPROVED') })).toEqual({ ok: false, reason: 'conflict', fields: {} });
    expect(await statusOf(other.orderId)).toBe('awaiting_payment');
    // The same body again replays the refusal (the first answer), even though a new press could pay.
    expect(await stage.services.payments.dropIn.pay(other.fan.owner, refused)).toMatchObject({ ok: true, value: { outcome: 'refused' } });
  });

  it('an attempt key reused with another body is refused (422) also once its order is paid; with the same body it answers its first answer', async () => {
    const fan = await newFan(stage.services, 'drop-in-key-after-paid');
    const cookie = await returnPage.cookieOf(fan);
    await giftInCart(stage.services, fan);
    const fields = { checkoutKey: randomUUID(), billingAddressId: await addressOf(stage.services, fan), paymentMethod: 'scheme', membershipTerms: 'on', guardianDeclaration: 'on' };
    const refusedKey = randomUUID();
    const refused = await postDropIn(cookie, fields, card('DECLINED'), refusedKey);
    expect(refused).toMatchObject({ status: 200, body: { outcome: 'refused' } });
    const orderId = (refused.body as { orderId: string }).orderId;
    // Before the order is paid, as ever: the key bound to its body.
    expect(await postDropIn(cookie, fields, card('APPROVED'), refusedKey)).toEqual({ status: 422, body: { outcome: 'resubmit' } });
    const paidKey = randomUUID();
    expect(await postDropIn(cookie, fields, card('APPROVED'), paidKey)).toMatchObject({ status: 200, body: { orderId, outcome: 'authorised' } });
    const before = stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length;

    // Paid now: each key still bound to the body it was first sent with.
    expect(await postDropIn(cookie, fields, card('APPROVED', '5555555555554444'), paidKey)).toEqual({ status: 422, body: { outcome: 'resubmit' } });
    expect(await postDropIn(cookie, fields, card('APPROVED'), refusedKey)).toEqual({ status: 422, body: { outcome: 'resubmit' } });
    expect(await postDropIn(cookie, fields, card('APPROVED'), paidKey)).toMatchObject({ status: 200, body: { orderId, outcome: 'authorised' } });
    expect(await postDropIn(cookie, fields, card('DECLINED'), refusedKey)).toMatchObject({ status: 200, body: { orderId, outcome: 'refused' } });
    // A key never used: the order this checkout made is paid.
    expect(await postDropIn(cookie, fields, card('APPROVED'), randomUUID())).toMatchObject({ status: 200, body: { orderId, outcome: 'authorised' } });
    expect(stage.pspRequests.filter((sentRequest) => sentRequest.path === '/v72/payments').length - before).toBe(0);
    expect(await membershipsOf(orderId)).toBe(1);
  });

  describe('the PSP still processing an earlier request with the attempt’s key (Adyen’s 704)', () => {
    /** What the PSP does while a request with `key` is at it: answers 704 to any other (the simulator's claim of the key). */
    const firstRequestInFlight = (key: string) => database.db.insert(pspSimIdempotency).values({ key, requestHash: 'the first request', status: 0, body: {}, createdAt: clock.now() });
    const firstRequestDone = (key: string) => database.db.delete(pspSimIdempotency).where(eq(pspSimIdempotency.key, key));
    const sentWithKey = (key: string) => stage.pspRequests.filter((sent) => sent.path === '/v72/payments' && sent.idempotencyKey === key).length;
    const madeAtPsp = async (orderId: string) => {
      const [{ reference } = { reference: '' }] = await database.db.select({ reference: payments.reference }).from(payments).where(eq(payments.orderId, orderId));
      return database.db.select().from(pspSimPayments).where(eq(pspSimPayments.merchantReference, reference));
    };

    /** A press whose call timed out here while the PSP went on with it; the fan's browser sends it again. */
    async function pressCutOff(tag: string) {
      const { fan, orderId } = await awaitingOrder(tag);
      const press = request(orderId, card());
      stage.setPspDown(true);
      try {
        expect(await stage.services.payments.dropIn.pay(fan.owner, press)).toEqual({ ok: false, reason: 'unavailable', fields: {} });
      } finally {
        stage.setPspDown(false);
      }
      await firstRequestInFlight(press.attemptKey);
      return { fan, orderId, press };
    }

    it('sent again: the shop waits, asking with the same key, and gets the PSP’s answer once the first request is done — never “unavailable”', async () => {
      const { fan, orderId, press } = await pressCutOff('drop-in-key-in-use');
      const before = sentWithKey(press.attemptKey);
      const done = new Promise((resolve) => setTimeout(resolve, 600)).then(() => firstRequestDone(press.attemptKey));
      expect(await stage.services.payments.dropIn.pay(fan.owner, press)).toEqual({ ok: true, value: { orderId, outcome: 'authorised', action: null, refusal: null } });
      await done;
      expect(sentWithKey(press.attemptKey) - before).toBeGreaterThan(1);
      expect(await madeAtPsp(orderId)).toHaveLength(1);
      expect(await statusOf(orderId)).toBe('fulfilled');
    });

    it('still in progress after the wait: “being processed” (the order’s page), nothing kept as the key’s answer, nothing paid; asked again later, the PSP’s answer', async () => {
      const { fan, orderId, press } = await pressCutOff('drop-in-key-still-in-use');
      expect(await stage.services.payments.dropIn.pay(fan.owner, press)).toEqual({ ok: true, value: { orderId, outcome: 'pending', action: null, refusal: null } });
      expect(await database.db.select({ answer: payments.answer }).from(payments).where(eq(payments.orderId, orderId))).toEqual([{ answer: null }]);
      expect(await madeAtPsp(orderId)).toEqual([]);
      expect(await statusOf(orderId)).toBe('awaiting_payment');
      await firstRequestDone(press.attemptKey);
      expect(await stage.services.payments.dropIn.pay(fan.owner, press)).toMatchObject({ ok: true, value: { outcome: 'authorised' } });
      expect(await madeAtPsp(orderId)).toHaveLength(1);
      expect(await membershipsOf(orderId)).toBe(1);
    });
  });
});
