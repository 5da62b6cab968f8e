// The payment simulator's Checkout API v72, called through the real @adyen/api-library as the
// shop calls it, on a real database (PGlite, and PostgreSQL in the other project): payment
// methods, sessions and their result, Idempotency-Key, and Adyen's error shape for bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutApi } from '../app/.server/payments/http-client';
import { cardForm, locationOf, postForm, sessionRequest, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** What the library's HttpClientException carries of Adyen's error body. */
async function adyenErrorOf(attempt: Promise<unknown>): Promise<{ statusCode?: number; errorCode?: string; apiError?: { message?: string; errorType?: string } }> {
  try {
    await attempt;
  } catch (error) {
    return error as never;
  }
  throw new Error('expected an error');
}

async function rawPost(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(harness.url(`/_psp/checkout/v72${path}`), {
    method: 'POST',
    headers: { 'X-API-Key': harness.config.apiKey, 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('payment methods and access', () => {
  it('lists card (visa, mc) and PayPal for the merchant account, and no stored card for a new shopper', async () => {
    const methods = await harness.checkout.PaymentsApi.paymentMethods({ merchantAccount: harness.config.merchantAccount, shopperReference: 'fan-new' });
    expect(methods.paymentMethods?.map((method) => [method.type, method.brands ?? null])).toEqual([
      ['scheme', ['visa', 'mc']],
      ['paypal', null],
    ]);
    expect(methods.storedPaymentMethods).toEqual([]);
  });

  it('answers a wrong API key with Adyen’s 401, as the library’s HttpClientException', async () => {
    const attempt = checkoutApi({ ...harness.config, apiKey: 'WRONG-KEY-0123456789' }).PaymentsApi.paymentMethods({ merchantAccount: harness.config.merchantAccount });
    await expect(attempt).rejects.toMatchObject({ name: 'HttpClientException', statusCode: 401, errorCode: '000' });
  });

  it('answers another merchant account with Adyen’s 403 901', async () => {
    const attempt = harness.checkout.PaymentsApi.paymentMethods({ merchantAccount: 'SomeoneElse' });
    await expect(attempt).rejects.toMatchObject({ statusCode: 403, errorCode: '901', apiError: { message: 'Invalid Merchant Account' } });
  });
});

describe('sessions', () => {
  it('creates a hosted session (201) with Adyen’s fields, its page’s url and a default expiry of one hour', async () => {
    const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness, { reference: 'ORD-1001-1', shopperReference: 'fan-1001' }));
    expect(session).toMatchObject({ reference: 'ORD-1001-1', merchantAccount: 'FanShopSimulator', amount: { value: 4990, currency: 'EUR' }, shopperReference: 'fan-1001' });
    expect(session.id).toMatch(/^CS[A-Z0-9]{16}$/);
    expect(session.url).toBe(`${harness.publicUrl}/_psp/pay/${session.id}`);
    expect(session.sessionData).toEqual(expect.any(String));
    expect(new Date(session.expiresAt).getTime() - harness.clock.now().getTime()).toBe(60 * 60 * 1000);
  });

  it('gives the result of a session the shopper completed, as the return URL carried it', async () => {
    const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness));
    const paid = await postForm(`${session.url}/card`, cardForm());
    const back = locationOf(paid, harness.publicUrl);
    const result = await harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, back.searchParams.get('sessionResult') ?? '');
    expect(result).toMatchObject({ id: session.id, status: 'completed' });
  });

  it('refuses a sessionResult that is not the session’s, and an unknown session, in Adyen’s shape', async () => {
    const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness));
    expect(await adyenErrorOf(harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, 'made-up'))).toMatchObject({ statusCode: 422, errorCode: '000' });
    expect(await adyenErrorOf(harness.checkout.PaymentsApi.getResultOfPaymentSession('CS0000000000000000', 'made-up'))).toMatchObject({ statusCode: 404 });
  });

  it('honours Idempotency-Key: the same key and request give the same session; another request with it is refused (409 704)', async () => {
    const request = sessionRequest(harness, { reference: 'ORD-2002-1' });
    const first = await harness.checkout.PaymentsApi.sessions(request, { idempotencyKey: 'attempt-2002' });
    const again = await harness.checkout.PaymentsApi.sessions(request, { idempotencyKey: 'attempt-2002' });
    expect(again.id).toBe(first.id);
    expect(again.sessionData).toBe(first.sessionData);
    const other = await adyenErrorOf(harness.checkout.PaymentsApi.sessions(sessionRequest(harness, { reference: 'ORD-2002-2' }), { idempotencyKey: 'attempt-2002' }));
    expect(other).toMatchObject({ statusCode: 409, errorCode: '704', apiError: { message: 'request already processed or in progress' } });
    const tooLong = await adyenErrorOf(harness.checkout.PaymentsApi.sessions(request, { idempotencyKey: 'k'.repeat(65) }));
    expect(tooLong).toMatchObject({ statusCode: 422 });
  });

  it('keeps no answer for a refused request: the corrected request may use the same key', async () => {
    const refused = await rawPost('/sessions', JSON.stringify({ ...(sessionRequest(harness) as Record<string, unknown>), amount: undefined }), { 'Idempotency-Key': 'attempt-3003' });
    expect(refused.status).toBe(422);
    const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness, { reference: 'ORD-3003-1' }), { idempotencyKey: 'attempt-3003' });
    expect(session.reference).toBe('ORD-3003-1');
  });
});

