import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors } from 'oidc-provider';
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
