// The simulator's support page as the Customer Area's test webhooks: every event code sent for
// a listed payment with a chosen amount and success, Adyen's references on the wire, signed as
// the library checks; REPORT_AVAILABLE about no payment; a waiting webhook held and sent later,
// so the shop gets events in any order; a bad amount answered 400 with a translated summary;
// posts from another origin refused. On a real database (PGlite, and PostgreSQL in the other project).
import http from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pspSimPayments, pspSimWebhooks } from '../app/.server/db/schema';
import { HELD_UNTIL } from '../app/.server/payments/simulator/delivery';
import { cardForm, getPage, locationOf, postForm, sessionRequest, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.simulator.deliverDue();
  harness.received.length = 0;
});

/** A payment made on the hosted page, its AUTHORISATION already delivered unless `keepQueued`. */
async function paidPayment(reference: string, options: { keepQueued?: boolean } = {}) {
  const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness, { reference }));
  await postForm(`${session.url}/card`, cardForm());
  if (!options.keepQueued) await harness.simulator.deliverDue();
  harness.received.length = 0;
  const [payment] = await harness.database.db.select().from(pspSimPayments).where(eq(pspSimPayments.merchantReference, reference));
  if (!payment) throw new Error('no payment');
  return payment;
}

/** A support form as the browser posts it from the support page (same origin). */
function supportPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(harness.url(path), fields, { Origin: harness.publicUrl, Cookie: 'jc_prf_lng=en', ...headers });
}

function sendEvent(pspReference: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return supportPost(`/_psp/payments/${pspReference}/webhooks`, { eventCode: 'AUTHORISATION', amount: '49.90', success: 'true', ...fields }, headers);
}

