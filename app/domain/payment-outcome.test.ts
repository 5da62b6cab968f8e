import { describe, expect, it } from 'vitest';
import { outcomeOfResultCode, outcomeOfSessionStatus } from './payment-outcome';

describe('outcomeOfResultCode', () => {
  it.each([
    ['Authorised', 'authorised'],
    ['Refused', 'refused'],
    ['Cancelled', 'cancelled'],
    ['Error', 'error'],
    ['Pending', 'pending'],
    ['Received', 'pending'],
    ['RedirectShopper', 'action'],
    ['IdentifyShopper', 'action'],
    ['ChallengeShopper', 'action'],
    ['PresentToShopper', 'action'],
  ])('%s → %s', (resultCode, outcome) => {
    expect(outcomeOfResultCode(resultCode)).toBe(outcome);
  });

  it('is unknown for anything else, in any case, and for nothing', () => {
    for (const odd of ['authorised', 'AUTHORISED', 'PartiallyAuthorised', 'toString', '__proto__', '', undefined, null]) {
      expect(outcomeOfResultCode(odd)).toBe('unknown');
    }
  });
});

describe('outcomeOfSessionStatus', () => {
  it.each([
    ['completed', 'authorised'],
    ['paymentPending', 'pending'],
    ['refused', 'refused'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
    ['active', 'open'],
  ])('%s → %s', (status, outcome) => {
    expect(outcomeOfSessionStatus(status)).toBe(outcome);
  });

  it('is unknown for anything else', () => {
    for (const odd of ['Completed', 'cancelled', 'constructor', '', undefined, null]) expect(outcomeOfSessionStatus(odd)).toBe('unknown');
  });
});
