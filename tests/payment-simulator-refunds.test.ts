// Refunds against the simulator (issue 31: a withdrawal's refund): partial refunds add up to the
// payment's amount and no further; a refund's own reference comes back as its webhook's
// merchantReference. On a real database (PGlite, and PostgreSQL in the other project).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorHarness, type ReceivedItem, type SimulatorHarness } from './support/payment-simulator';

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
