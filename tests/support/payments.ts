// The payment tests' stage: one HTTP server carrying the Adyen-compatible simulator, the shop's
// webhook endpoint and its return endpoint (the PSP's POST back), with the shop's services on
// the test database — the same parts, and the same @adyen/api-library calls, as the running
// shop. Its webhook endpoint can be taken down (the shop killed or unreachable) and brought back.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import adyen from '@adyen/api-library';
import express from 'express';
import type { Clock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { readConfig, type Config } from '../../app/.server/env';
import { createLogger } from '../../app/.server/logger';
import { SIMULATOR_PATH } from '../../app/.server/payments/config';
import { createPaymentSimulator } from '../../app/.server/payments/simulator';
import { PAYMENT_RETURN_ROUTE, paymentReturnPostHandlers } from '../../app/.server/payments/return-endpoint';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookHandlers } from '../../app/.server/payments/webhook-endpoint';
import { requireCustomerMiddleware } from '../../app/.server/auth/guards';
import { createServices, type Services } from '../../app/.server/services';
import type { NotificationItem } from '../../app/.server/services/payment-events';
import { shopContext } from '../../app/context';
import { i18nextMiddleware } from '../../app/middleware/i18next';
import * as paymentReturn from '../../app/routes/payment/payment-return';
import type { TestFan } from './cart';
import { serviceDepsFor } from './services';
import { createShopContext, signedInCookie } from './signed-in';

export type PaymentsStage = {
  publicUrl: string;
  config: Config;
  services: Services;
  simulator: ReturnType<typeof createPaymentSimulator>;
  /** While down, the shop's webhook endpoint answers 503 (the simulator then retries later). */
  setWebhooksDown(down: boolean): void;
  /** While down, the PSP's API answers 503 (its hosted pages stay up: the fan is already there). */
  setPspDown(down: boolean): void;
  /** Holds every PSP API call until the returned function is called (a call in flight, for crash tests). */
  holdPsp(): () => void;
  /** Resolves once the shop has finished what it does after answering the webhooks it got (settling, reversals). */
  idle(): Promise<void>;
  /** Posts a webhook body to the shop as the PSP would (to the second instance's endpoint if asked). */
  postWebhook(body: unknown, instance?: 'first' | 'second'): Promise<{ status: number; text: string }>;
  /** The second shop instance on the same database. */
  other: Services;
  /** Every Checkout API request the shop made, oldest first (path below `/checkout`, e.g. `/v72/payments`). */
  pspRequests: PspRequest[];
  close(): Promise<void>;
};

export type PspRequest = { method: string; path: string; body: unknown; idempotencyKey: string | null };

/** Where the second instance's webhook endpoint is, on the stage's server. */
const SECOND_INSTANCE_PATH = '/second-instance';

