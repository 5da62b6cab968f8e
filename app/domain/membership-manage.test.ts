import { describe, expect, it } from 'vitest';
import {
  MEMBERSHIP_STATUSES,
  MEMBERSHIP_TABS,
  isInTab,
  manageRefusal,
  membershipListPath,
  membershipSectionPath,
  parseManageAction,
  parseMembershipSection,
  parseMembershipTab,
  parsePreferredSize,
  parseRenewalTab,
  rolesOf,
  seesHolderData,
  upgradeRefusal,
  type MembershipParties,
  type MembershipStatus,
} from './membership-manage';

const ME = 'me';
const OTHER = 'other';
const THIRD = 'third';

/** The ways a membership reaches a fan (order-fulfilment.ts and gift redemption), by status. */
function bought(status: MembershipStatus, how: 'for-myself' | 'on-behalf' | 'my-gift-unredeemed' | 'my-gift-redeemed-by-other' | 'gift-to-me-for-myself' | 'gift-to-me-on-behalf' | 'my-gift-to-myself'): MembershipParties {
  switch (how) {
    case 'for-myself':
      return { status, holderCustomerId: ME, managerCustomerId: ME, gifterCustomerId: null, gift: null };
    case 'on-behalf':
      return { status, holderCustomerId: null, managerCustomerId: ME, gifterCustomerId: null, gift: null };
    case 'my-gift-unredeemed':
      return { status, holderCustomerId: null, managerCustomerId: null, gifterCustomerId: ME, gift: { redeemed: false } };
    case 'my-gift-redeemed-by-other':
      return { status, holderCustomerId: OTHER, managerCustomerId: OTHER, gifterCustomerId: ME, gift: { redeemed: true } };
    case 'gift-to-me-for-myself':
      return { status, holderCustomerId: ME, managerCustomerId: ME, gifterCustomerId: OTHER, gift: { redeemed: true } };
    case 'gift-to-me-on-behalf':
      return { status, holderCustomerId: null, managerCustomerId: ME, gifterCustomerId: OTHER, gift: { redeemed: true } };
    case 'my-gift-to-myself':
      return { status, holderCustomerId: ME, managerCustomerId: ME, gifterCustomerId: ME, gift: { redeemed: true } };
  }
}

const tabsOf = (membership: MembershipParties, customerId = ME) => MEMBERSHIP_TABS.filter((tab) => isInTab(membership, customerId, tab));

describe('roles', () => {
  it('names each role the fan has, none for a stranger', () => {
    expect(rolesOf(bought('ready', 'for-myself'), ME)).toEqual(['holder', 'manager']);
    expect(rolesOf(bought('ready', 'on-behalf'), ME)).toEqual(['manager']);
    expect(rolesOf(bought('ready', 'my-gift-redeemed-by-other'), ME)).toEqual(['gifter']);
    expect(rolesOf(bought('ready', 'my-gift-redeemed-by-other'), OTHER)).toEqual(['holder', 'manager']);
    expect(rolesOf(bought('ready', 'my-gift-to-myself'), ME)).toEqual(['holder', 'manager', 'gifter']);
    expect(rolesOf(bought('ready', 'for-myself'), THIRD)).toEqual([]);
    // An unredeemed gift has no holder or manager: no null id matches anyone.
    expect(rolesOf(bought('ready', 'my-gift-unredeemed'), OTHER)).toEqual([]);
  });

  it('shows the holder’s data to holder and manager, not to a gifter alone', () => {
    expect(seesHolderData(['holder'])).toBe(true);
    expect(seesHolderData(['manager'])).toBe(true);
    expect(seesHolderData(['gifter'])).toBe(false);
    expect(seesHolderData(['manager', 'gifter'])).toBe(true);
    expect(seesHolderData([])).toBe(false);
  });
});

describe('the list tabs', () => {
  it('puts each kind of membership in its tabs', () => {
    expect(tabsOf(bought('active', 'for-myself'))).toEqual(['yours']);
    expect(tabsOf(bought('active', 'on-behalf'))).toEqual(['managed']);
    expect(tabsOf(bought('active', 'my-gift-unredeemed'))).toEqual(['gifted']);
    expect(tabsOf(bought('active', 'my-gift-redeemed-by-other'))).toEqual(['gifted']);
    expect(tabsOf(bought('active', 'my-gift-redeemed-by-other'), OTHER)).toEqual(['yours', 'redeemed']);
    expect(tabsOf(bought('active', 'gift-to-me-for-myself'))).toEqual(['yours', 'redeemed']);
    expect(tabsOf(bought('active', 'gift-to-me-on-behalf'))).toEqual(['managed', 'redeemed']);
    // My own gift redeemed by me is not "redeemed from someone".
    expect(tabsOf(bought('active', 'my-gift-to-myself'))).toEqual(['yours', 'gifted']);
    expect(tabsOf(bought('active', 'for-myself'), THIRD)).toEqual([]);
  });

  it('places a membership by roles alone, whatever its status (membership-listing decides what is listed)', () => {
    for (const status of MEMBERSHIP_STATUSES) {
      expect(tabsOf(bought(status, 'for-myself')), status).toEqual(['yours']);
      expect(tabsOf(bought(status, 'my-gift-unredeemed')), status).toEqual(['gifted']);
    }
  });

  it('reads ?tab=, anything unknown is Your Membership', () => {
    expect(parseMembershipTab('redeemed')).toBe('redeemed');
    expect(parseMembershipTab('gifted')).toBe('gifted');
    expect(parseMembershipTab(null)).toBe('yours');
    expect(parseMembershipTab('Gifted')).toBe('yours');
    expect(parseMembershipTab('constructor')).toBe('yours');
    expect(membershipListPath()).toBe('/mymembership/manage');
    expect(membershipListPath('managed')).toBe('/mymembership/manage?tab=managed');
  });
});

