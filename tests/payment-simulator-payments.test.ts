// The simulator's advanced flow (what Drop-in sends through the shop): /payments and
// /payments/details for a new card, a stored card, 3-D Secure and PayPal, and cancels and
// refunds answered 201 with their webhook later, through the real @adyen/api-library on a real
// database (PGlite, and PostgreSQL in the other project).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, locationOf, postBackOf, postForm, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

const RETURN_URL = 'https://shop.example/checkout/return?order=77';

function card(fields: { number?: string; cvc?: string; holderName?: string; month?: string; year?: string } = {}) {
  return {
    type: 'scheme',
    encryptedCardNumber: `test_${fields.number ?? '4111111111111111'}`,
    encryptedExpiryMonth: `test_${fields.month ?? '03'}`,
    encryptedExpiryYear: `test_${fields.year ?? '2030'}`,
    encryptedSecurityCode: `test_${fields.cvc ?? '737'}`,
    holderName: fields.holderName ?? 'APPROVED',
  };
}

function payment(fields: Record<string, unknown>) {
  return {
    amount: { value: 2500, currency: 'EUR' },
    reference: `ORD-${Math.random().toString(36).slice(2, 8)}-1`,
    returnUrl: RETURN_URL,
    merchantAccount: harness.config.merchantAccount,
    ...fields,
  } as never;
}

async function errorOf(attempt: Promise<unknown>): Promise<Record<string, unknown>> {
  return attempt.then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error as Record<string, unknown>,
  );
}

/** Delivers what is due and gives the items the receiver took since `from`. */
async function webhooksSince(from: number) {
  await harness.simulator.deliverDue();
  return harness.received.slice(from);
}

describe('/payments with a card', () => {
  it('authorises Adyen’s test card: a 16-character pspReference, the merchant reference, an AUTHORISATION webhook', async () => {
    const before = harness.received.length;
    const answer = await harness.checkout.PaymentsApi.payments(payment({ reference: 'ORD-9001-1', paymentMethod: card() }), { idempotencyKey: 'pay-9001' });
    expect(answer).toMatchObject({ resultCode: 'Authorised', merchantReference: 'ORD-9001-1', amount: { value: 2500, currency: 'EUR' } });
    expect(answer.pspReference).toMatch(/^[A-Z0-9]{16}$/);
    const item = (await webhooksSince(before)).find((received) => received.pspReference === answer.pspReference);
    expect(item).toMatchObject({ eventCode: 'AUTHORISATION', success: 'true', pspReference: answer.pspReference, merchantReference: 'ORD-9001-1', paymentMethod: 'visa' });
    // The same key gives the same payment, not a second one.
    const again = await harness.checkout.PaymentsApi.payments(payment({ reference: 'ORD-9001-1', paymentMethod: card() }), { idempotencyKey: 'pay-9001' });
    expect(again.pspReference).toBe(answer.pspReference);
    const after = harness.received.length;
    expect(await webhooksSince(after)).toEqual([]);
  });

  it('refuses by holder name and security code with Adyen’s reason and code', async () => {
    expect(await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ holderName: 'CARD_EXPIRED' }) }))).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Expired Card',
      refusalReasonCode: '6',
    });
    expect(await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ cvc: '123' }) }))).toMatchObject({ refusalReason: 'CVC Declined', refusalReasonCode: '24' });
    expect(await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ month: '01', year: '2020' }) }))).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '6' });
    expect(await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ holderName: 'ERROR' }) }))).toMatchObject({ resultCode: 'Error' });
    expect(await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ holderName: 'PENDING' }) }))).toMatchObject({ resultCode: 'Received' });
  });

  it('refuses what it cannot read with Adyen’s 422', async () => {
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ number: '4000000000000002' }) })))).toMatchObject({ statusCode: 422, errorCode: '101' });
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: { ...card(), encryptedCardNumber: 'adyenjs_0_1_25$...' } })))).toMatchObject({ errorCode: '101' });
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ month: '13' }) })))).toMatchObject({ errorCode: '129' });
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: { type: 'ideal' } })))).toMatchObject({ errorCode: '905' });
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card(), storePaymentMethod: true })))).toMatchObject({ errorCode: '000' });
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card(), captureDelayHours: 10_000 })))).toMatchObject({ statusCode: 422 });
  });

  it('sends a 3-D Secure card to its challenge (a redirect action); the shopper goes back by POST with redirectResult, which gives the outcome through /payments/details', async () => {
    const answer = await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ number: '4212345678910006' }) }));
    expect(answer.resultCode).toBe('RedirectShopper');
    expect(answer.action).toMatchObject({ type: 'redirect', method: 'GET', paymentMethodType: 'scheme' });
    const challengeUrl = (answer.action as { url: string }).url;
    const decided = await postForm(challengeUrl, { password: 'password' });
    // Not a 303 (a GET): a page whose form posts the result to the return URL, its query kept.
    expect(decided.status).toBe(200);
    const back = postBackOf(await decided.text(), harness.publicUrl);
    expect(back.url.toString()).toBe('https://shop.example/checkout/return?order=77');
    expect(Object.keys(back.fields)).toEqual(['redirectResult']);
    const details = await harness.checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: back.fields.redirectResult! } });
    expect(details).toMatchObject({ resultCode: 'Authorised', pspReference: answer.pspReference });
    expect(await errorOf(harness.checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: 'made-up' } }))).toMatchObject({ statusCode: 422 });
    // The challenge opened again only leads back, the same way.
    const again = await getPage(challengeUrl);
    expect(again.status).toBe(409);
    expect(postBackOf(await again.text(), harness.publicUrl)).toEqual(back);
  });

  it('refuses a failed challenge with Adyen’s reason', async () => {
    const answer = await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card({ number: '4212345678910006' }) }));
    const back = postBackOf(await (await postForm((answer.action as { url: string }).url, { password: 'guess' })).text(), harness.publicUrl);
    expect(await harness.checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: back.fields.redirectResult! } })).toMatchObject({
      resultCode: 'Refused',
      refusalReason: '3D Not Authenticated',
    });
  });
});

