// Refunds against the simulator (issue 31: a withdrawal's refund): partial refunds add up to the
// payment's amount and no further; a refund's own reference comes back as its webhook's
// merchantReference; support's switch makes a payment's refunds fail (received, then REFUND
// success false) and sends a REFUND_FAILED for a refund that went through; the shop's gateway
// refunds through the real @adyen/api-library, once per Idempotency-Key. On a real database
// (PGlite, and PostgreSQL in the other project).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateway, isRefusedRequest } from '../app/.server/payments/gateway';
import { getPage, locationOf, postForm, startSimulatorHarness, type ReceivedItem, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** A card payment of 25 € through `/payments`, captured at once, its AUTHORISATION delivered. */
async function paidPayment(reference: string): Promise<string> {
  const paid = await harness.checkout.PaymentsApi.payments({
    amount: { value: 2500, currency: 'EUR' },
    reference,
    returnUrl: 'https://shop.example/checkout/return',
    merchantAccount: harness.config.merchantAccount,
    paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName: 'APPROVED' },
  } as never);
  await harness.simulator.deliverDue();
  if (!paid.pspReference) throw new Error('no payment');
  return paid.pspReference;
}

function refund(payment: string, value: number, reference?: string) {
  return harness.checkout.ModificationsApi.refundCapturedPayment(payment, { merchantAccount: harness.config.merchantAccount, amount: { value, currency: 'EUR' }, ...(reference ? { reference } : {}) });
}

/** The payment's REFUND and REFUND_FAILED items delivered so far, oldest first. */
async function refundItems(payment: string): Promise<ReceivedItem[]> {
  await harness.simulator.deliverDue();
  return harness.received.filter((item) => item.originalReference === payment && (item.eventCode === 'REFUND' || item.eventCode === 'REFUND_FAILED'));
}

/** A support form as the browser posts it from the payment's page (same origin). */
function supportPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(harness.url(path), fields, { Origin: harness.publicUrl, Cookie: 'jc_prf_lng=en', ...headers });
}

async function paymentPage(payment: string, language = 'en'): Promise<string> {
  return (await getPage(harness.url(`/_psp/payments/${payment}`), { Cookie: `jc_prf_lng=${language}` })).text();
}

describe('refunds', () => {
  it('partial refunds add up to the payment’s amount; the one that would pass it is received and fails', async () => {
    const payment = await paidPayment('ORD-RF-SUM-1');
    for (const value of [1000, 1000, 500, 1]) {
      expect(await refund(payment, value)).toMatchObject({ status: 'received', paymentPspReference: payment, amount: { value } });
    }
    expect((await refundItems(payment)).map((item) => [(item.amount as { value: number }).value, item.success, item.reason])).toEqual([
      [1000, 'true', ''],
      [1000, 'true', ''],
      [500, 'true', ''],
      [1, 'false', 'Refund exceeds the payment amount'],
    ]);
  });

  it('names the refund’s own reference as the REFUND’s merchantReference, the payment’s without one; a reversal keeps the payment’s', async () => {
    const payment = await paidPayment('ORD-RF-REF-1');
    const withReference = await refund(payment, 700, 'ORD-RF-REF-1-W1');
    expect(withReference).toMatchObject({ reference: 'ORD-RF-REF-1-W1' });
    await refund(payment, 300);
    const items = await refundItems(payment);
    expect(items.map((item) => [item.pspReference, item.merchantReference, item.success])).toEqual([
      [withReference.pspReference, 'ORD-RF-REF-1-W1', 'true'],
      [expect.stringMatching(/^[A-Z0-9]{16}$/), 'ORD-RF-REF-1', 'true'],
    ]);
    const reversed = await paidPayment('ORD-RF-REF-2');
    await harness.checkout.ModificationsApi.refundOrCancelPayment(reversed, { merchantAccount: harness.config.merchantAccount, reference: 'undo-RF-REF-2' });
    await harness.simulator.deliverDue();
    expect(harness.received.find((item) => item.eventCode === 'CANCEL_OR_REFUND' && item.originalReference === reversed)).toMatchObject({ merchantReference: 'ORD-RF-REF-2' });
  });
});

