import { hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { paymentsEnvShape, readPaymentsConfig, type PaymentsConfig } from './payments/config';
import { parseUploadsKey, parseUploadsKeyList } from './uploads/key';
import { DEFAULT_DOCUMENT_RETENTION_DAYS } from '../domain/document-retention';

/**
 * A public placeholder for code that reads the configuration without starting the shop (tests);
 * the running shop never uses it: startShop passes the secret stored under DATA_DIR (secrets.ts),
 * and production refuses it.
 */
const OFFLINE_SESSION_SECRET = 'offline-development-secret-do-not-use-in-production';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: port.default(3000),
  // Default: 127.0.0.1 outside production (readConfig), all interfaces in production.
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Nobody: X-Forwarded-For is ignored unless the operator names the proxies in front of the shop.
  TRUST_PROXY: z.string().min(1).default('false'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // Unset: /metrics answers only on this machine (the socket's address); set: to `Authorization: Bearer <it>` from anywhere.
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{32,500}$/, 'must be at least 32 printable ASCII characters without spaces').optional(),
  SUPPORT_URL: z.string().regex(/^(https?:\/\/|mailto:)\S+$/, 'must be an http(s) or mailto: URL').default('mailto:assistenza@fanshop.example'),
  SUPPORT_EMAIL: z.email().max(200).default('assistenza@fanshop.example'),
  CHRISTMAS_FROM: z.iso.date().default('2026-12-01'),
  CHRISTMAS_TO: z.iso.date().default('2026-12-28'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'must be printable ASCII without spaces').optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  SIGN_IN_FAILURES_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  SIGN_UPS_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Days a card's identity documents are kept after its order is fulfilled, cancelled or expired (domain/document-retention.ts). */
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(DEFAULT_DOCUMENT_RETENTION_DAYS),
  MAIL_FROM: z.string().min(3).max(200).default('Fan Shop <no-reply@fanshop.example>'),
  UPLOADS_KEY: z
    .string()
    .refine((text) => parseUploadsKey(text) !== null, 'must be 32 random bytes as 64 hex digits or base64')
    .optional(),
  // Rotation (docs/operations.md): earlier secrets and keys, still accepted, never used to sign or seal.
  SESSION_SECRET_PREVIOUS: z
    .string()
    .refine((text) => text.split(',').every((part) => part.trim().length >= 32), 'must be secrets of at least 32 characters, comma-separated')
    .optional(),
  UPLOADS_KEY_PREVIOUS: z
    .string()
    .refine((text) => parseUploadsKeyList(text) !== null, 'must be keys of 32 random bytes (64 hex digits or base64), comma-separated')
    .optional(),
  ...paymentsEnvShape,
});

/** Every variable the shop reads (docs/operations.md lists each: tests/operations-doc.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** The shop's client id at the embedded sign-in service when none is configured. */
export const EMBEDDED_CLIENT_ID = 'fan-shop';

/**
 * Sign-in settings. Without OIDC_ISSUER the embedded service at `${PUBLIC_URL}/sso` is used
 * and the client secret is derived from SESSION_SECRET (so it is never a known default where
 * the session secret is not); an external issuer needs its own client id and secret.
 */
export type OidcConfig = Readonly<{ embedded: boolean; issuer: string; clientId: string; clientSecret: string }>;

function embeddedClientSecret(sessionSecret: string): string {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'fan-shop', 'embedded oidc client secret v1', 32)).toString('base64url');
}

function readOidcConfig(values: z.infer<typeof envSchema>, publicUrl: string, sessionSecret: string): OidcConfig {
  if (values.OIDC_ISSUER) {
    if (!values.OIDC_CLIENT_ID) throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID is required with OIDC_ISSUER');
    if (!values.OIDC_CLIENT_SECRET) {
      throw new ConfigError('Invalid configuration: OIDC_CLIENT_SECRET is required with OIDC_ISSUER');
    }
    return {
      embedded: false,
      issuer: values.OIDC_ISSUER.replace(/\/+$/, ''),
      clientId: values.OIDC_CLIENT_ID,
      clientSecret: values.OIDC_CLIENT_SECRET,
    };
  }
  return {
    embedded: true,
    issuer: `${publicUrl}/sso`,
    clientId: values.OIDC_CLIENT_ID ?? EMBEDDED_CLIENT_ID,
    clientSecret: values.OIDC_CLIENT_SECRET ?? embeddedClientSecret(sessionSecret),
  };
}