describe('/payments with a stored card', () => {
  it('stores a card with storePaymentMethod and a shopperReference, then pays with its id (ContAuth, CardOnFile) and a CVC', async () => {
    const shopperReference = 'fan-api-store';
    const before = harness.received.length;
    const stored = await harness.checkout.PaymentsApi.payments(
      payment({ paymentMethod: card({ holderName: 'Luca Verdi' }), storePaymentMethod: true, shopperReference, recurringProcessingModel: 'CardOnFile', shopperInteraction: 'Ecommerce' }),
    );
    const storedId = stored.additionalData?.['tokenization.storedPaymentMethodId'] ?? '';
    expect(storedId).toMatch(/^[A-Z0-9]{16}$/);
    expect(stored.additionalData?.['recurring.recurringDetailReference']).toBe(storedId);
    const authorisation = (await webhooksSince(before)).find((item) => item.pspReference === stored.pspReference);
    expect(authorisation?.additionalData).toMatchObject({ 'recurring.recurringDetailReference': storedId, 'recurring.shopperReference': shopperReference, cardSummary: '1111', expiryDate: '03/2030' });

    const paid = await harness.checkout.PaymentsApi.payments(
      payment({ paymentMethod: { type: 'scheme', storedPaymentMethodId: storedId, encryptedSecurityCode: 'test_737' }, shopperReference, shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' }),
    );
    expect(paid).toMatchObject({ resultCode: 'Authorised' });
    expect(await errorOf(harness.checkout.PaymentsApi.payments(payment({ paymentMethod: { type: 'scheme', storedPaymentMethodId: storedId }, shopperReference: 'someone-else' })))).toMatchObject({
      errorCode: '800',
    });
    const listed = await harness.checkout.RecurringApi.getTokensForStoredPaymentDetails(shopperReference, harness.config.merchantAccount);
    expect(listed.storedPaymentMethods).toEqual([expect.objectContaining({ id: storedId, lastFour: '1111', holderName: 'Luca Verdi', brand: 'visa' })]);
    await harness.checkout.RecurringApi.deleteTokenForStoredPaymentDetails(storedId, shopperReference, harness.config.merchantAccount);
    expect(await errorOf(harness.checkout.RecurringApi.deleteTokenForStoredPaymentDetails(storedId, shopperReference, harness.config.merchantAccount))).toMatchObject({ statusCode: 422 });
  });
});

describe('/payments with PayPal', () => {
  it('redirects to the simulated PayPal approval; approved, /payments/details says Authorised', async () => {
    const answer = await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: { type: 'paypal' } }));
    expect(answer.action).toMatchObject({ type: 'redirect', paymentMethodType: 'paypal' });
    const approval = (answer.action as { url: string }).url;
    expect((await getPage(approval)).status).toBe(200);
    const back = locationOf(await postForm(approval, { decision: 'approve' }), harness.publicUrl);
    expect(await harness.checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: back.searchParams.get('redirectResult') ?? '' } })).toMatchObject({ resultCode: 'Authorised' });
  });

  it('answers Drop-in’s PayPal (subtype sdk) with an sdk action, completed by {orderID, payerID} and paymentData', async () => {
    const answer = await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: { type: 'paypal', subtype: 'sdk' } }));
    expect(answer.resultCode).toBe('Pending');
    const action = answer.action as { type: string; paymentData: string; sdkData: { orderID: string } };
    expect(action.type).toBe('sdk');
    const details = await harness.checkout.PaymentsApi.paymentsDetails({ details: { orderID: action.sdkData.orderID, payerID: 'PAYER123' }, paymentData: action.paymentData });
    expect(details).toMatchObject({ resultCode: 'Authorised', pspReference: answer.pspReference });
    expect(await errorOf(harness.checkout.PaymentsApi.paymentsDetails({ details: { orderID: 'other', payerID: 'PAYER123' }, paymentData: action.paymentData }))).toMatchObject({ statusCode: 422 });
  });
});

