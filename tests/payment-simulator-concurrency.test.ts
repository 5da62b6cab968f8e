// One authorisation per session, as Adyen's hosted page: a double or triple click of the card
// form, the card form racing the cancel button, PayPal approved in two tabs, a challenge
// answered after another tab paid. The posts really race (Promise.all of HTTP requests): on
// PGlite (one connection) they serialise, on PostgreSQL only the session's row lock keeps them
// apart. Also Idempotency-Key under concurrent requests with the same key: Adyen answers 704 while
// the first is in flight.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pspSimIdempotency, pspSimPayments, pspSimWebhooks } from '../app/.server/db/schema';
import { cardForm, locationOf, postForm, sessionRequest, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

const SHOP_RETURN = 'https://shop.example/paymentgateway/abc';

async function newSession(fields: Record<string, unknown> = {}) {
  return harness.checkout.PaymentsApi.sessions(sessionRequest(harness, fields));
}

async function paymentsOf(sessionId: string) {
  return harness.database.db.select().from(pspSimPayments).where(eq(pspSimPayments.sessionId, sessionId));
}

async function authorisationsOf(pspReferences: string[]) {
  const webhooks = await harness.database.db.select().from(pspSimWebhooks).where(eq(pspSimWebhooks.eventCode, 'AUTHORISATION'));
  return webhooks.filter((webhook) => pspReferences.includes(webhook.pspReference)).map((webhook) => webhook.item);
}

/** Where a 303 sends the shopper back to the shop: its sessionResult (null when it leads elsewhere). */
function sessionResultOf(response: Response): string | null {
  expect(response.status).toBe(303);
  const back = locationOf(response, harness.publicUrl);
  return back.origin + back.pathname === SHOP_RETURN ? back.searchParams.get('sessionResult') : null;
}

describe('the hosted page under concurrent posts', () => {
  it('a triple click of the card form authorises one payment: every post goes back to the shop with the same result', async () => {
    const session = await newSession();
    const responses = await Promise.all([1, 2, 3].map(() => postForm(`${session.url}/card`, cardForm({ holderName: 'APPROVED' }))));
    const results = responses.map(sessionResultOf);
    expect(results[0]).toEqual(expect.any(String));
    expect(new Set(results)).toEqual(new Set([results[0]]));
    const payments = await paymentsOf(session.id);
    expect(payments.map((payment) => payment.resultCode)).toEqual(['Authorised']);
    expect(await authorisationsOf(payments.map((payment) => payment.pspReference))).toHaveLength(1);
    expect(await harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, results[0] ?? '')).toMatchObject({ status: 'completed' });
  });

  it('a card post to a session that has ended creates no payment and goes back to the shop with the session’s result (303)', async () => {
    const session = await newSession();
    const first = sessionResultOf(await postForm(`${session.url}/card`, cardForm()));
    for (const action of ['card', 'stored', 'paypal', 'cancel']) {
      const again = await postForm(`${session.url}/${action}`, action === 'card' ? cardForm() : { storedPaymentMethodId: 'X', cvc: '737' });
      expect(sessionResultOf(again)).toBe(first);
    }
    expect(await paymentsOf(session.id)).toHaveLength(1);
  });

  it('the card form racing the cancel button: completed with one payment, or cancelled with none authorised', async () => {
    for (let round = 0; round < 4; round += 1) {
      const session = await newSession();
      const [paid, cancelled] = await Promise.all([postForm(`${session.url}/card`, cardForm()), postForm(`${session.url}/cancel`, {})]);
      const result = sessionResultOf(paid);
      expect(sessionResultOf(cancelled)).toBe(result);
      const { status } = await harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, result ?? '');
      const authorised = (await paymentsOf(session.id)).filter((payment) => payment.resultCode === 'Authorised');
      expect(authorised).toHaveLength(status === 'completed' ? 1 : 0);
      expect(['completed', 'canceled']).toContain(status);
    }
  });

  it('two card forms and PayPal posted at once: one card payment, authorised; PayPal only if it started first, and left waiting', async () => {
    const session = await newSession();
    await Promise.all([postForm(`${session.url}/card`, cardForm()), postForm(`${session.url}/paypal`, {}), postForm(`${session.url}/card`, cardForm())]);
    const payments = await paymentsOf(session.id);
    expect(payments.filter((payment) => payment.method === 'scheme').map((payment) => payment.resultCode)).toEqual(['Authorised']);
    const paypal = payments.filter((payment) => payment.method === 'paypal');
    expect(paypal.map((payment) => payment.resultCode)).toEqual(paypal.length === 0 ? [] : ['RedirectShopper']);
  });
});