export type Config = Readonly<{
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** Signs the session cookie and derives the other keys (docs/operations.md lists them). */
  sessionSecret: string;
  /** SESSION_SECRET_PREVIOUS: still verify what they signed (cookies, reload-docs links), sign nothing. */
  previousSessionSecrets: readonly string[];
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: string;
  shutdownTimeoutMs: number;
  /** Who may read /metrics (app/.server/metrics/access.ts): null = only this machine. */
  metricsToken: string | null;
  supportUrl: string;
  /** Where the shop tells its support staff what needs a person (chargebacks, failed refunds…), through the outbox. */
  supportEmail: string;
  christmas: { from: string; to: string };
  oidc: OidcConfig;
  /** Outgoing mail: queued in the outbox, delivered by SMTP when `smtpUrl` is set. */
  mail: { smtpUrl: string | null; from: string };
  /** Per 15-minute window, at the embedded sign-in service. */
  signInLimits: { failuresPerIp: number; failuresPerAccountIp: number; failuresPerAccount: number; signUpsPerIp: number };
  /**
   * Identity documents: stored in the database, encrypted with `key` (AES-256-GCM); `directory` is
   * where files were kept before issue 33, emptied into the database at start. The key is
   * null only when the configuration is read without the stored offline key (tests): the running
   * shop always has one (UPLOADS_KEY, or `$DATA_DIR/uploads-key` outside production).
   * `previousKeys` (UPLOADS_KEY_PREVIOUS) only open documents, until re-sealed (uploads/reseal.ts).
   */
  uploads: { directory: string; key: Buffer | null; previousKeys: readonly Buffer[]; retentionDays: number };
  /** Adyen, or the offline simulator (payments/config.ts). */
  payments: PaymentsConfig;
}>;

/** A configuration problem that must stop the process with one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration. Offline defaults need no variables at all;
 * `NODE_ENV=production` demands a real session secret, public URL and uploads key. Without
 * SESSION_SECRET or UPLOADS_KEY, outside production, `localSessionSecret` and `localUploadsKey`
 * (the ones stored under DATA_DIR) are used.
 */
export function readConfig(
  env: Record<string, string | undefined> = process.env,
  options: { localSessionSecret?: string; localUploadsKey?: Buffer } = {},
): Config {
  // Empty strings count as unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  if (production && !values.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required when NODE_ENV=production');
  }
  if (production && values.SESSION_SECRET === OFFLINE_SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET must not be the offline default in production');
  }
  if (production && !values.UPLOADS_KEY) {
    throw new ConfigError('Invalid configuration: UPLOADS_KEY is required when NODE_ENV=production');
  }
  if (production && !values.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: PUBLIC_URL is required when NODE_ENV=production');
  }
  if (values.CHRISTMAS_FROM > values.CHRISTMAS_TO) {
    throw new ConfigError('Invalid configuration: CHRISTMAS_FROM must not be after CHRISTMAS_TO');
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const sessionSecret = values.SESSION_SECRET ?? options.localSessionSecret ?? OFFLINE_SESSION_SECRET;
  const previousSessionSecrets = values.SESSION_SECRET_PREVIOUS?.split(',').map((part) => part.trim()) ?? [];
  const oidc = readOidcConfig(values, publicUrl, sessionSecret);
  const payments = readPaymentsConfig(values, { production, publicUrl, sessionSecret, previousSessionSecrets }, (message) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  });
  const offlineClientSecrets = [OFFLINE_SESSION_SECRET, embeddedClientSecret(OFFLINE_SESSION_SECRET)];
  if (production && offlineClientSecrets.includes(oidc.clientSecret)) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_SECRET must not be the offline default in production');
  }
  return {
    production,
    port: values.PORT,
    // Offline, only this machine can reach the shop unless HOST says otherwise.
    host: values.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    sessionSecret,
    previousSessionSecrets,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: `${values.DATA_DIR.replace(/\/+$/, '')}/db` },
    dataDir: values.DATA_DIR,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    metricsToken: values.METRICS_TOKEN ?? null,
    supportUrl: values.SUPPORT_URL,
    supportEmail: values.SUPPORT_EMAIL,
    christmas: { from: values.CHRISTMAS_FROM, to: values.CHRISTMAS_TO },
    oidc,
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM },
    signInLimits: {
      failuresPerIp: values.SIGN_IN_FAILURES_PER_IP,
      failuresPerAccountIp: values.SIGN_IN_FAILURES_PER_ACCOUNT_IP,
      failuresPerAccount: values.SIGN_IN_FAILURES_PER_ACCOUNT,
      signUpsPerIp: values.SIGN_UPS_PER_IP,
    },
    uploads: {
      // Only read at start, to import documents stored as files before issue 33 (uploads/import-files.ts).
      directory: `${values.DATA_DIR.replace(/\/+$/, '')}/uploads`,
      key: (values.UPLOADS_KEY ? parseUploadsKey(values.UPLOADS_KEY) : null) ?? options.localUploadsKey ?? null,
      previousKeys: values.UPLOADS_KEY_PREVIOUS ? (parseUploadsKeyList(values.UPLOADS_KEY_PREVIOUS) ?? []) : [],
      retentionDays: values.DOCUMENT_RETENTION_DAYS,
    },
    payments,
  };
}
