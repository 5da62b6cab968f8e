import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createContext } from 'react-router';
import type { Language } from '../../domain/catalogue-types';
import type { Account } from '../identity-provider/accounts';
import type { IdentityProvider } from '../identity-provider/provider';
import type { DeviceCookies } from '../identity-provider/device-cookie';
import type { TrustLinks } from '../identity-provider/trust-link';
import type { AttemptLimiter } from '../identity-provider/rate-limit';
import type { ShopSessionStorage } from './session';
import type { SessionStore } from './session-store';
import type { ShopLogin } from './shop-login';

/** Sign-in machinery of one running shop (server.ts puts it into every request's context). */
export type AuthRuntime = {
  /** The signed cookie (anonymous data and the session id). */
  sessions: ShopSessionStorage;
  /** Signed-in sessions on the server. */
  store: SessionStore;
  login: ShopLogin;
  /** The embedded sign-in service; absent when an external OIDC_ISSUER is configured. */
  identityProvider?: IdentityProvider;
  attempts: AttemptLimiter;
  /** The sign-in pages' device cookies (identity-provider/device-cookie.ts). */
  devices: DeviceCookies;
  /** The mailed links that trust a browser for an account (identity-provider/trust-link.ts). */
  trustLinks: TrustLinks;
  /** Queues the mail with such a link to `account`'s address, in `language` (one per ten minutes). */
  mailTrustLink(account: Account, language: Language): Promise<void>;
  /** Ends the embedded sign-in service's sessions of an account (a no-op with an external issuer). */
  endProviderSessions(accountId: string): Promise<void>;
};

export const authContext = createContext<AuthRuntime>();

/**
 * The raw Express request and response: oidc-provider's interaction API reads its signed
 * cookies from them. Only the sign-in and sign-up routes use this.
 */
export const expressContext = createContext<{ req: ExpressRequest; res: ExpressResponse }>();
