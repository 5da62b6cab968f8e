import { describe, expect, it } from 'vitest';
import { checkGift, isOldEnoughToRedeem, type GiftState } from './gift-redemption';

const ME = 'me';
const fresh: GiftState = { membershipStatus: 'ready', managerCustomerId: null, holderCustomerId: null, activatedAt: null };
const redeemedBy = (manager: string, more: Partial<GiftState> = {}): GiftState => ({ ...fresh, managerCustomerId: manager, ...more });
const ACTIVATED = new Date('2026-12-01T10:00:00Z');

describe('isOldEnoughToRedeem', () => {
  it('is 16 on the day of the sixteenth birthday, not the day before', () => {
    expect(isOldEnoughToRedeem('2010-12-01', '2026-12-01')).toBe(true);
    expect(isOldEnoughToRedeem('2010-12-02', '2026-12-01')).toBe(false);
  });
  it('counts a 29 February birthday on 28 February in a common year', () => {
    expect(isOldEnoughToRedeem('2008-02-29', '2024-02-28')).toBe(false);
    expect(isOldEnoughToRedeem('2008-02-29', '2024-02-29')).toBe(true);
    expect(isOldEnoughToRedeem('2004-02-29', '2020-02-28')).toBe(false);
    expect(isOldEnoughToRedeem('2005-02-28', '2021-02-28')).toBe(true);
  });
});

describe('checkGift', () => {
  it('asks a fan to confirm a gift nobody took on', () => {
    expect(checkGift(fresh, ME)).toEqual({ manager: false, holder: false, step: 'confirm' });
  });
  it('takes its manager to the holder choice until they chose, then says it is already redeemed', () => {
    expect(checkGift(redeemedBy(ME), ME)).toEqual({ manager: true, holder: false, step: 'holder-choice' });
    expect(checkGift(redeemedBy(ME, { holderCustomerId: ME, activatedAt: ACTIVATED }), ME)).toEqual({ manager: true, holder: true, step: 'already-redeemed' });
    // Active since (the season started): still the manager's, still used up.
    expect(checkGift(redeemedBy(ME, { membershipStatus: 'active', activatedAt: ACTIVATED }), ME).step).toBe('already-redeemed');
  });
  it('tells anyone but its manager that it is taken, the gifter too', () => {
    expect(checkGift(redeemedBy('someone'), ME)).toEqual({ manager: false, holder: false, step: 'taken' });
    expect(checkGift(redeemedBy('someone', { activatedAt: ACTIVATED }), ME).step).toBe('taken');
  });
  it('has nothing left for a holder who is not its manager', () => {
    expect(checkGift(redeemedBy('someone', { holderCustomerId: ME, activatedAt: ACTIVATED }), ME)).toEqual({ manager: false, holder: true, step: 'already-redeemed' });
  });
  it('leads nowhere once the membership is cancelled or expired, whoever asks', () => {
    for (const membershipStatus of ['cancelled', 'expired'] as const) {
      expect(checkGift({ ...fresh, membershipStatus }, ME).step).toBe('unavailable');
      expect(checkGift(redeemedBy(ME, { membershipStatus }), ME).step).toBe('unavailable');
    }
  });
});
