import { describe, expect, it } from 'vitest';
import {
  cardItemsWithoutDocuments,
  checkCartItem,
  hasRoomForAnotherItem,
  isSameHolder,
  MAX_CART_ITEMS,
  productKindOf,
  type CartItemFacts,
  type HolderIdentity,
} from './cart-rules';

const mario: HolderIdentity = { taxCode: 'RSSMRA80A01H501U', firstName: 'Mario', lastName: 'Rossi', dob: '1980-01-01' };
const luca: HolderIdentity = { taxCode: 'RSSLCU12C15H501X', firstName: 'Luca', lastName: 'Rossi', dob: '2012-03-15' };
const pierre: HolderIdentity = { taxCode: '', firstName: 'Pierre', lastName: "D'Artagnan", dob: '1990-05-05' };

function membership(itemId: string | null, code: string, holder: HolderIdentity | null, extra: Partial<CartItemFacts> = {}): CartItemFacts {
  return {
    itemId,
    productId: code.toLowerCase(),
    productKind: 'membership',
    membership: { code, season: '2025/26' },
    holder,
    buyFor: 'BUY_ON_BEHALF',
    hasDocuments: false,
    ...extra,
  };
}

function card(itemId: string | null, hasDocuments: boolean): CartItemFacts {
  return {
    itemId,
    productId: 'jcard',
    productKind: 'card',
    membership: { code: 'JCARD', season: '2025/26' },
    holder: mario,
    buyFor: 'BUY_CARD',
    hasDocuments,
  };
}

describe('productKindOf', () => {
  it.each([
    [['membership'], 'membership'],
    [['jcard'], 'card'],
    [['shirt'], 'other'],
    [[], 'other'],
  ] as const)('%j → %s', (tags, kind) => {
    expect(productKindOf(tags)).toBe(kind);
  });
});

describe('checkCartItem: one membership of a kind per person', () => {
  const cart = [membership('1', 'J1897', mario), membership('2', 'JUNIOR', luca)];

  it.each([
    ['the same kind for the same holder', membership(null, 'J1897', mario), 'membershipOfKindInCart'],
    ['the same kind for another holder', membership(null, 'J1897', luca), null],
    ['another kind for the same holder', membership(null, 'BW', mario), null],
    ['the same kind in another season', membership(null, 'J1897', mario, { membership: { code: 'J1897', season: '2026/27' } }), null],
    ['the same holder with the tax code typed in lowercase', membership(null, 'J1897', { ...mario, taxCode: ' rssmra80a01h501u ' }), 'membershipOfKindInCart'],
    ['a homonym born the same day, with another tax code', membership(null, 'J1897', { ...mario, taxCode: 'RSSMRA80A01F205Z' }), null],
    ['the same tax code under a misspelt name', membership(null, 'J1897', { ...mario, firstName: 'Maria' }), 'membershipOfKindInCart'],
  ])('adding %s', (_, candidate, refusal) => {
    const result = checkCartItem(candidate, cart);
    expect(result.ok ? null : result.reason).toBe(refusal);
  });

  it.each([
    ['the same names and birth date', { ...pierre }, 'membershipOfKindInCart'],
    ['case, accents and separators aside', { ...pierre, firstName: 'PIÉRRE', lastName: 'd’artagnan' }, 'membershipOfKindInCart'],
    ['another birth date (the day after)', { ...pierre, dob: '1990-05-06' }, null],
    ['another first name', { ...pierre, firstName: 'Paul' }, null],
    ['a tax code on one side only', { ...pierre, taxCode: 'DRTPRR90E05Z110X' }, 'membershipOfKindInCart'],
  ])('holders without a tax code: %s', (_, holder, refusal) => {
    const result = checkCartItem(membership(null, 'STADIUM', holder), [membership('7', 'STADIUM', pierre)]);
    expect(result.ok ? null : result.reason).toBe(refusal);
  });

  it('takes two items bought for oneself as the same person, whatever the holder data says', () => {
    const mine = membership('1', 'J1897', mario, { buyFor: 'BUY_CARD' });
    const alsoMine = membership(null, 'J1897', { ...mario, taxCode: '', firstName: 'M.' }, { buyFor: 'BUY_CARD' });
    expect(checkCartItem(alsoMine, [mine])).toEqual({ ok: false, reason: 'membershipOfKindInCart', fields: {} });
  });

  it('finds the buyer bought for oneself in an item bought on their behalf', () => {
    const mine = membership('1', 'J1897', mario, { buyFor: 'BUY_CARD' });
    const result = checkCartItem(membership(null, 'J1897', mario, { buyFor: 'BUY_ON_BEHALF' }), [mine]);
    expect(result.ok).toBe(false);
  });

  it('does not hold a gift, whose holder is not known yet, against anybody', () => {
    const gift = membership(null, 'J1897', null, { buyFor: null });
    expect(checkCartItem(gift, cart).ok).toBe(true);
    expect(checkCartItem(gift, [...cart, membership('3', 'J1897', null, { buyFor: null })]).ok).toBe(true);
    expect(checkCartItem(membership(null, 'J1897', mario), [membership('3', 'J1897', null, { buyFor: null })]).ok).toBe(true);
  });

  it('does not compare an edited item with itself', () => {
    expect(checkCartItem(membership('1', 'J1897', mario), cart)).toEqual({ ok: true, value: null });
  });

  it('still compares an edited item with the others', () => {
    expect(checkCartItem(membership('2', 'J1897', mario), cart).ok).toBe(false);
    // editing item 1 into a second J1897 of Luca's is fine, into Luca's JUNIOR is not
    expect(checkCartItem(membership('1', 'J1897', luca), cart).ok).toBe(true);
    expect(checkCartItem(membership('1', 'JUNIOR', luca), cart).ok).toBe(false);
  });

  it('accepts anything in an empty cart', () => {
    expect(checkCartItem(membership(null, 'J1897', mario), []).ok).toBe(true);
  });

  it('does not apply to other products, nor between a membership and a card', () => {
    const shirt: CartItemFacts = { ...membership(null, 'J1897', mario), productKind: 'other' };
    expect(checkCartItem(shirt, cart).ok).toBe(true);
    expect(checkCartItem(card(null, true), cart).ok).toBe(true);
    expect(checkCartItem(membership(null, 'J1897', luca), [card('9', true)]).ok).toBe(true);
  });
});

