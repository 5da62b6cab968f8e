import { describe, expect, it } from 'vitest';
import { TERM_TEXT_VERSIONS } from './checkout-terms';
import {
  checkGift,
  GIFT_REDEMPTION_TERMS,
  isOldEnoughToRedeem,
  missingRedemptionTerms,
  redeemerHolderChoice,
  redeemerRefusal,
  redemptionTermsRecord,
  type GiftState,
} from './gift-redemption';

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

describe('redeemerRefusal: who may take a gift on, before claiming it', () => {
  const TODAY = '2026-12-01';
  // Born on these days, the fan is 15 (16 tomorrow), 16 (today), 17 (18 tomorrow), 18 (today).
  const AGED = { 15: '2010-12-02', 16: '2010-12-01', 17: '2008-12-02', 18: '2008-12-01' } as const;
  const junior = { minHolderAge: 5, maxHolderAge: 10 };
  const kids = { minHolderAge: 0, maxHolderAge: 4 };
  const young = { minHolderAge: 11, maxHolderAge: 13 };
  const blackAndWhite = { minHolderAge: 14, maxHolderAge: null };

  it.each([
    // product, age on TODAY, refusal
    ['Junior 5-10', junior, 15, 'under-age'],
    ['Junior 5-10', junior, 16, 'no-holder-fits'],
    ['Junior 5-10', junior, 17, 'no-holder-fits'],
    ['Junior 5-10', junior, 18, null],
    ['Kids 0-4', kids, 16, 'no-holder-fits'],
    ['Kids 0-4', kids, 17, 'no-holder-fits'],
    ['Kids 0-4', kids, 18, null],
    ['Young 11-13', young, 17, 'no-holder-fits'],
    ['Young 11-13', young, 18, null],
    ['Black & White 14+', blackAndWhite, 15, 'under-age'],
    ['Black & White 14+', blackAndWhite, 16, null],
    ['Black & White 14+', blackAndWhite, 17, null],
    ['Black & White 14+', blackAndWhite, 18, null],
  ] as const)('%s, a fan of %i: %s', (_name, product, age, refusal) => {
    expect(redeemerRefusal(product, AGED[age], TODAY)).toBe(refusal);
  });

  it('follows the spec’s on-behalf rule literally: a product held from 17 or more has no on-behalf holder', () => {
    const adultsOnly = { minHolderAge: 18, maxHolderAge: null };
    expect(redeemerRefusal(adultsOnly, AGED[17], TODAY)).toBe('no-holder-fits');
    expect(redeemerRefusal(adultsOnly, AGED[18], TODAY)).toBeNull();
    const upTo17 = { minHolderAge: 0, maxHolderAge: 17 };
    expect(redeemerRefusal(upTo17, AGED[17], TODAY)).toBeNull();
  });

  it.each([
    // product, age on TODAY, whom they could choose as holder once it is theirs
    ['Black & White 14+', blackAndWhite, 16, 'themselves'],
    ['Black & White 14+', blackAndWhite, 17, 'themselves'],
    ['Black & White 14+', blackAndWhite, 18, 'either'],
    ['Junior 5-10', junior, 17, null],
    ['Junior 5-10', junior, 18, 'minor'],
  ] as const)('redeemerHolderChoice: %s, a fan of %i: %s (the words of the confirm step)', (_name, product, age, choice) => {
    expect(redeemerHolderChoice(product, AGED[age], TODAY)).toBe(choice);
  });
});

describe('the redemption terms', () => {
  it('are checkout’s membership terms and guardian declaration, with their text versions', () => {
    expect(GIFT_REDEMPTION_TERMS).toEqual([
      { name: 'membershipTerms', version: TERM_TEXT_VERSIONS.membershipTerms },
      { name: 'guardianDeclaration', version: TERM_TEXT_VERSIONS.guardianDeclaration },
    ]);
  });

  it('need both ticked; other names are ignored', () => {
    expect(missingRedemptionTerms(new Set(['membershipTerms', 'guardianDeclaration']))).toEqual([]);
    expect(missingRedemptionTerms(new Set(['guardianDeclaration', 'cardDataDeclaration']))).toEqual(['membershipTerms']);
    expect(missingRedemptionTerms(new Set())).toEqual(['membershipTerms', 'guardianDeclaration']);
  });

  it('are kept with when they were accepted', () => {
    const at = new Date('2026-12-01T09:00:00Z');
    expect(redemptionTermsRecord(at)).toEqual([
      { name: 'membershipTerms', version: TERM_TEXT_VERSIONS.membershipTerms, acceptedAt: '2026-12-01T09:00:00.000Z' },
      { name: 'guardianDeclaration', version: TERM_TEXT_VERSIONS.guardianDeclaration, acceptedAt: '2026-12-01T09:00:00.000Z' },
    ]);
  });
});
