import { data, type RouterContextProvider } from 'react-router';
import { finishSignIn, readInteraction } from '../identity-provider/interactions';
import { minutesToWait, type LimitCheck } from '../identity-provider/rate-limit';
import { authContext, expressContext } from './context';

/**
 * What the sign-in and sign-up routes need: the embedded provider, the raw request for its
 * cookies, the client IP (Express's `trust proxy` applies), the attempt limiter and the
 * browser's device cookie. With an external OIDC_ISSUER these pages do not exist (404).
 */
export function interactionRoute(context: Readonly<RouterContextProvider>, uid: string) {
  const { identityProvider, attempts, devices } = context.get(authContext);
  if (!identityProvider) throw data(null, { status: 404 });
  const { req, res } = context.get(expressContext);
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return {
    accounts: identityProvider.accounts,
    attempts,
    ip,
    /** The password check, counted (rate-limit.ts) as this browser's when its device cookie vouches for the account. */
    signIn: (email: string, password: string) =>
      attempts.guardSignIn(ip, email, () => identityProvider.accounts.authenticate(email, password), {
        device: devices.trustedDevice(req.headers.cookie, email),
      }),
    /** The Set-Cookie value that remembers this browser for `email`'s account (after it signed in). */
    rememberDevice: (email: string) => devices.remember(req.headers.cookie, email),
    read: () => readInteraction(identityProvider, req, res, uid),
    finish: (accountId: string) => finishSignIn(identityProvider, req, res, accountId),
  };
}

/** Status and headers of a "too many attempts" answer. */
export function tooManyAttempts(check: Extract<LimitCheck, { blocked: true }>) {
  return {
    minutes: minutesToWait(check.retryAfterSeconds),
    init: { status: 429, headers: { 'Retry-After': String(check.retryAfterSeconds) } },
  };
}