describe('checkCartItem: one club card per person', () => {
  it.each([
    ['a second card for the same holder', card(null, true), 'cardForHolderInCart'],
    ['the same holder bought for on behalf', { ...card(null, true), buyFor: 'BUY_ON_BEHALF' as const }, 'cardForHolderInCart'],
    ['a card for another holder', { ...card(null, true), holder: luca, buyFor: 'BUY_ON_BEHALF' as const }, null],
    ['the edited card itself', card('9', true), null],
  ])('%s', (_, candidate, refusal) => {
    const result = checkCartItem(candidate, [card('9', true)]);
    expect(result.ok ? null : result.reason).toBe(refusal);
  });

  it('counts a card already in the cart whatever its documents, and edits into a conflict are refused', () => {
    expect(checkCartItem(card(null, true), [card('9', false)]).ok).toBe(false);
    const lucas = { ...card('8', true), holder: luca, buyFor: 'BUY_ON_BEHALF' as const };
    expect(checkCartItem({ ...lucas, holder: mario }, [card('9', true), lucas]).ok).toBe(false);
  });
});

describe('checkCartItem: a card item needs its documents', () => {
  it.each([
    [card(null, false), 'documentsMissing'],
    [card(null, true), null],
    [card('9', false), 'documentsMissing'], // saving an edited card again
    [{ ...membership(null, 'J1897', mario), hasDocuments: false }, null], // memberships need none
  ])('%#', (candidate, refusal) => {
    const result = checkCartItem(candidate, []);
    expect(result.ok ? null : result.reason).toBe(refusal);
  });
});

describe('checkCartItem: at most MAX_CART_ITEMS items', () => {
  // Different people, so no other rule refuses: item i is held by a person of its own.
  const cartOf = (size: number) =>
    Array.from({ length: size }, (_, i) => membership(String(i), 'J1897', { ...pierre, firstName: `Fan${i}`, taxCode: '' }));

  it('is 20', () => {
    expect(MAX_CART_ITEMS).toBe(20);
  });

  it.each([
    [0, true],
    [MAX_CART_ITEMS - 1, true],
    [MAX_CART_ITEMS, false],
    [MAX_CART_ITEMS + 117, false], // a cart filled before the cap keeps its items, takes no more
  ])('a cart of %i items has room for another: %s', (size, room) => {
    expect(hasRoomForAnotherItem(size)).toBe(room);
    const result = checkCartItem(membership(null, 'BW', luca), cartOf(size));
    expect(result.ok ? null : result.reason).toBe(room ? null : 'cartFull');
  });

  it('still saves an edited item of a full cart, and says "full" before missing documents', () => {
    expect(checkCartItem(membership('3', 'J1897', { ...pierre, firstName: 'Fan3', taxCode: '' }), cartOf(MAX_CART_ITEMS)).ok).toBe(true);
    const refused = checkCartItem(card(null, false), cartOf(MAX_CART_ITEMS));
    expect(refused.ok ? null : refused.reason).toBe('cartFull');
  });
});

describe('cardItemsWithoutDocuments', () => {
  it('lists the card items to drop when the cart changes', () => {
    const cart = [card('1', true), card('2', false), membership('3', 'J1897', mario), card(null, false)];
    expect(cardItemsWithoutDocuments(cart)).toEqual(['2']);
    expect(cardItemsWithoutDocuments([])).toEqual([]);
  });
});

describe('isSameHolder', () => {
  it('is symmetric', () => {
    const a = membership('1', 'J1897', pierre);
    const b = membership('2', 'J1897', { ...pierre, taxCode: 'DRTPRR90E05Z110X', lastName: 'DArtagnan' });
    expect(isSameHolder(a, b)).toBe(true);
    expect(isSameHolder(b, a)).toBe(true);
  });
});
