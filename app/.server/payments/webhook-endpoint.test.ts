import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import adyen from '@adyen/api-library';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger';
import type { NotificationItem } from '../services/payment-events';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookHandlers } from './webhook-endpoint';

// Adyen's published example (docs.adyen.com, "Verify HMAC signatures"): its key, its payload and
// the signature Adyen gives for them — not computed here, so the shop's check is held to Adyen's.
const ADYEN_EXAMPLE_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const ADYEN_EXAMPLE_ITEM = {
  additionalData: { hmacSignature: 'coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=' },
  amount: { value: 1130, currency: 'EUR' },
  pspReference: '7914073381342284',
  eventCode: 'AUTHORISATION',
  eventDate: '2019-05-06T17:15:34.121+02:00',
  merchantAccountCode: 'TestMerchant',
  operations: ['CANCEL', 'CAPTURE', 'REFUND'],
  merchantReference: 'TestPayment-1407325143704',
  paymentMethod: 'visa',
  success: 'true',
};

const NEW_HMAC_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
const UNKNOWN_HMAC_KEY = '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0';

const batch = (...items: unknown[]) => ({ live: 'false', notificationItems: items.map((item) => ({ NotificationRequestItem: item })) });
const signed = (item: Record<string, unknown>, key = ADYEN_EXAMPLE_KEY) => ({ ...item, additionalData: { hmacSignature: new adyen.hmacValidator().calculateHmac(item as never, key) } });

let server: Server;
let base: string;
let stored: NotificationItem[][];
let failure: Error | null;
let available: boolean;
const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };

function listen(app: express.Express): Promise<string> {
  return new Promise((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

beforeAll(async () => {
  const app = express();
  const events = {
    store: (items: readonly NotificationItem[]) => {
      if (failure) return Promise.reject(failure);
      stored.push([...items]);
      return Promise.resolve(items.map((_, index) => ({ id: String(index), orderId: null })));
    },
    settle: () => Promise.resolve(),
  };
  const options = { hmacKey: ADYEN_EXAMPLE_KEY, events, logger: logger as unknown as Logger, availability: { isAvailable: () => available, report: () => true } };
  app.post(PAYMENT_WEBHOOK_PATH, ...paymentWebhookHandlers({ ...options, basicAuth: null }));
  // During an HMAC key rotation: the merchant's new key signs, Adyen's example key is the previous one.
  app.post('/rotating', ...paymentWebhookHandlers({ ...options, hmacKey: NEW_HMAC_KEY, previousHmacKeys: [ADYEN_EXAMPLE_KEY], basicAuth: null }));
  app.post('/with-basic-auth', ...paymentWebhookHandlers({ ...options, basicAuth: { username: 'adyen', password: 'endpoint-password' } }));
  base = await listen(app);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  stored = [];
  failure = null;
  available = true;
  vi.clearAllMocks();
});

async function post(body: unknown, { path = PAYMENT_WEBHOOK_PATH, headers = {} as Record<string, string> } = {}) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, text: await response.text(), authenticate: response.headers.get('www-authenticate') };
}

describe('the webhook endpoint', () => {
  it('accepts Adyen’s own signed example, and refuses it with one signed field changed', async () => {
    expect(await post(batch(ADYEN_EXAMPLE_ITEM))).toMatchObject({ status: 200, text: '[accepted]' });
    expect(stored).toHaveLength(1);
    for (const changed of [{ amount: { value: 1131, currency: 'EUR' } }, { success: 'false' }, { merchantReference: 'TestPayment-1407325143705' }, { eventCode: 'CANCELLATION' }]) {
      expect(await post(batch({ ...ADYEN_EXAMPLE_ITEM, ...changed }))).toMatchObject({ status: 401, text: 'Unauthorized' });
    }
    expect(stored).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('accepts every well-signed item: Adyen’s REPORT_AVAILABLE with an empty reference, an unknown event code, a reference that is not ours', async () => {
    const report = signed({ amount: { value: 0, currency: 'EUR' }, eventCode: 'REPORT_AVAILABLE', merchantAccountCode: 'TestMerchant', merchantReference: '', pspReference: 'settlement_detail_report_batch_1.csv', reason: 'https://ca-test.adyen.com/reports/download/settlement_detail_report_batch_1.csv', success: 'true' });
    const unknownCode = signed({ ...ADYEN_EXAMPLE_ITEM, eventCode: 'AUTHORISATION_ADJUSTMENT', pspReference: '8814073381342285' });
    const notOurs = signed({ ...ADYEN_EXAMPLE_ITEM, merchantReference: 'someone-else-42', pspReference: '8814073381342286' });
    const noReference = signed({ amount: { value: 0, currency: 'EUR' }, eventCode: 'REPORT_AVAILABLE', merchantAccountCode: 'TestMerchant', pspReference: 'report.csv', success: 'true' });
    expect(await post(batch(report, unknownCode, notOurs))).toMatchObject({ status: 200, text: '[accepted]' });
    expect(await post(batch(noReference))).toMatchObject({ status: 200, text: '[accepted]' });
    expect(stored.flat().map((item) => [item.eventCode, item.merchantReference])).toEqual([
      ['REPORT_AVAILABLE', ''],
      ['AUTHORISATION_ADJUSTMENT', 'TestPayment-1407325143704'],
      ['AUTHORISATION', 'someone-else-42'],
      ['REPORT_AVAILABLE', ''],
    ]);
  });

  it('judges a batch item by item, as Adyen signs them: the well-signed ones stored and accepted, the others logged and ignored; 401 only when none is well-signed', async () => {
    const unsigned = { ...ADYEN_EXAMPLE_ITEM, pspReference: '9999999999999999', additionalData: {} };
    const wronglySigned = { ...ADYEN_EXAMPLE_ITEM, pspReference: '9999999999999998' };
    const notAdyens = { ...ADYEN_EXAMPLE_ITEM, pspReference: '9999999999999997', success: true };
    expect(await post(batch(unsigned, ADYEN_EXAMPLE_ITEM, wronglySigned, notAdyens))).toMatchObject({ status: 200, text: '[accepted]' });
    expect(stored.map((items) => items.map((item) => item.pspReference))).toEqual([['7914073381342284']]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        accepted: 1,
        ignored: [
          { pspReference: '9999999999999999', why: 'signature' },
          { pspReference: '9999999999999998', why: 'signature' },
          { pspReference: '9999999999999997', why: 'shape' },
        ],
      }),
      expect.stringContaining('ignored'),
    );
    expect(await post(batch(unsigned, wronglySigned, notAdyens))).toMatchObject({ status: 401, text: 'Unauthorized' });
    expect(stored).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('refuses a batch with no well-signed item (401), a body that is not Adyen’s (400) and a huge one (413), as warnings only', async () => {
    expect(await post(batch({ ...ADYEN_EXAMPLE_ITEM, pspReference: '9999999999999999', additionalData: {} }))).toMatchObject({ status: 401 });
    expect(await post('{not json')).toMatchObject({ status: 400 });
    expect(await post({ notificationItems: 'nope' })).toMatchObject({ status: 400 });
    expect(await post(batch({ ...ADYEN_EXAMPLE_ITEM, success: true }))).toMatchObject({ status: 400 });
    expect(await post(batch({ ...ADYEN_EXAMPLE_ITEM, amount: { value: '1130', currency: 'EUR' } }))).toMatchObject({ status: 400 });
    expect(await post(batch({ ...ADYEN_EXAMPLE_ITEM, reason: 'x'.repeat(400_000) }))).toMatchObject({ status: 413 });
    expect(stored).toEqual([]);
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(6);
  });

  it('asks for the endpoint’s Basic credentials when configured, as Adyen’s Customer Area sends them', async () => {
    const basic = (credentials: string) => ({ Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });
    expect(await post(batch(ADYEN_EXAMPLE_ITEM), { path: '/with-basic-auth' })).toMatchObject({ status: 401, authenticate: expect.stringContaining('Basic') as unknown });
    expect(await post(batch(ADYEN_EXAMPLE_ITEM), { path: '/with-basic-auth', headers: basic('adyen:wrong-password') })).toMatchObject({ status: 401 });
    expect(await post(batch(ADYEN_EXAMPLE_ITEM), { path: '/with-basic-auth', headers: basic('adyen:endpoint-password') })).toMatchObject({ status: 200, text: '[accepted]' });
    expect(stored).toHaveLength(1);
  });

  it('answers 503 (never 500) while the database is away, so that Adyen retries', async () => {
    available = false;
    expect(await post(batch(ADYEN_EXAMPLE_ITEM))).toMatchObject({ status: 503 });
    available = true;
    failure = Object.assign(new Error('Connection terminated unexpectedly'), {});
    expect(await post(batch(ADYEN_EXAMPLE_ITEM))).toMatchObject({ status: 503 });
    expect(logger.error).not.toHaveBeenCalled();
    // Any other failure to record is still not a 500: Adyen must retry; it is an error for the operators.
    failure = new Error('relation "payment_events" does not exist');
    expect(await post(batch(ADYEN_EXAMPLE_ITEM))).toMatchObject({ status: 503 });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('during an HMAC key rotation accepts items signed with the new key or the previous one, and refuses any other key', async () => {
    // signed() replaces the example's signature with one under the given key.
    const unsigned = { ...ADYEN_EXAMPLE_ITEM };
    const underNew = signed({ ...unsigned, pspReference: '8814073381342290' }, NEW_HMAC_KEY);
    expect(await post(batch(ADYEN_EXAMPLE_ITEM), { path: '/rotating' })).toMatchObject({ status: 200, text: '[accepted]' });
    expect(await post(batch(underNew, ADYEN_EXAMPLE_ITEM), { path: '/rotating' })).toMatchObject({ status: 200, text: '[accepted]' });
    expect(await post(batch(signed({ ...unsigned, pspReference: '8814073381342291' }, UNKNOWN_HMAC_KEY)), { path: '/rotating' })).toMatchObject({ status: 401 });
    // An item under an unknown key is ignored, as any wrong signature is; its batch's well-signed item still counts.
    expect(await post(batch(underNew, signed(unsigned, UNKNOWN_HMAC_KEY)), { path: '/rotating' })).toMatchObject({ status: 200, text: '[accepted]' });
    // Without the previous key configured, the new key alone: the example's signature no longer passes there.
    expect(await post(batch(underNew))).toMatchObject({ status: 401 });
    expect(stored.flat().map((item) => item.pspReference)).toEqual(['7914073381342284', '8814073381342290', '7914073381342284', '8814073381342290']);
  });
});
