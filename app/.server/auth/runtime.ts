import type { Clock } from '../clock';
import type { ShopDb } from '../db/client';
import type { Config } from '../env';
import { endAccountSessions, purgeExpiredPayloads } from '../identity-provider/adapter';
import { createDeviceCookies } from '../identity-provider/device-cookie';
import { createAttemptLimiter, DEFAULT_LIMITS } from '../identity-provider/rate-limit';
import { identityProviderFor } from '../identity-provider/provider';
import { createTrustLinks } from '../identity-provider/trust-link';
import { queueTrustLinkMail } from '../identity-provider/trust-link-mail';
import type { Logger } from '../logger';
import type { AuthRuntime } from './context';
import { createShopSessionStorage } from './session';
import { createSessionStore } from './session-store';
import { createShopLogin } from './shop-login';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Builds sessions, the shop login and (unless OIDC_ISSUER is set) the embedded sign-in service. */
export async function createAuthRuntime(
  db: ShopDb,
  config: Config,
  logger: Logger,
  clock: Clock,
): Promise<AuthRuntime & { stop(): void }> {
  const identityProvider = config.oidc.embedded ? await identityProviderFor(db, config, logger) : undefined;
  const store = createSessionStore(db, clock);
  // Expired sessions and sign-in artefacts (codes, interactions) are invisible to reads; delete them now and then.
  const purge = async () => {
    try {
      const deleted = (await store.purgeExpired()) + (identityProvider ? await purgeExpiredPayloads(db) : 0);
      if (deleted > 0) logger.debug({ deleted }, 'purged expired sessions and sign-in records');
    } catch (error) {
      logger.warn({ err: error }, 'could not purge expired sessions and sign-in records');
    }
  };
  // Fire and forget: `purge` logs its own failure, and the next tick simply tries again.
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  const trustLinks = createTrustLinks({ secret: config.sessionSecret, previousSecrets: config.previousSessionSecrets, publicUrl: config.publicUrl });
  return {
    sessions: createShopSessionStorage({ secret: config.sessionSecret, previousSecrets: config.previousSessionSecrets, production: config.production }),
    store,
    login: createShopLogin(config, clock),
    identityProvider,
    attempts: createAttemptLimiter(db, {
      ...DEFAULT_LIMITS,
      perIp: config.signInLimits.failuresPerIp,
      perAccountIp: config.signInLimits.failuresPerAccountIp,
      perAccount: config.signInLimits.failuresPerAccount,
      signUpsPerIp: config.signInLimits.signUpsPerIp,
    }),
    devices: createDeviceCookies({ secret: config.sessionSecret, previousSecrets: config.previousSessionSecrets, production: config.production }),
    trustLinks,
    mailTrustLink: (account, language) => queueTrustLinkMail(db, { account, language, links: trustLinks, supportUrl: config.supportUrl, now: clock.now() }),
    endProviderSessions: async (accountId) => {
      if (identityProvider) await endAccountSessions(db, accountId);
    },
    stop: () => clearInterval(timer),
  };
}
