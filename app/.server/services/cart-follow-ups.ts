// Upgrades and renewals into the cart (issue 15): an item that follows one of the fan's
// memberships. The service checks everything itself (domain/membership-follow-up.ts): the fan's
// role, the membership's state, the product the page names, the cart's rules; the holder is the
// membership's, never anything the request says.
import { and, eq, ne } from 'drizzle-orm';
import { isSoldOut } from '../../domain/availability';
import { checkCartItem } from '../../domain/cart-rules';
import type { ProductDetail } from '../../domain/catalogue-types';
import { rolesOf } from '../../domain/membership-manage';
import { followUpRefusal, itemSeason, upgradePriceCents, type FollowUpProcess, type FollowUpRefusal } from '../../domain/membership-follow-up';
import { missingForPurchase, type ProfilePart } from '../../domain/profile-completeness';
import { displayPrice } from '../../domain/promo';
import { failure, success, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { cartItems } from '../db/schema';
import type { ServiceDeps } from '.';
import type { CartItemView, CartOwner } from './cart-contract';
import { findOwnedItemRow, findOwner, holderIdentityOf, loadCartFacts, toViews, type CartItemRow, type Customer } from './cart-items';
import { lockOpenCart } from './cart-writes';
import type { CatalogueService } from './catalogue';
import { findFollowedByCode, type FollowedMembershipRow } from './followed-memberships';
import { applyRenewalPreferences } from './renewal-choices';
import { preferredShippingAddressId } from './cart-shipping';

/** The page's address: the product bought, the membership followed, and the item being edited. */
export type FollowUpTarget = {
  owner: CartOwner;
  process: FollowUpProcess;
  /** The page's `{id}`: the upgrade's target, or the product a renewal buys. */
  productId: string;
  membershipCode: string;
  /** `?cartItem=`: the item being edited, or null for a new one. */
  cartItemId: string | null;
};

export type FollowUpItemRequest = FollowUpTarget & {
  automaticRenewal: boolean;
  /** A new item's form submission: the same key again answers the item it made. */
  submissionKey: string | null;
};

/** The page of an upgrade or a renewal: what is followed, what is bought, and for how much. */
export type FollowUpPage = {
  membership: FollowedMembershipRow;
  product: ProductDetail;
  /** The product's price now (promo included), the credit taken off, and what the item costs. */
  priceCents: number;
  creditCents: number;
  itemPriceCents: number;
  /** The season the new membership is for. */
  season: string;
  holderName: string;
  editing: CartItemView | null;
  /** Why it cannot be bought; null: it can. */
  refusal: FollowUpPageRefusal | null;
};

/** The rules' refusal, or a product only a coupon buys (Stadium): no upgrade or renewal to pay for. */
export type FollowUpPageRefusal = FollowUpRefusal | 'coupon-only';

/**
 * - `not-found`: no such product or membership, a membership that is none of the fan's business,
 *   a product that is not a membership, or an item that is not this follow-up in the fan's cart;
 * - `refused`: the membership cannot be followed this way (the rule's reason);
 * - `invalid` on `product`: `upgradeInCart` (spec §4: only one upgrade in the cart),
 *   `cartFull`, `followedInCart` (the membership's other follow-up, an upgrade or a renewal, is in
 *   the cart), `membershipOfKindInCart`, `soldOut`; a renewal's `sizeMissing`, `sizeUnavailable`.
 */
export type FollowUpPageResult =
  | Result<FollowUpPage, 'not-found'>
  | { ok: false; reason: 'profile-incomplete'; fields: Record<string, never>; missing: ProfilePart[] };

export type FollowUpItemResult =
  | Result<{ itemId: string }, 'not-found' | 'invalid', 'product'>
  | { ok: false; reason: 'refused'; fields: Record<string, never>; refusal: FollowUpPageRefusal }
  | { ok: false; reason: 'profile-incomplete'; fields: Record<string, never>; missing: ProfilePart[] };

/** A refusal found inside the transaction: thrown to roll it back, then answered. */
class RollbackWith extends Error {
  constructor(readonly result: FollowUpItemResult) {
    super('follow-up refused');
  }
}

/** Who the new membership is for: the followed one's holder — the fan themselves, or the person they manage it for. */
function holderOf(membership: FollowedMembershipRow, customerId: string): Pick<CartItemRow, 'buyFor' | 'holder'> {
  if (membership.holderCustomerId === customerId) return { buyFor: 'BUY_CARD', holder: null };
  return { buyFor: 'BUY_ON_BEHALF', holder: membership.membership.holder };
}

function holderNameOf(membership: FollowedMembershipRow, customer: Customer): string {
  const holder = membership.holderCustomerId === customer.id ? customer : membership.membership.holder;
  return holder ? `${holder.firstName} ${holder.lastName}` : '';
}

export function createCartFollowUpsService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>, { catalogue }: { catalogue: CatalogueService }) {
  /**
   * The membership and the edited item, each the fan's (else not found). `executor` may be a
   * transaction: nothing here reads the catalogue, whose snapshot goes through the database handle
   * (on PGlite, one connection, it would wait for the transaction).
   */
  async function resolveRecords(executor: ShopDb, target: FollowUpTarget, customer: Customer, productId: string) {
    const membership = await findFollowedByCode(executor, target.membershipCode);
    // A membership the fan neither holds, manages nor gave is not theirs to see (404).
    if (!membership || rolesOf(membership, customer.id).length === 0) return null;
    let editing: CartItemRow | null = null;
    if (target.cartItemId !== null) {
      editing = await findOwnedItemRow(executor, customer.id, target.cartItemId);
      const same = editing?.process === target.process && editing.productId === productId && editing.previousMembershipId === membership.id;
      if (!same) return null;
    }
    return { membership, editing };
  }

  /** Everything a page or a save needs, checked in order. */
  async function resolve(target: FollowUpTarget) {
    const customer = await findOwner(db, target.owner);
    if (!customer) return null;
    const product = await catalogue.getProductDetail(target.productId);
    if (!product || !product.tags.includes('membership')) return null;
    const records = await resolveRecords(db, target, customer, product.id);
    return records ? { customer, product, ...records } : null;
  }

  function priceOf(process: FollowUpProcess, membership: FollowedMembershipRow, product: ProductDetail) {
    const price = displayPrice(product, clock.now());
    const priceCents = price.kind === 'coupon-only' ? null : price.priceCents;
    const creditCents = process === 'upgrade' ? membership.worthCents : 0;
    return { priceCents, creditCents, itemPriceCents: priceCents === null ? null : upgradePriceCents(priceCents, creditCents) };
  }

  return {
    /**
     * The product a renewal of the fan's membership `membershipCode` buys: its own product, for
     * the next season (null: not the fan's, or unknown). The renewal page checks the rest.
     */
    async renewalProductOf(owner: CartOwner, membershipCode: string): Promise<string | null> {
      const customer = await findOwner(db, owner);
      if (!customer) return null;
      const membership = await findFollowedByCode(db, membershipCode);
      return membership && rolesOf(membership, customer.id).length > 0 ? membership.productId : null;
    },

    /** The upgrade or renewal page: the membership, the product and the price; its refusal if it cannot be bought. */
    async followUpPage(target: FollowUpTarget): Promise<FollowUpPageResult> {
      const resolved = await resolve(target);
      if (!resolved) return failure('not-found');
      const { customer, membership, product, editing } = resolved;
      const missing = missingForPurchase(customer);
      if (missing.length > 0) return { ok: false, reason: 'profile-incomplete', fields: {}, missing };
      const { priceCents, creditCents, itemPriceCents } = priceOf(target.process, membership, product);
      const rule = followUpRefusal({ process: target.process, productId: product.id, productKindCode: product.membershipCode.code }, membership, customer.id);
      const refusal = rule ?? (priceCents === null ? 'coupon-only' : null);
      const [view] = editing ? await toViews(db, [editing]) : [];
      return success({
        membership,
        product,
        priceCents: priceCents ?? 0,
        creditCents,
        itemPriceCents: itemPriceCents ?? 0,
        season: itemSeason(target.process, product.membershipCode.season, membership.season),
        holderName: holderNameOf(membership, customer),
        editing: view ?? null,
        refusal,
      });
    },

    /** Adds the upgrade or renewal to the fan's cart, or saves the edited one; one transaction. */
    async saveFollowUpItem(request: FollowUpItemRequest): Promise<FollowUpItemResult> {
      const resolved = await resolve(request);
      if (!resolved) return failure('not-found');
      const { customer, product } = resolved;
      const missing = missingForPurchase(customer);
      if (missing.length > 0) return { ok: false, reason: 'profile-incomplete', fields: {}, missing };
      const submissionKey = request.cartItemId === null ? request.submissionKey : null;
      try {
        const itemId = await db.transaction(async (tx) => {
          const cartId = await lockOpenCart(tx, customer.id);
          if (submissionKey !== null) {
            const [made] = await tx
              .select({ id: cartItems.id })
              .from(cartItems)
              .where(and(eq(cartItems.cartId, cartId), eq(cartItems.submissionKey, submissionKey)));
            if (made) return made.id;
          }
          // Read again under the cart's lock: another tab may have ordered or upgraded it meanwhile.
          const again = await resolveRecords(tx, request, customer, product.id);
          if (!again) throw new RollbackWith(failure('not-found'));
          const { membership, editing } = again;
          const rule = followUpRefusal({ process: request.process, productId: product.id, productKindCode: product.membershipCode.code }, membership, customer.id);
          const { priceCents, creditCents, itemPriceCents } = priceOf(request.process, membership, product);
          if (rule !== null || itemPriceCents === null || priceCents === null) {
            throw new RollbackWith({ ok: false, reason: 'refused', fields: {}, refusal: rule ?? 'coupon-only' });
          }
          if (isSoldOut(product)) throw new RollbackWith(failure('invalid', { product: 'soldOut' }));
          if (request.process === 'upgrade') {
            const [otherUpgrade] = await tx
              .select({ id: cartItems.id })
              .from(cartItems)
              .where(and(eq(cartItems.cartId, cartId), eq(cartItems.process, 'upgrade'), editing ? ne(cartItems.id, editing.id) : undefined));
            if (otherUpgrade) throw new RollbackWith(failure('invalid', { product: 'upgradeInCart' }));
          }
          // One item per followed membership (the unique index backs it): a renewal of a membership
          // whose upgrade is in the cart, or the other way round, is the fan's choice to make first.
          const [otherFollowUp] = await tx
            .select({ id: cartItems.id })
            .from(cartItems)
            .where(and(eq(cartItems.cartId, cartId), eq(cartItems.previousMembershipId, membership.id), ne(cartItems.process, request.process)));
          if (otherFollowUp) throw new RollbackWith(failure('invalid', { product: 'followedInCart' }));
          const holder = holderOf(membership, customer.id);
          const cartRule = checkCartItem(
            {
              itemId: editing?.id ?? null,
              productId: product.id,
              productKind: 'membership',
              membership: { code: product.membershipCode.code, season: itemSeason(request.process, product.membershipCode.season, membership.season) },
              holder: holderIdentityOf(holder, customer),
              buyFor: holder.buyFor,
              hasDocuments: true,
            },
            await loadCartFacts(tx, cartId, customer),
          );
          if (!cartRule.ok) throw new RollbackWith(failure('invalid', { product: cartRule.reason }));
          const values = { ...holder, automaticRenewal: request.automaticRenewal, unitPriceCents: itemPriceCents, creditCents, updatedAt: clock.now() };
          if (editing) {
            await tx.update(cartItems).set(values).where(and(eq(cartItems.id, editing.id), eq(cartItems.cartId, cartId)));
            return editing.id;
          }
          // A new renewal starts from the membership's renewal preferences (size, addresses).
          let preferred: Partial<Pick<CartItemRow, 'variantId' | 'shippingAddressId' | 'temporaryAddress'>> = {};
          if (request.process === 'renewal') {
            const applied = await applyRenewalPreferences(tx, { cartId, customerId: customer.id, membership, product });
            if (!applied.ok) throw new RollbackWith(failure('invalid', { product: applied.problem }));
            preferred = applied.columns;
          } else {
            // An upgrade ships to the preferred address, like any new item (issue 30).
            preferred = { shippingAddressId: await preferredShippingAddressId(tx, customer.id, product.id, request.process) };
          }
          const [inserted] = await tx
            .insert(cartItems)
            .values({ ...values, ...preferred, cartId, productId: product.id, process: request.process, previousMembershipId: membership.id, submissionKey, createdAt: clock.now() })
            .returning({ id: cartItems.id });
          if (!inserted) throw new Error('cart item insert returned no row');
          return inserted.id;
        });
        return success({ itemId });
      } catch (error) {
        if (error instanceof RollbackWith) return error.result;
        throw error;
      }
    },
  };
}

export type CartFollowUpsService = ReturnType<typeof createCartFollowUpsService>;