describe('cancels and refunds', () => {
  it('cancels an authorisation not yet captured: 201 received, then CANCELLATION with originalReference', async () => {
    const paid = await harness.checkout.PaymentsApi.payments(payment({ reference: 'ORD-C1-1', paymentMethod: card(), captureDelayHours: 24 }));
    const before = harness.received.length;
    const cancel = await harness.checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference(paid.pspReference ?? '', { merchantAccount: harness.config.merchantAccount, reference: 'cancel-C1' });
    expect(cancel).toMatchObject({ status: 'received', paymentPspReference: paid.pspReference, reference: 'cancel-C1', merchantAccount: harness.config.merchantAccount });
    const items = await webhooksSince(before);
    expect(items.find((item) => item.eventCode === 'CANCELLATION')).toMatchObject({ success: 'true', originalReference: paid.pspReference, pspReference: cancel.pspReference, merchantReference: 'ORD-C1-1' });
  });

  it('cannot cancel a payment captured at once: CANCELLATION success false', async () => {
    const paid = await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card() }));
    const before = harness.received.length;
    await harness.checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference(paid.pspReference ?? '', { merchantAccount: harness.config.merchantAccount });
    const items = await webhooksSince(before);
    expect(items.find((item) => item.eventCode === 'CANCELLATION')).toMatchObject({ success: 'false', reason: 'Payment is already captured' });
    expect(await errorOf(harness.checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference('NOPE000000000000', { merchantAccount: harness.config.merchantAccount }))).toMatchObject({
      statusCode: 422,
    });
  });

  it('cancels by the merchant reference when the shop never learnt the pspReference: TECHNICAL_CANCEL', async () => {
    const paid = await harness.checkout.PaymentsApi.payments(payment({ reference: 'ORD-T1-1', paymentMethod: card(), captureDelayHours: 2 }));
    const before = harness.received.length;
    const cancel = await harness.checkout.ModificationsApi.cancelAuthorisedPayment({ merchantAccount: harness.config.merchantAccount, paymentReference: 'ORD-T1-1' });
    expect(cancel).toMatchObject({ status: 'received', paymentReference: 'ORD-T1-1' });
    const items = await webhooksSince(before);
    expect(items.find((item) => item.eventCode === 'TECHNICAL_CANCEL')).toMatchObject({ success: 'true', originalReference: paid.pspReference, merchantReference: 'ORD-T1-1' });
  });

  it('refunds up to the amount: REFUND with originalReference, and a refund beyond it fails', async () => {
    const paid = await harness.checkout.PaymentsApi.payments(payment({ paymentMethod: card() }));
    const before = harness.received.length;
    const refund = await harness.checkout.ModificationsApi.refundCapturedPayment(paid.pspReference ?? '', { merchantAccount: harness.config.merchantAccount, amount: { value: 2000, currency: 'EUR' } });
    expect(refund).toMatchObject({ status: 'received', paymentPspReference: paid.pspReference, amount: { value: 2000, currency: 'EUR' } });
    await harness.checkout.ModificationsApi.refundCapturedPayment(paid.pspReference ?? '', { merchantAccount: harness.config.merchantAccount, amount: { value: 1000, currency: 'EUR' } });
    const refunds = (await webhooksSince(before)).filter((item) => item.eventCode === 'REFUND');
    expect(refunds.map((item) => [item.success, item.originalReference, (item.amount as { value: number }).value])).toEqual([
      ['true', paid.pspReference, 2000],
      ['false', paid.pspReference, 1000],
    ]);
  });

  it('reverses a payment whatever its capture: CANCEL_OR_REFUND with originalReference, once', async () => {
    const captured = await harness.checkout.PaymentsApi.payments(payment({ reference: 'ORD-R1-1', paymentMethod: card() }));
    const uncaptured = await harness.checkout.PaymentsApi.payments(payment({ reference: 'ORD-R2-1', paymentMethod: card(), captureDelayHours: 24 }));
    const before = harness.received.length;
    const reversal = await harness.checkout.ModificationsApi.refundOrCancelPayment(captured.pspReference ?? '', { merchantAccount: harness.config.merchantAccount, reference: 'undo-R1' });
    expect(reversal).toMatchObject({ status: 'received', paymentPspReference: captured.pspReference, reference: 'undo-R1' });
    await harness.checkout.ModificationsApi.refundOrCancelPayment(uncaptured.pspReference ?? '', { merchantAccount: harness.config.merchantAccount });
    await harness.checkout.ModificationsApi.refundOrCancelPayment(captured.pspReference ?? '', { merchantAccount: harness.config.merchantAccount });
    const items = (await webhooksSince(before)).filter((item) => item.eventCode === 'CANCEL_OR_REFUND');
    expect(items.map((item) => [item.originalReference, item.success])).toEqual([
      [captured.pspReference, 'true'],
      [uncaptured.pspReference, 'true'],
      [captured.pspReference, 'false'],
    ]);
  });
});
