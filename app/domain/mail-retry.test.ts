import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_OFFSETS_SECONDS,
  attemptOffsetSeconds,
  isMailDue,
  mailDelivery,
  MAX_MAIL_ATTEMPTS,
  retryDelaySeconds,
} from './mail-retry';

const queuedAt = new Date('2026-11-20T10:00:00Z');
const after = (seconds: number) => new Date(queuedAt.getTime() + seconds * 1000);

describe('retry schedule', () => {
  it('waits 1, 2, 4 … minutes between attempts, never more than an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(7)).toBe(3600);
    expect(retryDelaySeconds(9)).toBe(3600);
    expect(retryDelaySeconds(0)).toBe(0);
  });

  it('offsets add up the waits; the SQL table matches them', () => {
    expect(attemptOffsetSeconds(0)).toBe(0);
    expect(attemptOffsetSeconds(1)).toBe(60);
    expect(attemptOffsetSeconds(3)).toBe(60 + 120 + 240);
    expect(ATTEMPT_OFFSETS_SECONDS).toHaveLength(MAX_MAIL_ATTEMPTS);
    expect(ATTEMPT_OFFSETS_SECONDS[3]).toBe(attemptOffsetSeconds(3));
  });
});

describe('isMailDue', () => {
  it('a new mail is due at once', () => {
    expect(isMailDue({ createdAt: queuedAt, attempts: 0, sentAt: null }, queuedAt)).toBe(true);
  });

  it('after a failure it waits for its offset, to the second', () => {
    const failedOnce = { createdAt: queuedAt, attempts: 1, sentAt: null };
    expect(isMailDue(failedOnce, after(59))).toBe(false);
    expect(isMailDue(failedOnce, after(60))).toBe(true);
    const failedTwice = { createdAt: queuedAt, attempts: 2, sentAt: null };
    expect(isMailDue(failedTwice, after(179))).toBe(false);
    expect(isMailDue(failedTwice, after(180))).toBe(true);
  });

  it('sent mail and mail out of attempts are never due', () => {
    expect(isMailDue({ createdAt: queuedAt, attempts: 0, sentAt: queuedAt }, after(1e6))).toBe(false);
    expect(isMailDue({ createdAt: queuedAt, attempts: MAX_MAIL_ATTEMPTS - 1, sentAt: null }, after(1e6))).toBe(true);
    expect(isMailDue({ createdAt: queuedAt, attempts: MAX_MAIL_ATTEMPTS, sentAt: null }, after(1e6))).toBe(false);
  });
});

describe('mailDelivery', () => {
  it('tells sent, queued, retrying and failed apart', () => {
    expect(mailDelivery({ sentAt: queuedAt, attempts: 1 })).toBe('sent');
    expect(mailDelivery({ sentAt: null, attempts: 0 })).toBe('queued');
    expect(mailDelivery({ sentAt: null, attempts: 1 })).toBe('retrying');
    expect(mailDelivery({ sentAt: null, attempts: MAX_MAIL_ATTEMPTS })).toBe('failed');
  });
});
