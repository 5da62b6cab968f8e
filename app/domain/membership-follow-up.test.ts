import { describe, expect, it } from 'vitest';
import {
  checkRenewal,
  checkUpgrade,
  followUpRefusal,
  isFollowUpProcess,
  itemSeason,
  renewalPath,
  upgradePath,
  upgradePriceCents,
  type FollowedMembership,
} from './membership-follow-up';

describe('upgradePriceCents', () => {
  it('is the target price less the credit', () => {
    expect(upgradePriceCents(14900, 5990)).toBe(8910);
  });

  it('is the whole price without credit (a membership that came with a coupon)', () => {
    expect(upgradePriceCents(5990, 0)).toBe(5990);
  });

  it('never goes below nothing', () => {
    expect(upgradePriceCents(5990, 5990)).toBe(0);
    expect(upgradePriceCents(5990, 5991)).toBe(0);
  });
});

describe('isFollowUpProcess', () => {
  it('is true for upgrade and renewal only', () => {
    expect(isFollowUpProcess('upgrade')).toBe(true);
    expect(isFollowUpProcess('renewal')).toBe(true);
    expect(isFollowUpProcess('buy')).toBe(false);
    expect(isFollowUpProcess('gift')).toBe(false);
    expect(isFollowUpProcess('coupon')).toBe(false);
  });
});

describe('the follow-up pages', () => {
  it('are the spec’s routes, with the item to edit when given', () => {
    expect(upgradePath('j1897', 'JM0123456789')).toBe('/products/j1897/upgrade/JM0123456789');
    expect(renewalPath('black-and-white', 'JM0123456789', 'abc')).toBe('/products/black-and-white/renewal/JM0123456789?cartItem=abc');
  });

  it('encode what they are given', () => {
    expect(upgradePath('a/b', 'JM 1')).toBe('/products/a%2Fb/upgrade/JM%201');
  });
});

const ME = 'fan-1';
const OTHER = 'fan-2';

/** Black & White for the season, bought for myself, nothing following it yet. */
function followed(overrides: Partial<FollowedMembership> = {}): FollowedMembership {
  return {
    status: 'active',
    holderCustomerId: ME,
    managerCustomerId: ME,
    gifterCustomerId: null,
    gift: null,
    type: 'membership',
    season: '2025/26',
    hasHolder: true,
    upgradeTo: 'j1897',
    kindCode: 'BW',
    upgraded: false,
    renewed: false,
    upgradeOrdered: false,
    renewalOrdered: false,
    ...overrides,
  };
}

describe('checkUpgrade (spec §4)', () => {
  it('lets the manager upgrade an active membership to its target', () => {
    expect(checkUpgrade(followed(), ME, 'j1897')).toBeNull();
    // A gift redeemed on behalf of someone: the manager upgrades it.
    expect(checkUpgrade(followed({ holderCustomerId: null, gifterCustomerId: OTHER, gift: { redeemed: true } }), ME, 'j1897')).toBeNull();
  });

  it('refuses whoever is not the manager, the holder too', () => {
    expect(checkUpgrade(followed({ managerCustomerId: OTHER }), ME, 'j1897')).toBe('not-manager');
  });

  it('refuses a membership that is not active: not yet, or over', () => {
    for (const status of ['ready', 'expired', 'cancelled'] as const) expect(checkUpgrade(followed({ status }), ME, 'j1897')).toBe('not-active');
  });

  it('refuses a product without an upgrade, and a page for another product than the target', () => {
    expect(checkUpgrade(followed({ upgradeTo: null }), ME, 'j1897')).toBe('no-upgrade');
    expect(checkUpgrade(followed(), ME, 'black-and-white')).toBe('other-target');
  });

  it('refuses a second upgrade: issued, or already in an open order', () => {
    expect(checkUpgrade(followed({ upgraded: true }), ME, 'j1897')).toBe('already-upgraded');
    expect(checkUpgrade(followed({ upgradeOrdered: true }), ME, 'j1897')).toBe('ordered');
    // A renewal in an order does not stop an upgrade.
    expect(checkUpgrade(followed({ renewalOrdered: true }), ME, 'j1897')).toBeNull();
  });
});

describe('checkRenewal', () => {
  it('lets the manager renew a live membership with the same kind', () => {
    expect(checkRenewal(followed(), ME, 'BW')).toBeNull();
    expect(checkRenewal(followed({ status: 'ready' }), ME, 'BW')).toBeNull();
  });

  it('refuses whoever is not the manager, and a membership that is over', () => {
    expect(checkRenewal(followed({ managerCustomerId: OTHER }), ME, 'BW')).toBe('not-manager');
    expect(checkRenewal(followed({ status: 'expired' }), ME, 'BW')).toBe('not-live');
    expect(checkRenewal(followed({ status: 'cancelled' }), ME, 'BW')).toBe('not-live');
  });

  it('refuses what has no next season: the card, an unreadable season', () => {
    expect(checkRenewal(followed({ type: 'card', season: null }), ME, 'JCARD')).toBe('not-renewable');
    expect(checkRenewal(followed({ season: '2025-26' }), ME, 'BW')).toBe('not-renewable');
    // A redeemed gift whose holder is not chosen yet.
    expect(checkRenewal(followed({ status: 'ready', hasHolder: false, holderCustomerId: null }), ME, 'BW')).toBe('not-renewable');
  });

  it('refuses another kind, and a second renewal', () => {
    expect(checkRenewal(followed(), ME, 'J1897')).toBe('other-kind');
    expect(checkRenewal(followed({ renewed: true }), ME, 'BW')).toBe('already-renewed');
    expect(checkRenewal(followed({ renewalOrdered: true }), ME, 'BW')).toBe('ordered');
  });
});

describe('followUpRefusal', () => {
  it('asks the item’s own process rule', () => {
    expect(followUpRefusal({ process: 'upgrade', productId: 'j1897', productKindCode: 'J1897' }, followed(), ME)).toBeNull();
    expect(followUpRefusal({ process: 'upgrade', productId: 'j1897', productKindCode: 'J1897' }, followed({ status: 'ready' }), ME)).toBe('not-active');
    expect(followUpRefusal({ process: 'renewal', productId: 'black-and-white', productKindCode: 'BW' }, followed({ status: 'ready' }), ME)).toBeNull();
  });

  it('refuses a renewal whose product left the catalogue', () => {
    expect(followUpRefusal({ process: 'renewal', productId: 'gone', productKindCode: null }, followed(), ME)).toBe('other-kind');
  });
});

describe('itemSeason', () => {
  it('is the next season for a renewal, the product’s own otherwise', () => {
    expect(itemSeason('renewal', '2025/26', '2025/26')).toBe('2026/27');
    expect(itemSeason('renewal', '2026/27', '2025/26')).toBe('2026/27');
    expect(itemSeason('upgrade', '2025/26', '2025/26')).toBe('2025/26');
    expect(itemSeason('buy', '2025/26', null)).toBe('2025/26');
  });
});
