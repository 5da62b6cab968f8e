/**
 * The spec's product rules for the cart (§4 "Product rules in the cart", "Cart rules"), as pure
 * functions over what the cart service knows of each item. Upgrade rules come with the
 * memberships issue.
 *
 * - One membership of a kind per person: two items conflict when they carry the same membership
 *   code in the same season for the same holder. Different kinds (J1897 and Black & White) for
 *   one person, or one kind for two people, are fine.
 * - One club card per person, by the same measure of "the same holder": the card is personal
 *   (the holder's name and documents), so a second one for the same person is a duplicate.
 * - A card item needs its identity documents to be added (or saved again).
 * - At most MAX_CART_ITEMS items (issue 30: a cart of 137 items made a 392 KB page).
 */
import type { BuyFor } from './buy-for';
import { failure, success, type Result } from './result';
import { normaliseTaxCode } from './tax-code';

/** What the cart rules tell apart, from the product's tag code (spec §1: `membership`, `jcard`). */
export type ProductKind = 'membership' | 'card' | 'other';

export function productKindOf(tags: readonly string[]): ProductKind {
  if (tags.includes('membership')) return 'membership';
  if (tags.includes('jcard')) return 'card';
  return 'other';
}

/**
 * What can be given as a gift: memberships, not the club card, whose holder's identity
 * documents go with it into the cart (spec §4), while a gift's holder is only known when it is
 * redeemed. The configure processes and the catalogue's gift links both ask this.
 */
export function isGiftableKind(kind: ProductKind): boolean {
  return kind !== 'card';
}


/** Who holds the item, as configured; `taxCode` is '' for a holder without one (born abroad). */
export type HolderIdentity = { taxCode: string; firstName: string; lastName: string; dob: string };

export type CartItemFacts = {
  /** null for an item not in the cart yet; an edited item keeps its id. */
  itemId: string | null;
  productId: string;
  productKind: ProductKind;
  /** For memberships: the kind (membership code) and its season; null otherwise. */
  membership: { code: string; season: string } | null;
  /** null while the holder is not known: a gift's holder is whoever redeems it. */
  holder: HolderIdentity | null;
  /** null when the process has no buy-for choice (gift). */
  buyFor: BuyFor | null;
  hasDocuments: boolean;
};

export type CartRuleRefusal = 'cartFull' | 'membershipOfKindInCart' | 'cardForHolderInCart' | 'documentsMissing';

/**
 * The most items one cart holds. Far above any family's season (one membership of a kind per
 * person), low enough that the cart page and the order stay small. Messages write the number
 * out (`configure:errors.product.cartFull`, `followUp:*.problem.cartFull`); a test keeps them in step.
 */
export const MAX_CART_ITEMS = 20;

/** Whether a cart of `itemCount` items has room for one more. */
export function hasRoomForAnotherItem(itemCount: number): boolean {
  return itemCount < MAX_CART_ITEMS;
}

// Separators and case do not make another person: "D'Angelo" is "D’ANGELO", "De Rossi" "DeRossi".
const NAME_NOISE = /[\p{M}\s'’-]/gu;

function nameKey(name: string): string {
  return name.normalize('NFD').replace(NAME_NOISE, '').toLocaleLowerCase('it');
}

/**
 * Whether two items are held by the same person. Two BUY_CARD items are the buyer's both. Else
 * tax codes decide when both holders have one (homonyms born the same day differ there);
 * otherwise the names (ignoring case, accents and separators) and birth date. An unknown
 * holder is nobody in particular.
 */
export function isSameHolder(a: CartItemFacts, b: CartItemFacts): boolean {
  if (a.holder === null || b.holder === null) return false;
  if (a.buyFor === 'BUY_CARD' && b.buyFor === 'BUY_CARD') return true;
  const [taxA, taxB] = [normaliseTaxCode(a.holder.taxCode), normaliseTaxCode(b.holder.taxCode)];
  if (taxA !== '' && taxB !== '') return taxA === taxB;
  return (
    a.holder.dob === b.holder.dob &&
    nameKey(a.holder.firstName) === nameKey(b.holder.firstName) &&
    nameKey(a.holder.lastName) === nameKey(b.holder.lastName)
  );
}

function isSameMembershipKind(a: CartItemFacts, b: CartItemFacts): boolean {
  if (a.productKind !== 'membership' || b.productKind !== 'membership') return false;
  if (a.membership === null || b.membership === null) return false;
  return a.membership.code === b.membership.code && a.membership.season === b.membership.season;
}

/** The other items of the cart: an edited item is not compared with its own earlier version. */
function othersThan(candidate: CartItemFacts, cart: readonly CartItemFacts[]): CartItemFacts[] {
  return candidate.itemId === null ? [...cart] : cart.filter((item) => item.itemId !== candidate.itemId);
}

/**
 * Whether `candidate` (a new item, or an edited one with its id) may be added to or saved in
 * `cart`. A full cart is reported first: nothing on the form fixes it (an edited item always
 * saves). Missing documents next: they are fixed on this very form.
 */
export function checkCartItem(candidate: CartItemFacts, cart: readonly CartItemFacts[]): Result<null, CartRuleRefusal> {
  if (candidate.itemId === null && !hasRoomForAnotherItem(cart.length)) return failure('cartFull');
  if (candidate.productKind === 'card' && !candidate.hasDocuments) return failure('documentsMissing');
  const sameHolder = othersThan(candidate, cart).filter((item) => isSameHolder(candidate, item));
  if (sameHolder.some((item) => isSameMembershipKind(candidate, item))) return failure('membershipOfKindInCart');
  if (candidate.productKind === 'card' && sameHolder.some((item) => item.productKind === 'card')) return failure('cardForHolderInCart');
  return success(null);
}

/** Spec §4 "Cart rules": card items without documents, removed when the cart changes. */
export function cardItemsWithoutDocuments(cart: readonly CartItemFacts[]): string[] {
  return cart.flatMap((item) => (item.productKind === 'card' && !item.hasDocuments && item.itemId !== null ? [item.itemId] : []));
}