describe('refunds that fail, from the support page', () => {
  it('offers the switch, off, on the payment’s page, in the page’s language', async () => {
    const payment = await paidPayment('ORD-RF-PAGE-1');
    const html = await paymentPage(payment);
    expect(html).toContain('<h2 id="refunds-heading">Refunds</h2>');
    expect(html).toContain(`<form class="form" method="post" action="/_psp/payments/${payment}/refunds-fail">`);
    expect(html).toContain('<legend class="form-field__label">Refunds of this payment fail</legend>');
    expect(html).toMatch(/<input type="radio" id="refunds-fail" name="refundsFail" value="off" checked>/);
    expect(await paymentPage(payment, 'it')).toContain('I rimborsi di questo pagamento falliscono');
  });

  it('switched on: a refund is still received (201) and its REFUND says success false; switched off, the whole amount refunds', async () => {
    const payment = await paidPayment('ORD-RF-SWITCH-1');
    const on = await supportPost(`/_psp/payments/${payment}/refunds-fail`, { refundsFail: 'on' });
    expect(on.status).toBe(303);
    const back = locationOf(on, harness.publicUrl);
    expect(`${back.pathname}${back.search}${back.hash}`).toBe(`/_psp/payments/${payment}?notice=refundsFailOn#refunds`);
    const page = await (await getPage(back.href, { Cookie: 'jc_prf_lng=en' })).text();
    expect(page).toContain('Refunds of this payment now fail');
    expect(page).toMatch(/name="refundsFail" value="on" checked>/);
    const failing = await refund(payment, 1000, 'ORD-RF-SWITCH-1-W1');
    expect(failing).toMatchObject({ status: 'received', reference: 'ORD-RF-SWITCH-1-W1' });
    expect((await supportPost(`/_psp/payments/${payment}/refunds-fail`, { refundsFail: 'off' })).status).toBe(303);
    await refund(payment, 2500, 'ORD-RF-SWITCH-1-W2');
    expect((await refundItems(payment)).map((item) => [item.pspReference === failing.pspReference, item.merchantReference, item.success, item.reason])).toEqual([
      [true, 'ORD-RF-SWITCH-1-W1', 'false', 'Refund Failed'],
      [false, 'ORD-RF-SWITCH-1-W2', 'true', ''],
    ]);
    expect(harness.badSignatures).toEqual([]);
    const listed = await paymentPage(payment);
    expect(listed).toContain(`reference ORD-RF-SWITCH-1-W1: failed (Refund Failed)`);
    expect(listed).toContain(`reference ORD-RF-SWITCH-1-W2: succeeded`);
  });

  it('sends a REFUND_FAILED for a refund that went through: its pspReference, amount and reference, the payment as originalReference', async () => {
    const payment = await paidPayment('ORD-RF-LATER-1');
    const done = await refund(payment, 1200, 'ORD-RF-LATER-1-W1');
    await harness.simulator.deliverDue();
    expect(await paymentPage(payment)).toContain(`action="/_psp/payments/${payment}/refunds/${done.pspReference}/failed"`);
    const sent = await supportPost(`/_psp/payments/${payment}/refunds/${done.pspReference}/failed`, {});
    expect(sent.status).toBe(303);
    expect(locationOf(sent, harness.publicUrl).search).toBe('?notice=sent');
    const failed = (await refundItems(payment)).find((item) => item.eventCode === 'REFUND_FAILED');
    expect(failed).toMatchObject({
      pspReference: done.pspReference,
      originalReference: payment,
      merchantReference: 'ORD-RF-LATER-1-W1',
      amount: { value: 1200, currency: 'EUR' },
      success: 'true',
      reason: 'Refund Failed',
    });
    expect(harness.badSignatures).toEqual([]);
  });

  it('refuses what it cannot do: a refund that failed or is another payment’s (404), a switch without on or off (400), another origin (400)', async () => {
    const payment = await paidPayment('ORD-RF-BAD-1');
    const other = await paidPayment('ORD-RF-BAD-2');
    const othersRefund = await refund(other, 100);
    const tooMuch = await refund(payment, 9999);
    for (const refundReference of [tooMuch.pspReference, othersRefund.pspReference, 'NOSUCHREFUND0000']) {
      expect((await supportPost(`/_psp/payments/${payment}/refunds/${refundReference}/failed`, {})).status).toBe(404);
    }
    expect(await paymentPage(payment)).not.toContain(`/refunds/${tooMuch.pspReference}/failed`);
    for (const fields of [{}, { refundsFail: 'yes' }] as Record<string, string>[]) {
      const refused = await supportPost(`/_psp/payments/${payment}/refunds-fail`, fields);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Form not understood');
    }
    const crossOrigin = await supportPost(`/_psp/payments/${payment}/refunds-fail`, { refundsFail: 'on' }, { Origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(400);
    expect((await supportPost('/_psp/payments/NOSUCHPAYMENT000/refunds-fail', { refundsFail: 'on' })).status).toBe(404);
    expect(await paymentPage(payment)).toMatch(/name="refundsFail" value="off" checked>/);
  });
});

describe('refunds of a charged-back payment', () => {
  it('a refund after a CHARGEBACK is received and fails, as Adyen refuses it; once the chargeback is reversed it goes through', async () => {
    const payment = await paidPayment('ORD-RF-CB-1');
    const chargeback = await supportPost(`/_psp/payments/${payment}/webhooks`, { eventCode: 'CHARGEBACK', amount: '25.00', success: 'true' });
    expect(chargeback.status).toBe(303);
    expect(await refund(payment, 1000, 'ORD-RF-CB-1-W1')).toMatchObject({ status: 'received' });
    const reversed = await supportPost(`/_psp/payments/${payment}/webhooks`, { eventCode: 'CHARGEBACK_REVERSED', amount: '25.00', success: 'true' });
    expect(reversed.status).toBe(303);
    await refund(payment, 1000, 'ORD-RF-CB-1-W2');
    expect((await refundItems(payment)).map((item) => [item.merchantReference, item.success, item.reason])).toEqual([
      ['ORD-RF-CB-1-W1', 'false', 'Transaction is disputed'],
      ['ORD-RF-CB-1-W2', 'true', ''],
    ]);
    // A chargeback held on the support page has happened all the same: only its delivery waits.
    const held = await paidPayment('ORD-RF-CB-2');
    await supportPost(`/_psp/payments/${held}/webhooks`, { eventCode: 'CHARGEBACK', amount: '25.00', success: 'true', hold: 'on' });
    await refund(held, 2500, 'ORD-RF-CB-2-W1');
    expect((await refundItems(held)).map((item) => [item.success, item.reason])).toEqual([['false', 'Transaction is disputed']]);
    // A chargeback that did not happen (success false) blocks nothing.
    const notCharged = await paidPayment('ORD-RF-CB-3');
    await supportPost(`/_psp/payments/${notCharged}/webhooks`, { eventCode: 'CHARGEBACK', amount: '25.00', success: 'false' });
    await refund(notCharged, 2500, 'ORD-RF-CB-3-W1');
    expect((await refundItems(notCharged)).map((item) => item.success)).toEqual(['true']);
  });
});

describe('the gateway’s refund, through the library', () => {
  it('answers the refund’s own pspReference; the same Idempotency-Key is the same refund, another request with it is answered 704; an unknown payment is refused', async () => {
    const gateway = createPaymentGateway(harness.config);
    const payment = await paidPayment('ORD-RF-GW-1');
    const request = { pspReference: payment, amountCents: 1500, reference: 'ORD-RF-GW-1-W1', idempotencyKey: `withdrawal-${randomUUID()}` };
    const first = await gateway.refund(request);
    expect(first.pspReference).toMatch(/^[A-Z0-9]{16}$/);
    expect(first.pspReference).not.toBe(payment);
    expect(await gateway.refund(request)).toEqual(first);
    const items = await refundItems(payment);
    expect(items.map((item) => [item.pspReference, item.merchantReference, (item.amount as { value: number }).value, item.success])).toEqual([[first.pspReference, 'ORD-RF-GW-1-W1', 1500, 'true']]);
    // The key with another request: Adyen's 704, as for a key still in progress (the gateway then
    // waits and asks again, key-in-use.ts; the shop never reuses a key with another body).
    const reused = await harness.checkout.ModificationsApi.refundCapturedPayment(
      payment,
      { merchantAccount: harness.config.merchantAccount, amount: { value: 100, currency: 'EUR' }, reference: request.reference },
      { idempotencyKey: request.idempotencyKey },
    ).catch((error: unknown) => error);
    expect(reused).toMatchObject({ statusCode: 409, errorCode: '704' });
    const unknown = await gateway.refund({ ...request, pspReference: 'NOSUCHPAYMENT000', idempotencyKey: `withdrawal-${randomUUID()}` }).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ statusCode: 422, errorCode: '167' });
    expect(isRefusedRequest(unknown)).toBe(true);
  });
});
