import type { Clock } from '../clock';
import type { ShopDb } from '../db/client';
import type { Config } from '../env';
import { purgeExpiredPayloads } from '../identity-provider/adapter';
import { createAttemptLimiter, DEFAULT_LIMITS } from '../identity-provider/rate-limit';
import { identityProviderFor } from '../identity-provider/provider';
import type { Logger } from '../logger';
import type { AuthRuntime } from './context';
import { createShopSessionStorage } from './session';
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
  // Expired sign-in artefacts (sessions, codes, interactions) are invisible to reads; delete them now and then.
  const purge = () =>
    purgeExpiredPayloads(db)
      .then((deleted) => (deleted > 0 ? logger.debug({ deleted }, 'purged expired sign-in records') : undefined))
      .catch((error: unknown) => logger.warn({ err: error }, 'could not purge expired sign-in records'));
  // Fire and forget: `purge` logs its own failure, and the next tick simply tries again.
  const timer = identityProvider ? setInterval(() => void purge(), PURGE_INTERVAL_MS) : undefined;
  timer?.unref();
  return {
    sessions: createShopSessionStorage({ secret: config.sessionSecret, production: config.production }),
    login: createShopLogin(config, clock),
    identityProvider,
    attempts: createAttemptLimiter(db, {
      ...DEFAULT_LIMITS,
      perIp: config.signInLimits.failuresPerIp,
      perAccountIp: config.signInLimits.failuresPerAccountIp,
      perAccount: config.signInLimits.failuresPerAccount,
      signUpsPerIp: config.signInLimits.signUpsPerIp,
    }),
    stop: () => clearInterval(timer),
  };
}
