import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { IdentityProvider } from './provider';

export type InteractionView = { uid: string; prompt: string };

/**
 * The sign-in interaction the browser is in (from the provider's `_interaction` cookie), or
 * null when there is none for this uid: expired, finished, or another tab's.
 */
export async function readInteraction(
  identityProvider: IdentityProvider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<InteractionView | null> {
  try {
    const details = await identityProvider.provider.interactionDetails(req, res);
    if (details.uid !== uid) return null;
    return { uid: details.uid, prompt: details.prompt.name };
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return null;
    throw error;
  }
}

/** Ends the interaction as "signed in as accountId"; returns where the browser goes next (the provider). */
export async function finishSignIn(
  identityProvider: IdentityProvider,
  req: IncomingMessage,
  res: ServerResponse,
  accountId: string,
): Promise<string> {
  return identityProvider.provider.interactionResult(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * Ends the sign-in service's session of this browser (the one its `_session` cookie names) and
 * revokes the grants and tokens it gave: as its own logout confirmation does, but without a page
 * to confirm on, so signing out of the shop needs neither JavaScript nor a second click. The
 * cookie is left to name a session that is gone (the service treats it as signed out, and
 * replaces it on the next visit).
 */
export async function endBrowserSession(identityProvider: IdentityProvider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { provider } = identityProvider;
  // Without an oidc-provider context, `Session.get` reads the signed cookie from `req` itself.
  const session = await provider.Session.get({ req, res } as unknown as KoaContextWithOIDC);
  if (!session.accountId) return;
  const grantIds = Object.values(session.authorizations ?? {}).flatMap((authorization) => (authorization.grantId ? [authorization.grantId] : []));
  for (const grantId of grantIds) {
    // The adapter deletes every token of the grant whichever model is asked; then the grant.
    await provider.AccessToken.revokeByGrantId(grantId);
    await (await provider.Grant.find(grantId))?.destroy();
  }
  await session.destroy();
}