/** A form post with its own Host header (fetch will not set one), answering its status. */
function postWithHost(path: string, host: string, origin: string): Promise<number> {
  const body = 'eventCode=REFUND&amount=1&success=true';
  return new Promise((resolve, reject) => {
    const request = http.request(harness.url(path), { method: 'POST', headers: { Host: host, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The payment's webhook of that event code (the latest queued, with `latest`). */
async function webhookOf(eventCode: string, paymentPspReference: string, which: 'first' | 'latest' = 'first') {
  const rows = await harness.database.db.select().from(pspSimWebhooks).where(eq(pspSimWebhooks.paymentPspReference, paymentPspReference)).orderBy(asc(pspSimWebhooks.id));
  const matching = rows.filter((candidate) => candidate.eventCode === eventCode);
  const row = which === 'first' ? matching[0] : matching.at(-1);
  if (!row) throw new Error(`no ${eventCode} queued`);
  return row;
}

describe('test webhooks from the support page', () => {
  it('lists each payment with a link to its page, which offers every event code with the payment’s amount and success', async () => {
    const payment = await paidPayment('ORD-S-LINK');
    const list = await (await getPage(harness.url('/_psp/'), { Cookie: 'jc_prf_lng=en' })).text();
    expect(list).toContain(`href="/_psp/payments/${payment.pspReference}"`);
    const response = await getPage(harness.url(`/_psp/payments/${payment.pspReference}`), { Cookie: 'jc_prf_lng=en' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h2 id="send-heading">Send a test webhook</h2>');
    expect(html).toContain('<label class="form-field__label" for="event-code">Event</label>');
    for (const code of ['AUTHORISATION', 'CANCELLATION', 'CANCEL_OR_REFUND', 'TECHNICAL_CANCEL', 'REFUND', 'REFUND_FAILED', 'CAPTURE', 'CAPTURE_FAILED', 'CHARGEBACK', 'NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK_REVERSED', 'OFFER_CLOSED']) {
      expect(html).toContain(`<option value="${code}"`);
    }
    expect(html).toContain('value="49.90"');
    expect(html).toMatch(/<input type="radio" id="event-success" name="success" value="true" checked/);
    expect(html).not.toContain('<script');
    const italian = await (await getPage(harness.url(`/_psp/payments/${payment.pspReference}`), { Cookie: 'jc_prf_lng=it' })).text();
    expect(italian).toContain('Invia un webhook di prova');
    expect(italian).toContain('value="49,90"');
  });

  it('sends each event with Adyen’s references: the payment’s own, a modification’s new one, one dispute reference; all signed', async () => {
    const payment = await paidPayment('ORD-S-WIRE');
    const codes = ['AUTHORISATION', 'OFFER_CLOSED', 'CANCELLATION', 'CANCEL_OR_REFUND', 'TECHNICAL_CANCEL', 'REFUND', 'REFUND_FAILED', 'CAPTURE', 'CAPTURE_FAILED', 'CHARGEBACK', 'NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK_REVERSED'];
    for (const [index, eventCode] of codes.entries()) {
      const response = await sendEvent(payment.pspReference, { eventCode, amount: index % 2 === 0 ? '12,34' : '5', success: index === 0 ? 'false' : 'true' });
      expect(response.status).toBe(303);
      expect(locationOf(response, harness.publicUrl).pathname).toBe(`/_psp/payments/${payment.pspReference}`);
    }
    expect(await harness.simulator.deliverDue()).toBe(codes.length);
    expect(harness.badSignatures).toEqual([]);
    const items = new Map(harness.received.map((item) => [String(item.eventCode), item]));
    expect([...items.keys()].sort()).toEqual([...codes].sort());
    for (const item of harness.received) {
      expect(item).toMatchObject({ merchantReference: 'ORD-S-WIRE', merchantAccountCode: 'FanShopSimulator', paymentMethod: 'visa' });
    }
    expect(items.get('AUTHORISATION')).toMatchObject({ pspReference: payment.pspReference, success: 'false', amount: { value: 1234, currency: 'EUR' }, reason: 'Refused' });
    expect(items.get('AUTHORISATION')).not.toHaveProperty('originalReference');
    expect(items.get('OFFER_CLOSED')).toMatchObject({ pspReference: payment.pspReference, success: 'true', amount: { value: 500, currency: 'EUR' } });
    expect(items.get('OFFER_CLOSED')).not.toHaveProperty('originalReference');
    const modifications = ['CANCELLATION', 'CANCEL_OR_REFUND', 'TECHNICAL_CANCEL', 'REFUND', 'REFUND_FAILED', 'CAPTURE', 'CAPTURE_FAILED'].map((code) => items.get(code));
    for (const item of modifications) {
      expect(item).toMatchObject({ originalReference: payment.pspReference, pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/) });
      expect(item?.pspReference).not.toBe(payment.pspReference);
    }
    expect(new Set(modifications.map((item) => item?.pspReference)).size).toBe(modifications.length);
    const disputes = ['CHARGEBACK', 'NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK_REVERSED'].map((code) => items.get(code));
    const disputeReference = disputes[0]?.pspReference;
    expect(disputeReference).toMatch(/^[A-Z0-9]{16}$/);
    expect(disputeReference).not.toBe(payment.pspReference);
    for (const item of disputes) expect(item).toMatchObject({ pspReference: disputeReference, originalReference: payment.pspReference });
    // Another payment's dispute has a reference of its own.
    const other = await paidPayment('ORD-S-WIRE-2');
    await sendEvent(other.pspReference, { eventCode: 'CHARGEBACK' });
    await harness.simulator.deliverDue();
    expect(harness.received.at(-1)?.pspReference).not.toBe(disputeReference);
  });

  it('sends REPORT_AVAILABLE about no payment: a report’s file name, an empty merchantReference, 0 EUR, success true', async () => {
    const response = await supportPost('/_psp/reports', {});
    expect(response.status).toBe(303);
    expect(locationOf(response, harness.publicUrl).pathname).toBe('/_psp/payments');
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(harness.badSignatures).toEqual([]);
    const [item] = harness.received;
    expect(item).toMatchObject({
      eventCode: 'REPORT_AVAILABLE',
      merchantReference: '',
      pspReference: expect.stringMatching(/^settlement_detail_report_batch_\d+\.csv$/),
      amount: { value: 0, currency: 'EUR' },
      success: 'true',
      reason: expect.stringMatching(/^https:\/\/ca-test\.adyen\.com\/reports\/download\/MerchantAccount\/FanShopSimulator\//),
    });
    expect(item).not.toHaveProperty('originalReference');
    const list = await (await getPage(harness.url('/_psp/payments'), { Cookie: 'jc_prf_lng=en' })).text();
    expect(list).toContain('REPORT_AVAILABLE: delivered (1 attempt)');
  });

  it('answers a bad amount with 400, the translated message, and an error summary that names and links the field and takes focus', async () => {
    const payment = await paidPayment('ORD-S-BAD');
    for (const amount of ['', '12.345', '-5', '1e3', 'ten', '99999999']) {
      const response = await sendEvent(payment.pspReference, { amount });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toMatch(/<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>/);
      expect(html).toContain(`<a href="#event-amount">Amount in euros: Enter the amount${amount ? ' in euros with at most two decimals, for example 49.90' : ''}</a>`);
      expect(html).toContain('aria-invalid="true"');
    }
    const tampered = await sendEvent(payment.pspReference, { eventCode: 'PAYOUT_THIRDPARTY', success: 'maybe', amount: '1' }, { Cookie: 'jc_prf_lng=it' });
    expect(tampered.status).toBe(400);
    const html = await tampered.text();
    expect(html).toContain('<a href="#event-code">Evento: Scegli uno degli eventi elencati</a>');
    expect(html).toContain('<a href="#event-success">Esito (success): Scegli se l&#39;evento è riuscito</a>');
    expect(await harness.simulator.deliverDue()).toBe(0);
  });

  it('refuses a post from another origin with 400 and queues nothing; a post without Origin (curl) is taken', async () => {
    const payment = await paidPayment('ORD-S-ORIGIN');
    for (const origin of ['https://evil.example', 'null', `${harness.publicUrl}.evil.example`]) {
      const refused = await sendEvent(payment.pspReference, { eventCode: 'REFUND' }, { Origin: origin });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Form sent from another site');
      expect((await supportPost('/_psp/reports', {}, { Origin: origin })).status).toBe(400);
    }
    expect(await harness.simulator.deliverDue()).toBe(0);
    const noOrigin = await postForm(harness.url(`/_psp/payments/${payment.pspReference}/webhooks`), { eventCode: 'REFUND', amount: '1', success: 'true' });
    expect(noOrigin.status).toBe(303);
    // The shop reached by another name of this machine than PUBLIC_URL's is the shop too.
    const localhostOrigin = harness.publicUrl.replace('127.0.0.1', 'localhost');
    const viaLocalhost = await postWithHost(`/_psp/payments/${payment.pspReference}/webhooks`, new URL(localhostOrigin).host, localhostOrigin);
    expect(viaLocalhost).toBe(303);
    expect(await harness.simulator.deliverDue()).toBe(2);
  });

  it('answers an unknown payment or webhook with 404', async () => {
    expect((await getPage(harness.url('/_psp/payments/NOSUCHPAYMENT000'))).status).toBe(404);
    expect((await sendEvent('NOSUCHPAYMENT000', {})).status).toBe(404);
    expect((await supportPost('/_psp/webhooks/999999/hold', { from: 'list' })).status).toBe(404);
    expect((await supportPost('/_psp/webhooks/abc/send', { from: 'list' })).status).toBe(404);
  });
});

describe('webhooks in any order', () => {
  it('holds an AUTHORISATION, sends a CANCELLATION first, then the AUTHORISATION when released', async () => {
    const payment = await paidPayment('ORD-S-ORDER', { keepQueued: true });
    const authorisation = await webhookOf('AUTHORISATION', payment.pspReference);
    const held = await supportPost(`/_psp/webhooks/${authorisation.id}/hold`, { from: 'payment' });
    expect(held.status).toBe(303);
    const back = locationOf(held, harness.publicUrl);
    expect(back.pathname + back.search).toBe(`/_psp/payments/${payment.pspReference}?notice=held`);
    expect((await webhookOf('AUTHORISATION', payment.pspReference)).nextAttemptAt).toEqual(HELD_UNTIL);
    const page = await (await getPage(back.toString(), { Cookie: 'jc_prf_lng=en' })).text();
    expect(page).toContain('The webhook is held');
    expect(page).toContain('AUTHORISATION: held (attempts so far: 0;');
    expect(page).toContain(`Send now<span class="visually-hidden"> AUTHORISATION ${payment.pspReference}</span>`);

    harness.clock.advance(48 * 60 * 60 * 1000);
    expect(await sendEvent(payment.pspReference, { eventCode: 'CANCELLATION' })).toHaveProperty('status', 303);
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(harness.received.map((item) => item.eventCode)).toEqual(['CANCELLATION']);

    const released = await supportPost(`/_psp/webhooks/${authorisation.id}/send`, { from: 'list' });
    expect(locationOf(released, harness.publicUrl).pathname).toBe('/_psp/payments');
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(harness.received.map((item) => item.eventCode)).toEqual(['CANCELLATION', 'AUTHORISATION']);
    // Delivered: nothing left to hold.
    const again = await supportPost(`/_psp/webhooks/${authorisation.id}/hold`, { from: 'list' });
    expect(locationOf(again, harness.publicUrl).search).toBe('?notice=unchanged');
    expect((await webhookOf('AUTHORISATION', payment.pspReference)).deliveredAt).not.toBeNull();
  });

  it('queues a test webhook held when asked: nothing goes until “Send now”', async () => {
    const payment = await paidPayment('ORD-S-QUEUE-HELD');
    const queued = await sendEvent(payment.pspReference, { eventCode: 'AUTHORISATION', hold: 'on' });
    expect(locationOf(queued, harness.publicUrl).search).toBe('?notice=queuedHeld');
    await sendEvent(payment.pspReference, { eventCode: 'CANCELLATION' });
    expect(await harness.simulator.deliverDue()).toBe(1);
    const held = await webhookOf('AUTHORISATION', payment.pspReference, 'latest');
    expect(held).toMatchObject({ deliveredAt: null, nextAttemptAt: HELD_UNTIL });
    const page = await (await getPage(harness.url(`/_psp/payments/${payment.pspReference}`), { Cookie: 'jc_prf_lng=en' })).text();
    expect(page).toContain('AUTHORISATION: delivered');
    expect(page).toContain('AUTHORISATION: held');
    await supportPost(`/_psp/webhooks/${held.id}/send`, { from: 'payment' });
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(harness.received.map((item) => item.eventCode)).toEqual(['CANCELLATION', 'AUTHORISATION']);
  });

  it('sends a webhook waiting for its next retry now', async () => {
    harness.setReceiver('fail');
    const payment = await paidPayment('ORD-S-RETRY', { keepQueued: true });
    await harness.simulator.deliverDue();
    harness.setReceiver('accept');
    expect(await harness.simulator.deliverDue()).toBe(0);
    const authorisation = await webhookOf('AUTHORISATION', payment.pspReference);
    const list = await (await getPage(harness.url('/_psp/payments'), { Cookie: 'jc_prf_lng=en' })).text();
    expect(list).toContain(`action="/_psp/webhooks/${authorisation.id}/send"`);
    await supportPost(`/_psp/webhooks/${authorisation.id}/send`, { from: 'list' });
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(await webhookOf('AUTHORISATION', payment.pspReference)).toMatchObject({ attempts: 2, lastError: null });
  });
});