export async function startPaymentsStage(database: Database, clock: Clock): Promise<PaymentsStage> {
  const app = express();
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl });
  const logger = createLogger('silent');
  const services = createServices({ ...serviceDepsFor(database, { clock }), config });
  const simulator = createPaymentSimulator({
    config: config.payments,
    db: database.db,
    clock,
    logger,
    publicUrl,
    webhookUrl: `${publicUrl}${PAYMENT_WEBHOOK_PATH}`,
    deliveryIntervalMs: 0,
  });
  // What the shop does after answering a webhook (settling, reversals), so a test can wait for it.
  const settling = new Set<Promise<void>>();
  const eventsOf = (instance: Services) => ({
    store: instance.payments.events.store,
    settle(stored: Parameters<Services['payments']['events']['settle']>[0]) {
      const work = instance.payments.events.settle(stored);
      settling.add(work);
      void work.catch(() => undefined).finally(() => settling.delete(work));
      return work;
    },
  });
  // A second shop instance on the same database, with its own webhook endpoint (Adyen may deliver to either).
  const other = createServices({ ...serviceDepsFor(database, { clock }), config });
  app.post(SECOND_INSTANCE_PATH + PAYMENT_WEBHOOK_PATH, ...paymentWebhookHandlers({ hmacKey: config.payments.hmacKey, basicAuth: null, events: eventsOf(other), logger }));
  let webhooksDown = false;
  let pspDown = false;
  let pspHeld: Promise<void> | null = null;
  // What the shop asked of the PSP's API, as sent (the body read here; the simulator's parser then skips it).
  const pspRequests: PspRequest[] = [];
  app.use(`${SIMULATOR_PATH}/checkout`, express.json({ limit: '64kb', type: () => true }), (req, res, next) => {
    pspRequests.push({ method: req.method, path: req.path, body: req.body as unknown, idempotencyKey: req.get('Idempotency-Key') ?? null });
    if (pspDown) return void res.status(503).send('Service Unavailable');
    if (pspHeld) return void pspHeld.then(() => next());
    next();
  });
  app.use(SIMULATOR_PATH, simulator.router);
  // The PSP's POST back to the return page, as server.ts takes it (the page itself: startReturnPage).
  app.post(PAYMENT_RETURN_ROUTE, ...paymentReturnPostHandlers({ payments: services.payments, logger }));
  app.post(
    PAYMENT_WEBHOOK_PATH,
    (_req: express.Request, res: express.Response, next: express.NextFunction) => (webhooksDown ? res.status(503).send('Service Unavailable') : next()),
    ...paymentWebhookHandlers({ hmacKey: config.payments.hmacKey, basicAuth: null, events: eventsOf(services), logger }),
  );
  return {
    publicUrl,
    config,
    services,
    simulator,
    setWebhooksDown(down) {
      webhooksDown = down;
    },
    setPspDown(down) {
      pspDown = down;
    },
    holdPsp() {
      let release = () => {};
      pspHeld = new Promise<void>((resolve) => {
        release = () => {
          pspHeld = null;
          resolve();
        };
      });
      return release;
    },
    async idle() {
      while (settling.size > 0) await Promise.allSettled([...settling]);
    },
    other,
    pspRequests,
    async postWebhook(body, instance = 'first') {
      const response = await fetch(`${publicUrl}${instance === 'second' ? SECOND_INSTANCE_PATH : ''}${PAYMENT_WEBHOOK_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    },
    async close() {
      await simulator.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A webhook body of one item, signed with `hmacKey` as Adyen signs it (the library's calculation). */
export function signedWebhook(item: Omit<NotificationItem, 'additionalData'> & { amount?: { value: number; currency: string } }, hmacKey: string) {
  const full = { amount: { value: 0, currency: 'EUR' }, eventDate: '2026-12-01T09:00:00+01:00', merchantAccountCode: 'FanShopSimulator', paymentMethod: 'visa', reason: '', ...item };
  const hmacSignature = new adyen.hmacValidator().calculateHmac(full as never, hmacKey);
  return { live: 'false', notificationItems: [{ NotificationRequestItem: { ...full, additionalData: { hmacSignature } } }] };
}

/** Where a hosted-page step left the fan: back at the shop (the return URL) or on another PSP page. */
export type HostedStep = { returnUrl: URL | null; html: string; status: number };

/**
 * The fan on the PSP's hosted pages, as a browser without JavaScript: reads a page's forms and
 * posts one, following the PSP's redirects until the fan is back at the shop.
 */
export class HostedPayer {
  constructor(private readonly publicUrl: string) {}

  async open(url: string): Promise<HostedStep> {
    return this.follow(await fetch(url, { redirect: 'manual' }));
  }

  /** Posts the form of `page` whose action ends with `action` (e.g. '/card', '/stored', '/paypal', '/cancel') or matches it. */
  async submit(page: HostedStep, action: string | RegExp, fields: Record<string, string>): Promise<HostedStep> {
    const actions = [...page.html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    const target = actions.find((candidate) => (typeof action === 'string' ? candidate.endsWith(action) : action.test(candidate)));
    if (!target) throw new Error(`no form ${String(action)} on the page; forms: ${actions.join(', ')}`);
    const response = await fetch(new URL(target, this.publicUrl), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    return this.follow(response);
  }

  private async follow(response: Response): Promise<HostedStep> {
    let current = response;
    for (let hops = 0; hops < 5; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { returnUrl: null, html: await current.text(), status: current.status };
      const next = new URL(location, this.publicUrl);
      if (next.pathname.startsWith('/paymentgateway/')) return { returnUrl: next, html: '', status: current.status };
      current = await fetch(next, { redirect: 'manual' });
    }
    throw new Error('too many redirects on the hosted pages');
  }
}

/** Adyen's test card as the fan types it (spec: holder name decides the outcome on the simulator). */
export function testCard(holderName: string, number = '4111 1111 1111 1111'): Record<string, string> {
  return { cardNumber: number, expiryMonth: '03', expiryYear: '2030', cvc: '737', holderName };
}

/** What the return page answered: its status, where it sent the browser (302/303), and the page's view. */
export type ReturnPageAnswer = { status: number; location: string | null; view: { kind: string; status: number } | null };

/**
 * The return page (`/paymentgateway/{process}`) as the router runs it for a browser, in English:
 * behind the language middleware and the secured layout's, over the stage's services, with a
 * fan's session cookie (or none). Cheaper than rendering the page, and the same loader.
 */
export async function startReturnPage(stage: PaymentsStage, database: Database, clock: Clock) {
  const { context, stop } = await createShopContext(database, clock);
  context.set(shopContext, { config: stage.config, clock, services: stage.services });
  return {
    /** The router context the page runs in (the stage's services, the sign-in runtime): other routes' functions run in it too. */
    context,
    /** The session cookie of `fan`, signed in. */
    async cookieOf(fan: TestFan): Promise<string> {
      return (await signedInCookie(context, fan.owner.subject, { firstName: 'Mario', lastName: 'Rossi' })).cookie;
    },
    async open(path: string, cookie?: string): Promise<ReturnPageAnswer> {
      const request = new Request(`${stage.publicUrl}${path}`, { headers: { Cookie: ['jc_prf_lng=en', cookie].filter(Boolean).join('; ') } });
      const args = { request, context, params: { process: /^\/paymentgateway\/([^/?]+)/.exec(path)?.[1] ?? '' }, unstable_pattern: '/paymentgateway/:process' } as never;
      let loaded: unknown = null;
      try {
        await i18nextMiddleware(args, async () => {
          await requireCustomerMiddleware(args, async () => {
            loaded = await paymentReturn.loader(args);
            return new Response(null);
          });
          return new Response(null);
        });
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        return { status: thrown.status, location: thrown.headers.get('Location'), view: null };
      }
      const { data, init } = loaded as { data: { kind: string; status: number }; init: { status?: number } | null };
      return { status: init?.status ?? 200, location: null, view: data };
    },
    stop,
  };
}
