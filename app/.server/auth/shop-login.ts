import { Authenticator } from 'remix-auth';
import { OAuth2RequestError, OAuth2Strategy } from 'remix-auth-oauth2';
import type { Clock } from '../clock';
import type { Config } from '../env';
import type { SignedInIdentity } from '../services/customers';
import { readIdToken } from './id-token';

/** The fan as the sign-in service reports them, plus the ID token for logging out. */
export type LoginIdentity = SignedInIdentity & { idToken: string };

type Endpoints = { authorization: string; token: string; endSession?: string; userinfo?: string };

/** Query flag of /login: skip the silent check (it already answered "login_required"). */
export const INTERACTIVE_PARAM = 'interactive';
const STRATEGY = 'oidc';
const STATE_COOKIE = 'shop_oidc';
/** State cookies of earlier, unfinished sign-ins kept at a new /login (other tabs). */
const KEPT_STATE_COOKIES = 2;

function stateCookieNames(request: Request): string[] {
  return (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`));
}

function expiredStateCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/** Errors at the callback after which an interactive sign-in should simply be tried. */
const SILENT_CHECK_MISSES = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

export function isSilentCheckMiss(error: unknown): boolean {
  return error instanceof OAuth2RequestError && SILENT_CHECK_MISSES.has(error.code);
}

/** The provider (or the fan) said no, or the callback is stale: show the login-failed page. */
export function isLoginRefusal(error: unknown): boolean {
  return error instanceof OAuth2RequestError || error instanceof ReferenceError || error instanceof RangeError;
}

class OidcStrategy extends OAuth2Strategy<LoginIdentity> {
  override name = STRATEGY;

  /** Silent check first (prompt=none); the interactive retry carries `?interactive`. */
  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const next = new URLSearchParams(params);
    if (!new URL(request.url).searchParams.has(INTERACTIVE_PARAM)) next.set('prompt', 'none');
    return next;
  }
}

async function discover(issuer: string): Promise<Endpoints> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`OIDC discovery failed at ${issuer}: ${response.status}`);
  const metadata = (await response.json()) as Record<string, unknown>;
  const url = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : undefined);
  const authorization = url('authorization_endpoint');
  const token = url('token_endpoint');
  if (metadata.issuer !== issuer || !authorization || !token) throw new Error(`OIDC discovery at ${issuer} is incomplete`);
  return { authorization, token, endSession: url('end_session_endpoint'), userinfo: url('userinfo_endpoint') };
}

/**
 * The shop's side of signing in: remix-auth with an OAuth2 code + PKCE strategy against the
 * configured OIDC issuer (the embedded one by default; an external one is discovered on
 * first use and then cached).
 */
export function createShopLogin(config: Pick<Config, 'oidc' | 'publicUrl' | 'production'>, clock: Clock) {
  const { oidc } = config;
  let endpointsPromise: Promise<Endpoints> | undefined;
  let authenticatorPromise: Promise<Authenticator<LoginIdentity>> | undefined;

  function endpoints(): Promise<Endpoints> {
    if (oidc.embedded) {
      return Promise.resolve({
        authorization: `${oidc.issuer}/auth`,
        token: `${oidc.issuer}/token`,
        endSession: `${oidc.issuer}/session/end`,
        userinfo: `${oidc.issuer}/me`,
      });
    }
    endpointsPromise ??= discover(oidc.issuer).catch((error: unknown) => {
      endpointsPromise = undefined; // try again on the next login
      throw error;
    });
    return endpointsPromise;
  }

  async function verify({ tokens }: OAuth2Strategy.VerifyOptions): Promise<LoginIdentity> {
    const idToken = tokens.idToken();
    let claims = readIdToken(idToken, { issuer: oidc.issuer, clientId: oidc.clientId, now: clock.now() });
    const { userinfo } = await endpoints();
    if ((!claims.email || !claims.given_name || !claims.family_name) && userinfo) {
      const response = await fetch(userinfo, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } });
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      const info = (await response.json()) as Record<string, unknown>;
      if (info.sub !== claims.sub) throw new Error('userinfo subject differs from the ID token');
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      claims = {
        ...claims,
        email: claims.email ?? text(info.email),
        given_name: claims.given_name ?? text(info.given_name),
        family_name: claims.family_name ?? text(info.family_name),
      };
    }
    if (!claims.email) throw new Error('the sign-in service gave no e-mail address');
    return {
      subject: claims.sub,
      email: claims.email,
      firstName: claims.given_name ?? '',
      lastName: claims.family_name ?? '',
      idToken,
    };
  }

  async function createAuthenticator(): Promise<Authenticator<LoginIdentity>> {
    const found = await endpoints();
    const strategy = new OidcStrategy(
      {
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        authorizationEndpoint: found.authorization,
        tokenEndpoint: found.token,
        redirectURI: `${config.publicUrl}/authorize`,
        scopes: ['openid', 'email', 'profile'],
        cookie: { name: STATE_COOKIE, path: '/', sameSite: 'Lax', httpOnly: true, ...(config.production ? { secure: true } : {}) },
      },
      verify,
    );
    return new Authenticator<LoginIdentity>().use(strategy);
  }

  return {
    /** Starts the code flow (throws a redirect Response) or, at the callback, returns the fan. */
    async authenticate(request: Request): Promise<LoginIdentity> {
      authenticatorPromise ??= createAuthenticator().catch((error: unknown) => {
        authenticatorPromise = undefined;
        throw error;
      });
      return (await authenticatorPromise).authenticate(STRATEGY, request);
    },

    /** The provider's logout URL for this fan, or null when the issuer has none. */
    async logoutUrl(idToken: string | undefined): Promise<string | null> {
      const { endSession } = await endpoints();
      if (!endSession) return null;
      const url = new URL(endSession);
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      else url.searchParams.set('client_id', oidc.clientId);
      url.searchParams.set('post_logout_redirect_uri', `${config.publicUrl}/`);
      return url.toString();
    },

    /** Set-Cookie values that drop the state cookies of finished or abandoned flows. */
    expireStateCookies(request: Request): string[] {
      return stateCookieNames(request).map(expiredStateCookie);
    },

    /**
     * At a new /login: Set-Cookie values that drop all but the newest `keep` state cookies, so
     * with the new one at most `keep + 1` remain (one per unfinished sign-in would otherwise
     * pile up past the server's header limit). Browsers send cookies of one path oldest first
     * (RFC 6265 §5.4), so the last ones are the newest: the tabs most likely still open.
     */
    expireOldStateCookies(request: Request, keep = KEPT_STATE_COOKIES): string[] {
      const names = stateCookieNames(request);
      return names.slice(0, Math.max(0, names.length - keep)).map(expiredStateCookie);
    },
  };
}

export type ShopLogin = ReturnType<typeof createShopLogin>;
