import { data, type RouterContextProvider } from 'react-router';
import { requestContext } from '../../context';
import { getLanguage } from '../../middleware/i18next';
import type { Account } from '../identity-provider/accounts';
import { finishSignIn, readInteraction } from '../identity-provider/interactions';
import { minutesToWait, type GuardedAttempt, type LimitCheck } from '../identity-provider/rate-limit';
import { authContext, expressContext } from './context';

/** A sign-in attempt as the page sees it: a held one says nothing of the password (see rate-limit.ts). */
export type SignInAttempt =
  | Exclude<GuardedAttempt<Account>, { held: true }>
  | { blocked: false; held: true; retryAfterSeconds: number };

/**
 * What the sign-in and sign-up routes need: the embedded provider, the raw request for its
 * cookies, the client IP (Express's `trust proxy` applies), the attempt limiter and the
 * browser's device cookie. With an external OIDC_ISSUER these pages do not exist (404).
 */
export function interactionRoute(context: Readonly<RouterContextProvider>, uid: string) {
  const { identityProvider, attempts, devices, mailTrustLink } = context.get(authContext);
  if (!identityProvider) throw data(null, { status: 404 });
  const { req, res } = context.get(expressContext);
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return {
    accounts: identityProvider.accounts,
    attempts,
    ip,
    /**
     * The password check, counted (rate-limit.ts) as this browser's when its device cookie vouches
     * for the account. Held (strangers' failures beyond the account's ceiling), a right password
     * mails the account the link that trusts a browser, in the page's language; the answer is
     * the same either way.
     */
    async signIn(email: string, password: string): Promise<SignInAttempt> {
      const attempt = await attempts.guardSignIn(ip, email, () => identityProvider.accounts.authenticate(email, password), {
        device: devices.trustedDevice(req.headers.cookie, email),
      });
      if (!attempt.held) return attempt;
      if (attempt.owner) {
        // A failure here must not make the right password's answer differ from a wrong one's.
        await mailTrustLink(attempt.owner, getLanguage(context)).catch((error: unknown) =>
          context.get(requestContext).logger.error({ err: error }, 'sign-in: could not queue the mail that trusts a browser'),
        );
      }
      return { blocked: false, held: true, retryAfterSeconds: attempt.retryAfterSeconds };
    },
    /** The Set-Cookie value that remembers this browser for `email`'s account (after it signed in). */
    rememberDevice: (email: string) => devices.remember(req.headers.cookie, email),
    read: () => readInteraction(identityProvider, req, res, uid),
    finish: (accountId: string) => finishSignIn(identityProvider, req, res, accountId),
  };
}

/** Status and headers of a "too many attempts" answer (a held one too: its own page, the same status). */
export function tooManyAttempts(check: Extract<LimitCheck, { blocked: true }> | Extract<SignInAttempt, { held: true }>) {
  return {
    minutes: minutesToWait(check.retryAfterSeconds),
    init: { status: 429, headers: { 'Retry-After': String(check.retryAfterSeconds) } },
  };
}
