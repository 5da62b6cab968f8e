import { describe, expect, it } from 'vitest';
import { isSessionExpired, sessionCutoffs, sessionNeedsTouch, SESSION_LIFETIME } from './session-expiry';

const createdAt = new Date('2026-05-01T10:00:00Z');
const at = (ms: number) => new Date(createdAt.getTime() + ms);
const { idleMs, absoluteMs, touchEveryMs } = SESSION_LIFETIME;

describe('isSessionExpired', () => {
  it('keeps a session alive until it has been idle for the idle time', () => {
    expect(isSessionExpired({ createdAt, lastSeenAt: createdAt }, at(idleMs - 1))).toBe(false);
    expect(isSessionExpired({ createdAt, lastSeenAt: createdAt }, at(idleMs))).toBe(true);
  });

  it('ends an active session at the absolute lifetime', () => {
    expect(isSessionExpired({ createdAt, lastSeenAt: at(absoluteMs - 1000) }, at(absoluteMs - 1))).toBe(false);
    expect(isSessionExpired({ createdAt, lastSeenAt: at(absoluteMs - 1000) }, at(absoluteMs))).toBe(true);
  });
});

describe('sessionNeedsTouch', () => {
  it('writes the last-seen time only every few minutes', () => {
    expect(sessionNeedsTouch({ createdAt, lastSeenAt: createdAt }, at(touchEveryMs - 1))).toBe(false);
    expect(sessionNeedsTouch({ createdAt, lastSeenAt: createdAt }, at(touchEveryMs))).toBe(true);
  });
});

describe('sessionCutoffs', () => {
  it('are the idle and absolute limits before now', () => {
    expect(sessionCutoffs(at(absoluteMs))).toEqual({ lastSeenAt: at(absoluteMs - idleMs), createdAt });
  });
});
