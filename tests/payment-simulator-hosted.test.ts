// The simulator's hosted page as a browser without JavaScript uses it (plain forms, 303s), on a
// real database (PGlite, and PostgreSQL in the other project): each holder-name outcome, a
// refusal shown and retried, 3-D Secure, PayPal, a saved card paid with on a second session,
// an expired session, and an Italian shopper's page. Results read through @adyen/api-library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardForm, getPage, locationOf, postForm, sessionRequest, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function newSession(fields: Record<string, unknown> = {}) {
  return harness.checkout.PaymentsApi.sessions(sessionRequest(harness, fields));
}

/** Follows a 303 back to the shop: its sessionId and the session's result through the library. */
async function resultOfReturn(response: Response, sessionId: string) {
  expect(response.status).toBe(303);
  const back = locationOf(response, harness.publicUrl);
  expect(back.origin + back.pathname).toBe('https://shop.example/paymentgateway/abc');
  expect(back.searchParams.get('lang')).toBe('en');
  expect(back.searchParams.get('sessionId')).toBe(sessionId);
  return harness.checkout.PaymentsApi.getResultOfPaymentSession(sessionId, back.searchParams.get('sessionResult') ?? '');
}

describe('the hosted page', () => {
  it('shows the amount, the reference and an accessible card form in the session’s language (en by default)', async () => {
    const session = await newSession({ reference: 'ORD-5005-1', shopperLocale: undefined });
    const response = await getPage(session.url ?? '');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Pay €49.90</h1>');
    expect(html).toContain('ORD-5005-1');
    for (const autocomplete of ['cc-number', 'cc-exp-month', 'cc-exp-year', 'cc-csc', 'cc-name']) expect(html).toContain(`autocomplete="${autocomplete}"`);
    expect(html).toContain('<label class="form-field__label" for="card-number">Card number</label>');
    expect(html).not.toContain('<script');
    expect(html).toContain('Continue to PayPal');
    // No consent asked without a shopperReference.
    expect(html).not.toContain('name="storeCard"');
  });

  it('is in Italian for an it-IT session', async () => {
    const session = await newSession({ shopperLocale: 'it-IT' });
    const html = await (await getPage(session.url ?? '')).text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('Numero della carta');
    expect(html).toMatch(/<h1>Paga 49,90\s€<\/h1>/);
  });

  it('authorises APPROVED: 303 to returnUrl (its own query kept) with sessionId and sessionResult, and the session is completed', async () => {
    const session = await newSession();
    const result = await resultOfReturn(await postForm(`${session.url}/card`, cardForm({ holderName: 'APPROVED' })), session.id);
    expect(result.status).toBe('completed');
    expect(result.payments?.[0]).toMatchObject({ resultCode: 'Authorised', amount: { value: 4990, currency: 'EUR' } });
  });

  it('shows a refusal with Adyen’s reason and code on the page, and lets the shopper try again successfully', async () => {
    const session = await newSession();
    for (const [holderName, reason, code] of [
      ['DECLINED', 'Refused', '2'],
      ['NOT_ENOUGH_BALANCE', 'Not enough balance', '12'],
    ] as const) {
      const refused = await postForm(`${session.url}/card`, cardForm({ holderName }));
      expect(refused.status).toBe(303);
      const again = locationOf(refused, harness.publicUrl);
      expect(again.pathname).toBe(`/_psp/pay/${session.id}`);
      const html = await (await getPage(again.toString())).text();
      expect(html).toContain('The payment was refused');
      expect(html).toContain(`Reason: ${reason} (code ${code}).`);
      expect(html).toContain('Cancel the payment and return to the shop');
    }
    const result = await resultOfReturn(await postForm(`${session.url}/card`, cardForm({ holderName: 'Mario Rossi' })), session.id);
    expect(result.status).toBe('completed');
  });

  it('ends the session as refused after three refused or failed payments', async () => {
    const session = await newSession();
    await postForm(`${session.url}/card`, cardForm({ holderName: 'CARD_EXPIRED' }));
    await postForm(`${session.url}/card`, cardForm({ holderName: 'ERROR' }));
    const result = await resultOfReturn(await postForm(`${session.url}/card`, cardForm({ cvc: '123' })), session.id);
    expect(result.status).toBe('refused');
  });

  it('leaves a PENDING payment pending: back to the shop with paymentPending', async () => {
    const session = await newSession();
    expect((await resultOfReturn(await postForm(`${session.url}/card`, cardForm({ holderName: 'PENDING' })), session.id)).status).toBe('paymentPending');
  });

  it('answers a form with mistakes with 400, translated field messages and an error summary linking each field', async () => {
    const session = await newSession();
    const response = await postForm(`${session.url}/card`, cardForm({ cardNumber: '1234 5678', expiryMonth: '13', expiryYear: '30', cvc: '7' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('There is a problem');
    for (const id of ['card-number', 'card-expiry-month', 'card-expiry-year', 'card-cvc']) {
      expect(html).toContain(`href="#${id}"`);
      expect(html).toContain(`id="${id}" name=`);
    }
    expect(html).toContain('Enter one of the test card numbers listed on this page');
    expect(html).toContain('aria-invalid="true"');
    // The typed number comes back; the security code never does.
    expect(html).toContain('value="1234 5678"');
    expect(html).not.toContain('value="7"');
    const expired = await postForm(`${session.url}/card`, cardForm({ expiryMonth: '10', expiryYear: '2026' }));
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('The card has expired');
  });

  it('cancelled by the shopper: 303 back with the session canceled', async () => {
    const session = await newSession();
    expect((await resultOfReturn(await postForm(`${session.url}/cancel`, {}), session.id)).status).toBe('canceled');
    // Its page now only leads back, with the same result.
    const ended = await getPage(session.url ?? '');
    expect(ended.status).toBe(409);
    expect(await ended.text()).toContain('This payment has ended');
  });

  it('cannot be paid once expired: the page says so and links back to the shop with the session’s result', async () => {
    // The library takes expiresAt as a Date (it serialises it with toISOString).
    const session = await newSession({ expiresAt: new Date(harness.clock.now().getTime() + 30 * 60 * 1000) });
    harness.clock.advance(30 * 60 * 1000);
    try {
      const paid = await postForm(`${session.url}/card`, cardForm());
      expect(paid.status).toBe(410);
      const html = await paid.text();
      expect(html).toContain('This payment page has expired');
      const link = /href="([^"]*sessionResult[^"]*)"/.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';
      const back = new URL(link);
      expect((await harness.checkout.PaymentsApi.getResultOfPaymentSession(session.id, back.searchParams.get('sessionResult') ?? '')).status).toBe('expired');
    } finally {
      harness.clock.advance(-30 * 60 * 1000);
    }
  });
});

describe('3-D Secure on the hosted page', () => {
  it('takes the card to its challenge; the right password authorises', async () => {
    const session = await newSession();
    const toChallenge = await postForm(`${session.url}/card`, cardForm({ cardNumber: '4212 3456 7891 0006' }));
    const challenge = locationOf(toChallenge, harness.publicUrl);
    expect(challenge.pathname).toMatch(/^\/_psp\/3ds\//);
    const page = await (await getPage(challenge.toString())).text();
    expect(page).toContain('autocomplete="one-time-code"');
    const result = await resultOfReturn(await postForm(challenge.toString(), { password: 'password' }), session.id);
    expect(result.status).toBe('completed');
  });

  it('refuses a wrong password with Adyen’s failed authentication, back on the page', async () => {
    const session = await newSession();
    const challenge = locationOf(await postForm(`${session.url}/card`, cardForm({ cardNumber: '4212345678910006' })), harness.publicUrl);
    expect((await postForm(challenge.toString(), { password: '' })).status).toBe(400);
    const refused = await postForm(challenge.toString(), { password: 'wrong' });
    const html = await (await getPage(locationOf(refused, harness.publicUrl).toString())).text();
    expect(html).toContain('Reason: 3D Not Authenticated (code 11).');
    // The challenge cannot be answered twice.
    expect((await postForm(challenge.toString(), { password: 'password' })).status).toBe(409);
  });
});

describe('PayPal on the hosted page', () => {
  it('approved on the simulated PayPal page: the session completes', async () => {
    const session = await newSession();
    const approval = locationOf(await postForm(`${session.url}/paypal`, {}), harness.publicUrl);
    expect(approval.pathname).toMatch(/^\/_psp\/paypal\//);
    expect(await (await getPage(approval.toString())).text()).toContain('Approve and pay');
    const result = await resultOfReturn(await postForm(approval.toString(), { decision: 'approve' }), session.id);
    expect(result).toMatchObject({ status: 'completed', payments: [{ paymentMethod: { type: 'paypal' } }] });
  });

  it('cancelled on PayPal: back on the hosted page to choose again, the session still open', async () => {
    const session = await newSession({ allowedPaymentMethods: ['paypal'] });
    const approval = locationOf(await postForm(`${session.url}/paypal`, {}), harness.publicUrl);
    const back = locationOf(await postForm(approval.toString(), { decision: 'cancel' }), harness.publicUrl);
    const html = await (await getPage(back.toString())).text();
    expect(html).toContain('You cancelled the PayPal payment');
    // Only PayPal is allowed here: no card form.
    expect(html).not.toContain('cc-number');
  });
});

describe('saved cards', () => {
  it('stores a card the shopper consents to save, lists it, pays with it (CVC) on a second session, and deletes it', async () => {
    const shopperReference = 'fan-saver-1';
    const first = await newSession({ shopperReference, storePaymentMethodMode: 'askForConsent', recurringProcessingModel: 'CardOnFile' });
    expect(await (await getPage(first.url ?? '')).text()).toContain('name="storeCard"');
    await resultOfReturn(await postForm(`${first.url}/card`, cardForm({ cardNumber: '5555 5555 5555 4444', holderName: 'Maria Bianchi', storeCard: 'on' })), first.id);

    const methods = await harness.checkout.PaymentsApi.paymentMethods({ merchantAccount: harness.config.merchantAccount, shopperReference });
    expect(methods.storedPaymentMethods).toEqual([
      expect.objectContaining({
        brand: 'mc',
        lastFour: '4444',
        expiryMonth: '03',
        expiryYear: '2030',
        holderName: 'Maria Bianchi',
        type: 'scheme',
        supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
        supportedRecurringProcessingModels: ['CardOnFile'],
      }),
    ]);
    const storedId = methods.storedPaymentMethods?.[0]?.id ?? '';
    const listed = await harness.checkout.RecurringApi.getTokensForStoredPaymentDetails(shopperReference, harness.config.merchantAccount);
    expect(listed.storedPaymentMethods?.map((method) => method.id)).toEqual([storedId]);

    const second = await newSession({ shopperReference, storePaymentMethodMode: 'askForConsent' });
    const page = await (await getPage(second.url ?? '')).text();
    expect(page).toContain('Your saved cards');
    expect(page).toContain(`id="stored-${storedId}-cvc"`);
    expect((await postForm(`${second.url}/stored`, { storedPaymentMethodId: storedId, cvc: '' })).status).toBe(400);
    expect((await resultOfReturn(await postForm(`${second.url}/stored`, { storedPaymentMethodId: storedId, cvc: '737' }), second.id)).status).toBe('completed');

    await harness.checkout.RecurringApi.deleteTokenForStoredPaymentDetails(storedId, shopperReference, harness.config.merchantAccount);
    expect((await harness.checkout.RecurringApi.getTokensForStoredPaymentDetails(shopperReference, harness.config.merchantAccount)).storedPaymentMethods).toEqual([]);
  });

  it('stores nothing without consent', async () => {
    const shopperReference = 'fan-no-consent';
    const session = await newSession({ shopperReference, storePaymentMethodMode: 'askForConsent' });
    await resultOfReturn(await postForm(`${session.url}/card`, cardForm()), session.id);
    expect((await harness.checkout.PaymentsApi.paymentMethods({ merchantAccount: harness.config.merchantAccount, shopperReference })).storedPaymentMethods).toEqual([]);
  });
});