describe('a challenge or approval finished after the session ended', () => {
  it('PayPal started in two tabs and approved in both at once: one authorises, the other is cancelled; both go back with the same result', async () => {
    const session = await newSession();
    const approvals = [locationOf(await postForm(`${session.url}/paypal`, {}), harness.publicUrl), locationOf(await postForm(`${session.url}/paypal`, {}), harness.publicUrl)];
    const responses = await Promise.all(approvals.map((approval) => postForm(approval.toString(), { decision: 'approve' })));
    const [first, second] = responses.map(sessionResultOf);
    expect(first).toEqual(expect.any(String));
    expect(second).toBe(first);
    const payments = await paymentsOf(session.id);
    expect(payments.map((payment) => payment.resultCode).sort()).toEqual(['Authorised', 'Cancelled']);
    const webhooks = await authorisationsOf(payments.map((payment) => payment.pspReference));
    expect(webhooks.map((item) => item.success).sort()).toEqual(['false', 'true']);
    expect((await harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, first ?? '')).payments).toHaveLength(1);
  });

  it('PayPal approved after another tab paid by card: cancelled, never authorised', async () => {
    const session = await newSession();
    const approval = locationOf(await postForm(`${session.url}/paypal`, {}), harness.publicUrl);
    const paid = sessionResultOf(await postForm(`${session.url}/card`, cardForm()));
    expect(sessionResultOf(await postForm(approval.toString(), { decision: 'approve' }))).toBe(paid);
    const [paypal] = (await paymentsOf(session.id)).filter((payment) => payment.method === 'paypal');
    expect(paypal).toMatchObject({ resultCode: 'Cancelled' });
    expect(await authorisationsOf([paypal?.pspReference ?? ''])).toEqual([expect.objectContaining({ success: 'false', reason: 'Cancelled' })]);
  });

  it('a 3-D Secure challenge answered after another tab paid: cancelled, and back to the shop with the session’s result', async () => {
    const session = await newSession();
    const challenge = locationOf(await postForm(`${session.url}/card`, cardForm({ cardNumber: '4212 3456 7891 0006' })), harness.publicUrl);
    const paid = sessionResultOf(await postForm(`${session.url}/card`, cardForm({ cardNumber: '5555 5555 5555 4444' })));
    expect(sessionResultOf(await postForm(challenge.toString(), { password: 'password' }))).toBe(paid);
    const payments = await paymentsOf(session.id);
    expect(payments.filter((payment) => payment.resultCode === 'Authorised').map((payment) => payment.lastFour)).toEqual(['4444']);
    expect(payments.find((payment) => payment.lastFour === '0006')).toMatchObject({ resultCode: 'Cancelled' });
  });

  it('a challenge answered after the shopper cancelled the session in another tab: cancelled', async () => {
    const session = await newSession();
    const challenge = locationOf(await postForm(`${session.url}/card`, cardForm({ cardNumber: '4212 3456 7891 0006' })), harness.publicUrl);
    const cancelled = sessionResultOf(await postForm(`${session.url}/cancel`, {}));
    expect(sessionResultOf(await postForm(challenge.toString(), { password: 'password' }))).toBe(cancelled);
    expect((await paymentsOf(session.id)).map((payment) => payment.resultCode)).toEqual(['Cancelled']);
    expect((await harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, cancelled ?? '')).status).toBe('canceled');
  });
});

