import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import adyen from '@adyen/api-library';
import express from 'express';
import type { Database } from '../../app/.server/db/client';
import { createLogger } from '../../app/.server/logger';
import type { PaymentsConfig } from '../../app/.server/payments/config';
import { SIMULATOR_PATH } from '../../app/.server/payments/config';
import { checkoutApi } from '../../app/.server/payments/http-client';
import { createPaymentSimulator, type PaymentSimulator } from '../../app/.server/payments/simulator';
import { manualClock } from './clock';
import { createTestDatabase } from './database';

/**
 * The payment simulator on a real database behind a real HTTP server, called through the real
 * `@adyen/api-library` as the shop calls it, with a stand-in for the shop's webhook endpoint
 * (`POST /webhooks/adyen`): it checks each item's HMAC with the library's validator and answers
 * `[accepted]`, or whatever a test makes it answer.
 */

export type ReceivedItem = Record<string, unknown> & { additionalData?: Record<string, string> };
export type ReceiverMode = 'accept' | 'fail' | 'wrongBody';

export type SimulatorHarness = Awaited<ReturnType<typeof startSimulatorHarness>>;

/**
 * `supportPassword`: the support page's (PAYMENT_SIMULATOR_SUPPORT_PASSWORD); none, local only.
 * `webhookAuth`: the Basic credentials the webhooks carry (ADYEN_WEBHOOK_*).
 */
export async function startSimulatorHarness(options: { start?: string; supportPassword?: string; webhookAuth?: { username: string; password: string } } = {}) {
  const database: Database = await createTestDatabase();
  const clock = manualClock(options.start ?? '2026-11-25T10:00:00Z');
  const received: ReceivedItem[] = [];
  const badSignatures: ReceivedItem[] = [];
  let mode: ReceiverMode = 'accept';
  let simulator: PaymentSimulator | null = null;

  const app = express();
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: PaymentsConfig = {
    simulated: true,
    environment: 'test',
    clientEnvironment: 'test',
    checkoutApiUrl: `${publicUrl}${SIMULATOR_PATH}/checkout`,
    apiKey: 'SIMULATOR-API-KEY-0123456789',
    merchantAccount: 'FanShopSimulator',
    clientKey: 'test_0123456789ABCDEF',
    webhookAuth: options.webhookAuth ?? null,
    simulatorSupportPassword: options.supportPassword ?? null,
    hmacKey: '00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF',
    previousHmacKeys: [],
  };

  const authorizations: (string | null)[] = [];
  app.post('/webhooks/adyen', express.json(), (req, res) => {
    authorizations.push(req.get('Authorization') ?? null);
    const items = (req.body as { notificationItems?: { NotificationRequestItem: ReceivedItem }[] }).notificationItems ?? [];
    for (const { NotificationRequestItem: item } of items) {
      if (new adyen.hmacValidator().validateHMAC(item as never, config.hmacKey)) received.push(item);
      else badSignatures.push(item);
    }
    if (mode === 'fail') res.status(500).send('database unavailable');
    else if (mode === 'wrongBody') res.status(200).send('ok');
    else res.status(200).type('text/plain').send('[accepted]');
  });
  app.use(SIMULATOR_PATH, (req, res, next) => {
    if (simulator) simulator.router(req, res, next);
    else res.status(503).end();
  });

  const start = () =>
    createPaymentSimulator({
      config,
      db: database.db,
      clock,
      logger: createLogger('silent'),
      publicUrl,
      webhookUrl: `${publicUrl}/webhooks/adyen`,
      deliveryIntervalMs: 0,
    });
  simulator = start();

  return {
    database,
    clock,
    config,
    publicUrl,
    received,
    badSignatures,
    /** Each delivery's Authorization header (null: none). */
    authorizations,
    checkout: checkoutApi(config),
    get simulator(): PaymentSimulator {
      if (!simulator) throw new Error('simulator stopped');
      return simulator;
    },
    setReceiver(next: ReceiverMode) {
      mode = next;
    },
    /** Stops this simulator and starts a new one on the same database, as a restarted shop would. */
    async restart() {
      await simulator?.stop();
      simulator = start();
    },
    /** A URL of the simulator (its pages are absolute in its answers; a path works too). */
    url(path: string) {
      return path.startsWith('http') ? path : `${publicUrl}${path}`;
    },
    async close() {
      await simulator?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

/** A browser's plain form POST, not following the 303. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export function getPage(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}

/** The 303's target as a URL (relative ones resolved against the simulator). */
export function locationOf(response: Response, base: string): URL {
  const location = response.headers.get('location');
  if (!location) throw new Error(`no Location (status ${response.status})`);
  return new URL(location, base);
}

/**
 * The form a PSP's page sends the shopper back to the shop with, by POST (a 3-D Secure redirect:
 * Adyen returns it with the redirect's own method): where it posts and its hidden fields.
 */
export function postBackOf(html: string, base: string): { url: URL; fields: Record<string, string> } {
  const unescaped = (text: string) => text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))).replaceAll('&amp;', '&');
  const form = /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no form back to the shop on the page');
  const fields = [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((input) => [input[1]!, unescaped(input[2]!)]);
  return { url: new URL(unescaped(form[1]!), base), fields: Object.fromEntries(fields) };
}

/** A session as the shop asks one, with the fields a test changes. */
export function sessionRequest(harness: { config: PaymentsConfig }, fields: Record<string, unknown> = {}) {
  return {
    mode: 'hosted',
    amount: { value: 4990, currency: 'EUR' },
    reference: `ORD-${Math.random().toString(36).slice(2, 10)}-1`,
    returnUrl: 'https://shop.example/paymentgateway/abc?lang=en',
    merchantAccount: harness.config.merchantAccount,
    shopperLocale: 'en-US',
    countryCode: 'IT',
    ...fields,
  } as never;
}

/** A card form as a shopper fills it. */
export function cardForm(fields: Partial<Record<'cardNumber' | 'expiryMonth' | 'expiryYear' | 'cvc' | 'holderName' | 'storeCard', string>> = {}) {
  return { cardNumber: '4111 1111 1111 1111', expiryMonth: '03', expiryYear: '2030', cvc: '737', holderName: 'APPROVED', ...fields };
}
