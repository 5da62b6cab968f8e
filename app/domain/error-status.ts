/** The statuses the spec's error catalogue has texts for. */
export const KNOWN_ERROR_STATUSES = [400, 401, 403, 404, 405, 413, 484, 500, 501, 503, 504] as const;
export type KnownErrorStatus = (typeof KNOWN_ERROR_STATUSES)[number];

/** The catalogue entry to show for any HTTP status: itself if known, else 400 or 500 by class. */
export function catalogueStatus(status: number): KnownErrorStatus {
  if ((KNOWN_ERROR_STATUSES as readonly number[]).includes(status)) return status as KnownErrorStatus;
  return status >= 400 && status < 500 ? 400 : 500;
}

/** How prominently the error screen offers "sign in again"; null: not at all. */
export type SignInOffer = 'primary' | 'secondary' | null;

/**
 * The spec's error screen has a "login again" action; it is offered only where it can help:
 * - 401/403: signing in is the remedy (the main action);
 * - no status (the /error page, reached from a failed sign-in): a way to try again;
 * - a server error, to a signed-in fan: a broken session may be the cause;
 * - otherwise (a missing product, a bad request, an anonymous visitor on a server error) signing
 *   in changes nothing, and "again" would be wrong for someone who never signed in.
 */
export function signInOffer(status: number | undefined, signedIn: boolean): SignInOffer {
  if (status === undefined) return 'secondary';
  if (status === 401 || status === 403) return 'primary';
  if (status >= 500 && signedIn) return 'secondary';
  return null;
}
