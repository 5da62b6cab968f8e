import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ShopDb } from '../db/client';
import type { Config } from '../env';
import type { Logger } from '../logger';
import { createAccountStore, type AccountStore } from './accounts';
import { createDrizzleAdapter } from './adapter';
import { deriveCookieKeys, loadSigningKeys } from './keys';
import { logoutSource, postLogoutSuccessSource, renderError } from './pages';

/** Where oidc-provider sends the browser to sign in: our own React Router page (the trailing slash matters, see LIBRARY-NOTES). */
export function interactionPath(uid: string): string {
  return `/sign-in/${encodeURIComponent(uid)}/`;
}

/** Lifetimes in seconds; every model has one (oidc-provider warns otherwise). */
const TTL = {
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  ClientCredentials: 10 * 60,
  IdToken: 60 * 60,
  Interaction: 30 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  DeviceCode: 10 * 60,
  BackchannelAuthenticationRequest: 10 * 60,
  PreAuthorizedCode: 10 * 60,
} as const;

export type IdentityProvider = {
  provider: Provider;
  /** The request handler to mount at /sso (server.ts): the provider behind `pinPublicOrigin`. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  accounts: AccountStore;
};

type ProviderOptions = {
  db: ShopDb;
  /** `${PUBLIC_URL}/sso`. */
  issuer: string;
  publicUrl: string;
  sessionSecret: string;
  /** SESSION_SECRET_PREVIOUS: their cookie keys still verify. */
  previousSessionSecrets?: readonly string[];
  client: { id: string; secret: string };
  logger?: Logger;
};

/** The shop's own client: confidential, code flow with PKCE, back to /authorize. */
function shopClient(options: ProviderOptions): ClientMetadata {
  return {
    client_id: options.client.id,
    client_secret: options.client.secret,
    client_name: 'Fan Membership Shop',
    redirect_uris: [`${options.publicUrl}/authorize`],
    post_logout_redirect_uris: [`${options.publicUrl}/`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

/**
 * The embedded sign-in service: oidc-provider with its storage and signing keys in our
 * database, our own sign-in and sign-up pages, and the shop as its only client.
 */
export async function createIdentityProvider(options: ProviderOptions): Promise<IdentityProvider> {
  const { db } = options;
  const accounts = createAccountStore(db);
  const jwks = await loadSigningKeys(db);
  const clientId = options.client.id;

  const configuration: Configuration = {
    adapter: createDrizzleAdapter(db),
    clients: [shopClient(options)],
    jwks: jwks as Configuration['jwks'],
    cookies: { keys: deriveCookieKeys(options.sessionSecret, options.previousSessionSecrets) },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    scopes: ['openid', 'email', 'profile'],
    // The shop reads the fan's names from the ID token; no need for a userinfo round trip.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      revocation: { enabled: true },
      userinfo: { enabled: true },
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => interactionPath(interaction.uid) },
    ttl: TTL,
    renderError,
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
    // First-party: the shop's client needs no consent screen, so its grant is made here.
    async loadExistingGrant(ctx) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId) return undefined;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // The provider builds its URLs (discovery, forms) from the request's host and protocol; it
  // reads them from the X-Forwarded-* headers, which `handler` always sets to PUBLIC_URL's.
  provider.proxy = true;
  const callback = provider.callback();
  const origin = new URL(options.issuer);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    pinPublicOrigin(req, origin);
    void callback(req, res);
  };
  provider.on('server_error', (_ctx, error) => options.logger?.error({ err: error }, 'sign-in service error'));
  return { provider, handler, accounts };
}

/**
 * Whatever Host and X-Forwarded-* a client sends, the provider sees the configured public
 * origin: a spoofed `X-Forwarded-Host: evil.example` must not rewrite its discovery document
 * or forms.
 */
function pinPublicOrigin(req: IncomingMessage, origin: URL): void {
  req.headers.host = origin.host;
  req.headers['x-forwarded-host'] = origin.host;
  req.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
}

/** Builds the embedded provider from the shop's configuration. */
export function identityProviderFor(db: ShopDb, config: Config, logger?: Logger): Promise<IdentityProvider> {
  return createIdentityProvider({
    db,
    issuer: config.oidc.issuer,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    previousSessionSecrets: config.previousSessionSecrets,
    client: { id: config.oidc.clientId, secret: config.oidc.clientSecret },
    logger,
  });
}