describe('bad input gets Adyen’s error shape, never a 500', () => {
  const valid = () => sessionRequest(harness) as unknown as Record<string, unknown>;
  it.each([
    ['no amount', { amount: undefined }, '100'],
    ['an amount as text', { amount: { value: '4990', currency: 'EUR' } }, '137'],
    ['a huge amount', { amount: { value: 1e20, currency: 'EUR' } }, '137'],
    ['a fractional amount', { amount: { value: 49.9, currency: 'EUR' } }, '137'],
    ['another currency', { amount: { value: 4990, currency: 'USD' } }, '138'],
    ['no reference', { reference: undefined }, '130'],
    ['a reference of 81 characters', { reference: 'R'.repeat(81) }, '000'],
    ['no returnUrl', { returnUrl: undefined }, '14_030'],
    ['a returnUrl that is no URL', { returnUrl: 'javascript:alert(1)' }, '000'],
    ['a shopperReference of 2 characters', { shopperReference: 'ab' }, '000'],
    ['a shopperReference as a number', { shopperReference: 12345 }, '000'],
    ['an expiresAt past the 24 hours', { expiresAt: '2026-11-27T10:00:00Z' }, '000'],
    ['an expiresAt that is no date', { expiresAt: 'tomorrow' }, '000'],
    ['an unknown storePaymentMethodMode', { storePaymentMethodMode: 'always' }, '000'],
    ['allowedPaymentMethods as text', { allowedPaymentMethods: 'scheme' }, '000'],
  ])('%s → 422 %s', async (_case, change, errorCode) => {
    const answer = await rawPost('/sessions', JSON.stringify({ ...valid(), ...change }));
    expect(answer).toEqual({ status: 422, body: { status: 422, errorCode, message: expect.any(String), errorType: 'validation' } });
  });

  it('answers a body that is no JSON, or no object, with Adyen’s 400, and a huge body with 413', async () => {
    expect(await rawPost('/sessions', '{"amount":')).toMatchObject({ status: 400, body: { status: 400, errorCode: '000' } });
    expect(await rawPost('/sessions', '[1,2]')).toMatchObject({ status: 400, body: { errorCode: '000' } });
    expect(await rawPost('/sessions', JSON.stringify({ ...valid(), reference: 'x'.repeat(100_000) }))).toMatchObject({ status: 413, body: { status: 413 } });
  });

  it('answers an endpoint it does not have with Adyen’s 404 body', async () => {
    expect(await rawPost('/payments/ABC/captures', '{}')).toMatchObject({ status: 404, body: { status: 404, errorCode: '000' } });
  });
});
