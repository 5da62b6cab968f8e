// The cart page's use cases (issue 12) as routes, jobs and a later JSON API call them: what the
// cart shows, and the changes a fan makes to it. The service checks everything itself; every
// call takes the signed-in owner and only ever reads or changes that fan's cart.
import type { AddressDraft, AddressField } from '../../domain/address-check';
import type { ProductKind } from '../../domain/cart-rules';
import type { CartTotals, CheckoutBlocker } from '../../domain/cart-summary';
import type { LocalizedText } from '../../domain/catalogue-types';
import type { FollowUpRefusal } from '../../domain/membership-follow-up';
import type { Result } from '../../domain/result';
import type { PostalAddress, ShippingRestriction } from '../../domain/shipping';
import type { VoucherCodeProblem, VoucherDiscount, VoucherRefusal } from '../../domain/voucher';
import type { SavedAddress } from './addresses';
import type { CartItemView, CartOwner } from './cart-contract';

/** Where an item ships: a saved address (with its id) or the item's temporary address. */
export type ItemShipping =
  | { kind: 'saved'; addressId: string; address: PostalAddress }
  | { kind: 'temporary'; address: PostalAddress };

/** One item as the cart page shows it, priced now. */
export type CartLine = CartItemView & {
  product: {
    id: string;
    name: LocalizedText;
    imageUrl: string;
    kind: ProductKind;
    /** The spec's tag label: the product's first tag code (`membership`, `jcard`), worded by the page. */
    tag: string;
    virtual: boolean;
    /** Where it may be shipped (domain/shipping.shippingRestriction), and what to buy instead where not. */
    availableInCountries: string[] | null;
    notAvailableInCountries: string[] | null;
    alternativeProduct: { id: string; name: LocalizedText } | null;
  };
  /** The variant's size label (IT/UK), when the item has one. */
  size: { label: string; itLabel: string; ukLabel: string } | null;
  /** What the item costs now (promo windows end, coupons make it 0); the snapshot is `unitPriceCents`. */
  priceNowCents: number;
  /** The product (or its chosen size) sold out since the item was added. */
  soldOut: boolean;
  /** Why an upgrade or renewal can no longer be bought (upgraded meanwhile, expired…); null: it can, or it is neither. */
  followUpRefusal: FollowUpRefusal | null;
  needsShipping: boolean;
  shipping: ItemShipping | null;
  /** Why the chosen address can no longer be used for this item (null: fine, or none chosen). */
  shippingRestriction: ShippingRestriction | null;
  needsWaiver: boolean;
  /** When the fan asked for the service to start at once and waived the right of withdrawal. */
  waivedAt: Date | null;
};

/** The applied voucher: `refusal` when it no longer applies (it then takes nothing off). */
export type CartVoucher = { code: string; discount: VoucherDiscount; refusal: VoucherRefusal | null };

export type CartPageView = {
  lines: CartLine[];
  voucher: CartVoucher | null;
  totals: CartTotals;
  blockers: CheckoutBlocker[];
  /**
   * The fan's saved addresses (preferred first), read when an item ships: the page offers them
   * to switch to, without reading them again. `null` when nothing ships, so it was not read.
   */
  addressBook: SavedAddress[] | null;
};

/**
 * What a change to the cart did besides what was asked: card items without documents the cart
 * rules removed (spec §4 "Cart rules": removed automatically when the cart changes), by product
 * name, so the page can say so.
 */
export type CartSideEffects = { removedWithoutDocuments: LocalizedText[] };

/**
 * - `not-found`: the item is not this fan's (someone else's, malformed id), or the address is
 *   not theirs — the page answers 404;
 * - `gone`: no such item anywhere: this fan removed it already (a double submit, another tab).
 */
export type RemoveItemResult = Result<CartSideEffects & { removed: LocalizedText }, 'not-found' | 'gone'>;

/** `addressId` problems: `notNeeded` (the item ships nothing), or a ShippingRestriction. */
export type ChooseAddressResult = Result<CartSideEffects & { name: LocalizedText }, 'not-found' | 'invalid', 'addressId'>;

/** The temporary address's own field problems, as the address book's save answers them. */
export type TemporaryAddressResult = Result<CartSideEffects, 'not-found' | 'invalid', AddressField | 'addressId'>;

export type WaiverResult = Result<CartSideEffects, 'not-found' | 'invalid', 'waiver'>;

/**
 * `invalid` with `voucherCode`: a VoucherCodeProblem or a VoucherRefusal; `too-many-attempts`
 * past the attempt limits (per fan and per IP, as for coupons).
 */
export type ApplyVoucherResult =
  | Result<CartSideEffects & { code: string }, 'not-found' | 'invalid', 'voucherCode'>
  | { ok: false; reason: 'too-many-attempts'; fields: { voucherCode: 'too-many-attempts' }; retryAfterSeconds: number };

export type CartPageService = {
  /** The fan's cart priced now, with the voucher re-checked and what blocks checkout; empty for an unknown owner. */
  viewCart(owner: CartOwner): Promise<CartPageView>;
  /** Removes an item, gives its coupon back and deletes its stored documents (after the commit). */
  removeItem(owner: CartOwner, itemId: string): Promise<RemoveItemResult>;
  /** Ships an item to one of the fan's saved addresses (replacing a temporary one); the item's product name. */
  chooseShippingAddress(owner: CartOwner, itemId: string, addressId: string): Promise<ChooseAddressResult>;
  /** Ships an item to a temporary address, checked and resolved as the address book does (not saved there). */
  setTemporaryAddress(owner: CartOwner, itemId: string, draft: AddressDraft): Promise<TemporaryAddressResult>;
  /** Records (or withdraws) the fan's request to start the service within the withdrawal period. */
  setWithdrawalWaiver(owner: CartOwner, itemId: string, waived: boolean): Promise<WaiverResult>;
  applyVoucher(owner: CartOwner, typedCode: string, attempt: { ip: string }): Promise<ApplyVoucherResult>;
  removeVoucher(owner: CartOwner): Promise<Result<CartSideEffects, 'not-found'>>;
};

export type { VoucherCodeProblem };