describe('Idempotency-Key under concurrent requests', () => {
  function cardPayment(reference: string) {
    return {
      amount: { value: 1500, currency: 'EUR' },
      reference,
      returnUrl: 'https://shop.example/checkout/return',
      merchantAccount: harness.config.merchantAccount,
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName: 'APPROVED' },
    } as never;
  }

  async function paymentsWithReference(reference: string) {
    return harness.database.db.select().from(pspSimPayments).where(and(eq(pspSimPayments.merchantReference, reference), eq(pspSimPayments.merchantAccount, harness.config.merchantAccount)));
  }

  it('the same key and body sent six times at once: one payment is made; while it is in flight the others are answered 704 at once, as Adyen does; later, its answer', async () => {
    const reference = 'ORD-IDEM-1';
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => harness.checkout.PaymentsApi.payments(cardPayment(reference), { idempotencyKey: 'concurrent-key-1' })));
    const answers = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const inProgress = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    // PGlite has one connection: the first request's work holds it, so the others can only look at
    // the key once it is done (and get its answer). On PostgreSQL they meet it in flight.
    if (harness.database.kind === 'postgres') expect(inProgress.length).toBeGreaterThan(0);
    for (const refused of inProgress) expect(refused).toMatchObject({ statusCode: 409, errorCode: '704' });
    const references = new Set(answers.map((answer) => answer.pspReference));
    expect(references.size).toBe(1);
    expect(answers.every((answer) => answer.resultCode === 'Authorised')).toBe(true);
    expect(await paymentsWithReference(reference)).toHaveLength(1);
    expect(await authorisationsOf([...references].map(String))).toHaveLength(1);
    // Later, the same request with the key still gets the first answer.
    expect((await harness.checkout.PaymentsApi.payments(cardPayment(reference), { idempotencyKey: 'concurrent-key-1' })).pspReference).toBe(answers[0]?.pspReference);
  });

  it('a key whose first request never finished (its process died) is taken over once its claim is a minute old; a refused request frees its key', async () => {
    const { db } = harness.database;
    await db.insert(pspSimIdempotency).values({ key: 'abandoned-key', requestHash: 'whatever', status: 0, body: {}, createdAt: harness.clock.now() });
    await expect(harness.checkout.PaymentsApi.payments(cardPayment('ORD-IDEM-3'), { idempotencyKey: 'abandoned-key' })).rejects.toMatchObject({ statusCode: 409, errorCode: '704' });
    harness.clock.advance(61_000);
    expect(await harness.checkout.PaymentsApi.payments(cardPayment('ORD-IDEM-3'), { idempotencyKey: 'abandoned-key' })).toMatchObject({ resultCode: 'Authorised' });
    expect(await paymentsWithReference('ORD-IDEM-3')).toHaveLength(1);
    // A request refused for its input keeps nothing: corrected, it may use the key again.
    const noAmount = { ...(cardPayment('ORD-IDEM-4') as object), amount: undefined } as never;
    await expect(harness.checkout.PaymentsApi.payments(noAmount, { idempotencyKey: 'refused-key' })).rejects.toMatchObject({ statusCode: 422 });
    expect(await db.select().from(pspSimIdempotency).where(eq(pspSimIdempotency.key, 'refused-key'))).toEqual([]);
    expect(await harness.checkout.PaymentsApi.payments(cardPayment('ORD-IDEM-4'), { idempotencyKey: 'refused-key' })).toMatchObject({ resultCode: 'Authorised' });
  });

  it('the same key with different bodies at once: one is processed, the others are refused with 704', async () => {
    const outcomes = await Promise.allSettled(
      ['ORD-IDEM-2A', 'ORD-IDEM-2B', 'ORD-IDEM-2C'].map((reference) => harness.checkout.PaymentsApi.payments(cardPayment(reference), { idempotencyKey: 'concurrent-key-2' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ statusCode: 409, errorCode: '704' });
    }
    const made = await Promise.all(['ORD-IDEM-2A', 'ORD-IDEM-2B', 'ORD-IDEM-2C'].map(paymentsWithReference));
    expect(made.flat()).toHaveLength(1);
  });
});
