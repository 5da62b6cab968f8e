import { describe, expect, it } from 'vitest';
import { needsWithdrawalWaiver, WITHDRAWAL_PERIOD_DAYS } from './withdrawal';

describe('needsWithdrawalWaiver', () => {
  it('asks for a membership that starts once paid (for oneself, on behalf, with a coupon), not for a gift or the club card', () => {
    expect(WITHDRAWAL_PERIOD_DAYS).toBe(14);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'buy' })).toBe(true);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'coupon' })).toBe(true);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'gift' })).toBe(false);
    expect(needsWithdrawalWaiver({ kind: 'card', process: 'buy' })).toBe(false);
    expect(needsWithdrawalWaiver({ kind: 'other', process: 'buy' })).toBe(false);
  });
});
