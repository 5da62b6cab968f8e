/** The statuses the spec's error catalogue has texts for. */
export const KNOWN_ERROR_STATUSES = [400, 401, 403, 404, 484, 500, 501, 503, 504] as const;
export type KnownErrorStatus = (typeof KNOWN_ERROR_STATUSES)[number];

/** The catalogue entry to show for any HTTP status: itself if known, else 400 or 500 by class. */
export function catalogueStatus(status: number): KnownErrorStatus {
  if ((KNOWN_ERROR_STATUSES as readonly number[]).includes(status)) return status as KnownErrorStatus;
  return status >= 400 && status < 500 ? 400 : 500;
}

/** Statuses after which signing in again is the likely remedy. */
export function suggestsSigningIn(status: number): boolean {
  return status === 401 || status === 403;
}
