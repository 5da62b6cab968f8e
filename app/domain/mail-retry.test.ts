import { describe, expect, it } from 'vitest';
import { mailDelivery, MAX_MAIL_ATTEMPTS, nextAttemptAfterFailure, retryDelaySeconds } from './mail-retry';

const failedAt = new Date('2026-11-20T10:00:00Z');
const after = (seconds: number) => new Date(failedAt.getTime() + seconds * 1000);

describe('retry schedule', () => {
  it('waits 1, 2, 4 … minutes between attempts, never more than an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(6)).toBe(1920);
    expect(retryDelaySeconds(7)).toBe(3600);
    expect(retryDelaySeconds(9)).toBe(3600);
    expect(retryDelaySeconds(0)).toBe(0);
  });

  it('counts the wait from the failure, whenever the mail was queued', () => {
    expect(nextAttemptAfterFailure(1, failedAt)).toEqual(after(60));
    expect(nextAttemptAfterFailure(3, failedAt)).toEqual(after(240));
    expect(nextAttemptAfterFailure(MAX_MAIL_ATTEMPTS, failedAt)).toEqual(after(3600));
  });
});

describe('mailDelivery', () => {
  it('tells sent, queued, retrying and failed apart', () => {
    expect(mailDelivery({ sentAt: failedAt, attempts: 1 })).toBe('sent');
    expect(mailDelivery({ sentAt: null, attempts: 0 })).toBe('queued');
    expect(mailDelivery({ sentAt: null, attempts: 1 })).toBe('retrying');
    expect(mailDelivery({ sentAt: null, attempts: MAX_MAIL_ATTEMPTS - 1 })).toBe('retrying');
    expect(mailDelivery({ sentAt: null, attempts: MAX_MAIL_ATTEMPTS })).toBe('failed');
  });
});
