import { hkdfSync } from 'node:crypto';
import { z } from 'zod';
import type { DropInEnvironment } from '../../domain/drop-in-reply';

/**
 * The payment service provider's settings (issue 14): Adyen's Checkout API, or the shop's
 * Adyen-compatible simulator, which is the offline default. The code that pays is the same for
 * both: only the base URL and the keys differ.
 */
export type PaymentsConfig = Readonly<{
  /** True when the shop's own simulator answers (no ADYEN_API_KEY). */
  simulated: boolean;
  environment: 'test' | 'live';
  /**
   * Adyen's name for where the browser's Drop-in loads from: `test`, or `live` plus the account's
   * region (`live-us`, …); it names the origins of its secured fields, images and analytics.
   */
  clientEnvironment: DropInEnvironment;
  /** Where Checkout API requests go, without the version (`…/v72/payments` is appended). */
  checkoutApiUrl: string;
  apiKey: string;
  merchantAccount: string;
  /** For the browser's Drop-in: Adyen client keys start with `test_` or `live_`, as their environment. */
  clientKey: string;
  /** The webhooks' HMAC key, as hex. */
  hmacKey: string;
  /**
   * Earlier HMAC keys still accepted on webhooks (ADYEN_HMAC_KEY_PREVIOUS; with the simulator, the
   * keys derived from SESSION_SECRET_PREVIOUS): while Adyen switches to a new key, items come signed with either.
   */
  previousHmacKeys: readonly string[];
  /**
   * HTTP Basic credentials the webhook endpoint demands, as set per endpoint in Adyen's Customer
   * Area (ADYEN_WEBHOOK_USERNAME / ADYEN_WEBHOOK_PASSWORD); null: the HMAC signature alone.
   */
  webhookAuth: Readonly<{ username: string; password: string }> | null;
  /**
   * The simulator's support page (`/_psp/`): with a password, anyone who gives it (HTTP Basic, any
   * user name); without one, only this machine (judged by the connection). Never public.
   */
  simulatorSupportPassword: string | null;
}>;

/** The variables read here (validated with the rest of the configuration in env.ts). */
export const paymentsEnvShape = {
  ADYEN_API_KEY: z.string().regex(/^[\x21-\x7e]{8,500}$/, 'must be printable ASCII without spaces').optional(),
  ADYEN_MERCHANT_ACCOUNT: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a merchant account name (letters, digits, _ . -)').optional(),
  ADYEN_CLIENT_KEY: z.string().regex(/^(test|live)_[A-Za-z0-9]{8,200}$/, 'must be a client key (test_… or live_…)').optional(),
  ADYEN_HMAC_KEY: z.string().regex(/^(?:[0-9A-Fa-f]{2}){16,128}$/, 'must be the HMAC key as hex digits').optional(),
  ADYEN_HMAC_KEY_PREVIOUS: z
    .string()
    .regex(/^(?:[0-9A-Fa-f]{2}){16,128}(?:\s*,\s*(?:[0-9A-Fa-f]{2}){16,128})*$/, 'must be HMAC keys as hex digits, comma-separated')
    .optional(),
  ADYEN_ENVIRONMENT: z.enum(['test', 'live']).default('test'),
  ADYEN_LIVE_REGION: z.enum(['eu', 'us', 'au', 'apse', 'in', 'nea']).default('eu'),
  ADYEN_LIVE_URL_PREFIX: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be the live URL prefix (letters, digits, hyphens)').optional(),
  PAYMENT_SIMULATOR: z.enum(['on', 'off']).optional(),
  ADYEN_WEBHOOK_USERNAME: z.string().regex(/^[\x21-\x39\x3b-\x7e]{1,200}$/, 'must be printable ASCII without spaces or colons').optional(),
  ADYEN_WEBHOOK_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  PAYMENT_SIMULATOR_SUPPORT_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(200).optional(),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnvShape>>;

/** The simulator's merchant account. */
export const SIMULATOR_MERCHANT_ACCOUNT = 'FanShopSimulator';
/** Where the simulator is mounted in the shop (server.ts), below the public URL. */
export const SIMULATOR_PATH = '/_psp';

const ADYEN_TEST_CHECKOUT = 'https://checkout-test.adyen.com';

/** A secret of the simulator's, derived from the session secret: never a known default where that is not. */
function simulatorSecret(sessionSecret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'fan-shop', `payment simulator ${purpose} v1`, 32)).toString('hex').toUpperCase();
}

/**
 * Reads the payment settings, or says in one line what is missing. With ADYEN_API_KEY every
 * other Adyen setting is required (and the live URL prefix for live); without it the simulator
 * answers — in production only when PAYMENT_SIMULATOR=on says so.
 */