describe('renewal preferences (manage actions)', () => {
  it('are the manager’s, for active and ready only, never for a gift from someone else', () => {
    const outcomes = MEMBERSHIP_STATUSES.map((status) => [
      status,
      manageRefusal(bought(status, 'for-myself'), ME),
      manageRefusal(bought(status, 'on-behalf'), ME),
      manageRefusal(bought(status, 'my-gift-to-myself'), ME),
      manageRefusal(bought(status, 'gift-to-me-for-myself'), ME),
      manageRefusal(bought(status, 'gift-to-me-on-behalf'), ME),
    ]);
    expect(outcomes).toEqual([
      ['ready', null, null, null, 'gift-from-someone-else', 'gift-from-someone-else'],
      ['active', null, null, null, 'gift-from-someone-else', 'gift-from-someone-else'],
      ['expired', 'not-live', 'not-live', 'not-live', 'not-live', 'not-live'],
      ['cancelled', 'not-live', 'not-live', 'not-live', 'not-live', 'not-live'],
    ]);
  });

  it('are refused to a holder who does not manage, to the gifter and to a stranger, whatever the status', () => {
    for (const status of MEMBERSHIP_STATUSES) {
      const heldForMe: MembershipParties = { status, holderCustomerId: ME, managerCustomerId: OTHER, gifterCustomerId: null, gift: null };
      expect(manageRefusal(heldForMe, ME)).toBe('not-manager');
      expect(manageRefusal(bought(status, 'my-gift-redeemed-by-other'), ME)).toBe('not-manager');
      expect(manageRefusal(bought(status, 'my-gift-unredeemed'), ME)).toBe('not-manager');
      expect(manageRefusal(bought(status, 'for-myself'), THIRD)).toBe('not-manager');
    }
  });

  it('a gift whose gifter’s account is gone is still from someone else', () => {
    const orphan: MembershipParties = { status: 'active', holderCustomerId: ME, managerCustomerId: ME, gifterCustomerId: null, gift: { redeemed: true } };
    expect(manageRefusal(orphan, ME)).toBe('gift-from-someone-else');
  });

  it('knows the spec’s three actions only', () => {
    expect(parseManageAction('renewalShipment')).toBe('renewalShipment');
    expect(parseManageAction('renewalVariantSize')).toBe('renewalVariantSize');
    expect(parseManageAction('renewalBilling')).toBe('renewalBilling');
    for (const other of ['renewalshipment', 'upgrade', '', 'toString', '__proto__', null, 1]) expect(parseManageAction(other)).toBeNull();
  });

  it('takes a preferred size only among the product’s', () => {
    const sizes = [36, 40, 44, 48, 52, 56, 60, 64];
    expect(parsePreferredSize('36', sizes)).toBe(36);
    expect(parsePreferredSize('64', sizes)).toBe(64);
    for (const value of ['35', '65', '', '48.0', ' 48', '0x30', '1e1', '-48']) expect(parsePreferredSize(value, sizes), value).toBeNull();
    expect(parsePreferredSize('48', [])).toBeNull();
  });
});

describe('upgrade', () => {
  it('only the manager, only when active, only to a product the catalogue names', () => {
    const outcomes = MEMBERSHIP_STATUSES.map((status) => [
      status,
      upgradeRefusal(bought(status, 'for-myself'), ME, 'j1897'),
      upgradeRefusal(bought(status, 'for-myself'), ME, null),
      upgradeRefusal(bought(status, 'my-gift-redeemed-by-other'), ME, 'j1897'),
      upgradeRefusal(bought(status, 'gift-to-me-for-myself'), ME, 'j1897'),
    ]);
    expect(outcomes).toEqual([
      ['ready', 'not-active', 'not-active', 'not-manager', 'not-active'],
      ['active', null, 'no-upgrade', 'not-manager', null],
      ['expired', 'not-active', 'not-active', 'not-manager', 'not-active'],
      ['cancelled', 'not-active', 'not-active', 'not-manager', 'not-active'],
    ]);
  });
});

describe('sections and their addresses', () => {
  it('knows upgrade and renewal, and the renewal tabs', () => {
    expect(parseMembershipSection('upgrade')).toBe('upgrade');
    expect(parseMembershipSection('renewal')).toBe('renewal');
    expect(parseMembershipSection('Renewal')).toBeNull();
    expect(parseMembershipSection(undefined)).toBeNull();
    expect(parseRenewalTab('billing')).toBe('billing');
    expect(parseRenewalTab('x')).toBe('shipping');
    expect(membershipSectionPath('JM0123456789', 'renewal', 'billing')).toBe('/mymembership/manage/JM0123456789/renewal?tab=billing');
    expect(membershipSectionPath('JM0123456789', 'upgrade')).toBe('/mymembership/manage/JM0123456789/upgrade');
  });
});
