import { createCookieSessionStorage, type Session } from 'react-router';
import type { Notice } from '../../domain/notice';

/** The signed-in fan as the guards hand it on (read from the session row and its customer). */
export type SessionUser = {
  customerId: string;
  /** OIDC subject; compared with the customer row by the guard. */
  subject: string;
  firstName: string;
  /** For the provider's logout (id_token_hint); kept on the server, never in the cookie. */
  idToken: string;
};

/**
 * The signed cookie holds only what anonymous visitors need, plus the random id of a
 * signed-in session (its data lives in the database: session-store.ts). No e-mail, no token.
 */
export type ShopSessionData = {
  /** Id of the server-side session (signed-in fans only). */
  sid: string;
  /** Where to go after signing in (a same-origin path). */
  returnTo: string;
};

/** Read once: the next page shows it and forgets it (`http/flash.ts`). */
export type ShopFlashData = { notice: Notice };

export type ShopSession = Session<ShopSessionData, ShopFlashData>;

export const SESSION_COOKIE = '__shop_session';
/** The absolute lifetime of a signed-in session; the server ends it earlier when idle. */
const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * `secret` signs; `previousSecrets` (SESSION_SECRET_PREVIOUS) still verify, so a rotation keeps
 * fans signed in — React Router's cookie signs with the first of `secrets` and accepts any.
 */
export function createShopSessionStorage({ secret, previousSecrets = [], production }: { secret: string; previousSecrets?: readonly string[]; production: boolean }) {
  return createCookieSessionStorage<ShopSessionData, ShopFlashData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
      secrets: [secret, ...previousSecrets],
      // React Router only accepts `secure: true`; leave it out for plain-HTTP development.
      ...(production ? { secure: true as const } : {}),
    },
  });
}

export type ShopSessionStorage = ReturnType<typeof createShopSessionStorage>;
