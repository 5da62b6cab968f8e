/**
 * How long a signed-in session lives on the server: it ends after `idleMs` without a request
 * (sliding) and after `absoluteMs` whatever happens. The sliding part is written at most once
 * per `touchEveryMs`, so an active fan costs one write every few minutes, not one per page.
 */
export type SessionLifetime = { idleMs: number; absoluteMs: number; touchEveryMs: number };

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const SESSION_LIFETIME: SessionLifetime = { idleMs: 2 * DAY, absoluteMs: 14 * DAY, touchEveryMs: 5 * MINUTE };

export type SessionTimes = { createdAt: Date; lastSeenAt: Date };

/** Whether the session has ended at `now` (idle too long or too old). */
export function isSessionExpired(times: SessionTimes, now: Date, lifetime = SESSION_LIFETIME): boolean {
  const at = now.getTime();
  return at - times.lastSeenAt.getTime() >= lifetime.idleMs || at - times.createdAt.getTime() >= lifetime.absoluteMs;
}

/** Whether this request should move `lastSeenAt` forward (only when it is a few minutes old). */
export function sessionNeedsTouch(times: SessionTimes, now: Date, lifetime = SESSION_LIFETIME): boolean {
  return now.getTime() - times.lastSeenAt.getTime() >= lifetime.touchEveryMs;
}

/** The oldest `lastSeenAt` and `createdAt` a live session may have at `now` (for purging). */
export function sessionCutoffs(now: Date, lifetime = SESSION_LIFETIME): SessionTimes {
  return { lastSeenAt: new Date(now.getTime() - lifetime.idleMs), createdAt: new Date(now.getTime() - lifetime.absoluteMs) };
}