export function readPaymentsConfig(
  values: PaymentsEnv,
  context: { production: boolean; publicUrl: string; sessionSecret: string; previousSessionSecrets?: readonly string[] },
  fail: (message: string) => never,
): PaymentsConfig {
  if (Boolean(values.ADYEN_WEBHOOK_USERNAME) !== Boolean(values.ADYEN_WEBHOOK_PASSWORD)) {
    fail('ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD go together: set both or neither');
  }
  const webhookAuth = values.ADYEN_WEBHOOK_USERNAME && values.ADYEN_WEBHOOK_PASSWORD ? { username: values.ADYEN_WEBHOOK_USERNAME, password: values.ADYEN_WEBHOOK_PASSWORD } : null;
  if (values.ADYEN_API_KEY) {
    if (context.production && !webhookAuth) fail('ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD are required with ADYEN_API_KEY when NODE_ENV=production');
    if (values.PAYMENT_SIMULATOR === 'on') fail('PAYMENT_SIMULATOR=on and ADYEN_API_KEY exclude each other: unset one');
    for (const name of ['ADYEN_MERCHANT_ACCOUNT', 'ADYEN_CLIENT_KEY', 'ADYEN_HMAC_KEY'] as const) {
      if (!values[name]) fail(`${name} is required with ADYEN_API_KEY`);
    }
    const environment = values.ADYEN_ENVIRONMENT;
    if (!values.ADYEN_CLIENT_KEY?.startsWith(`${environment}_`)) fail(`ADYEN_CLIENT_KEY must be a ${environment}_ key for ADYEN_ENVIRONMENT=${environment}`);
    if (environment === 'live' && !values.ADYEN_LIVE_URL_PREFIX) fail('ADYEN_LIVE_URL_PREFIX is required with ADYEN_ENVIRONMENT=live');
    return {
      simulated: false,
      environment,
      clientEnvironment: environment === 'test' ? 'test' : values.ADYEN_LIVE_REGION === 'eu' ? 'live' : `live-${values.ADYEN_LIVE_REGION}`,
      checkoutApiUrl:
        environment === 'live' ? `https://${values.ADYEN_LIVE_URL_PREFIX}-checkout-live.adyenpayments.com/checkout` : ADYEN_TEST_CHECKOUT,
      apiKey: values.ADYEN_API_KEY,
      merchantAccount: values.ADYEN_MERCHANT_ACCOUNT ?? '',
      clientKey: values.ADYEN_CLIENT_KEY ?? '',
      hmacKey: values.ADYEN_HMAC_KEY ?? '',
      previousHmacKeys: values.ADYEN_HMAC_KEY_PREVIOUS?.split(',').map((key) => key.trim()) ?? [],
      webhookAuth,
      simulatorSupportPassword: null,
    };
  }
  if (values.PAYMENT_SIMULATOR === 'off') fail('ADYEN_API_KEY is required with PAYMENT_SIMULATOR=off');
  if (context.production && values.PAYMENT_SIMULATOR !== 'on') {
    fail('ADYEN_API_KEY is required when NODE_ENV=production (or PAYMENT_SIMULATOR=on, for a demonstration shop)');
  }
  return {
    simulated: true,
    environment: 'test',
    // Checkout mounts no Drop-in with the simulator (its key is not Adyen's, and offline Adyen's
    // fields cannot load): pay goes to the simulator's hosted page. The CSP still names Adyen test.
    clientEnvironment: 'test',
    checkoutApiUrl: `${context.publicUrl}${SIMULATOR_PATH}/checkout`,
    apiKey: simulatorSecret(context.sessionSecret, 'api key'),
    merchantAccount: SIMULATOR_MERCHANT_ACCOUNT,
    clientKey: `test_${simulatorSecret(context.sessionSecret, 'client key').slice(0, 32)}`,
    hmacKey: simulatorSecret(context.sessionSecret, 'hmac key'),
    // Webhooks the simulator queued before a rotation were signed then: still accepted.
    previousHmacKeys: (context.previousSessionSecrets ?? []).map((secret) => simulatorSecret(secret, 'hmac key')),
    webhookAuth,
    simulatorSupportPassword: values.PAYMENT_SIMULATOR_SUPPORT_PASSWORD ?? null,
  };
}

/**
 * Where the PSP's hosted payment page may be: the shop sends fans nowhere else, and its CSP
 * lets a form's redirect go there. The simulator's page is on the shop's own origin.
 */
export function hostedPageOrigins(config: Pick<PaymentsConfig, 'simulated' | 'clientEnvironment' | 'checkoutApiUrl'>): readonly string[] {
  return config.simulated ? [new URL(config.checkoutApiUrl).origin] : [`https://checkoutshopper-${config.clientEnvironment}.adyen.com`];
}

/** Where Drop-in's content comes from, per CSP directive (the page that shows it adds these). */
export type DropInSources = Readonly<{ frame: readonly string[]; connect: readonly string[]; img: readonly string[]; script: readonly string[] }>;

/** PayPal's own origins, which its button (loaded by Drop-in for PayPal) uses: script, frames, calls, images. */
const PAYPAL_SOURCES = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'] as const;

/**
 * The origins Drop-in uses for the configured environment, read from Adyen Web 6's own URLs:
 * `checkoutshopper-{env}` (secured card fields, 3-D Secure pages, card-brand lookups),
 * `checkoutshopper-{env}.cdn` (method logos, its translations), `checkoutanalytics-{env}`, and
 * PayPal's for the PayPal button. Nothing else: an issuer's own 3-D Secure page opens through
 * Adyen's redirect page, at the top level.
 */
export function dropInSources(environment: DropInEnvironment): DropInSources {
  const shopper = `https://checkoutshopper-${environment}.adyen.com`;
  const cdn = `https://checkoutshopper-${environment}.cdn.adyen.com`;
  const analytics = `https://checkoutanalytics-${environment}.adyen.com`;
  return { frame: [shopper, ...PAYPAL_SOURCES], connect: [shopper, cdn, analytics, ...PAYPAL_SOURCES], img: [cdn, shopper, ...PAYPAL_SOURCES], script: [shopper, ...PAYPAL_SOURCES] };
}
