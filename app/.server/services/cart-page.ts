// The cart page's use cases (contract: cart-view-contract.ts). Every change runs in one
// transaction on the fan's locked cart row, acts on one of the fan's items by id, and ends with
// the cart rules (cart-changes.tidyCart); documents of removed items are deleted in it too.
import { and, eq } from 'drizzle-orm';
import type { AddressDraft, AddressField } from '../../domain/address-check';
import { productKindOf } from '../../domain/cart-rules';
import type { LocalizedText } from '../../domain/catalogue-types';
import { failure, success, type Result } from '../../domain/result';
import { needsShipping, shippingRestriction } from '../../domain/shipping';
import { romeDate } from '../../domain/shop-time';
import { checkVoucher } from '../../domain/voucher';
import { needsWithdrawalWaiver } from '../../domain/withdrawal';
import type { ShopDb } from '../db/client';
import { addresses, cartItems, carts, products } from '../db/schema';
import type { ServiceDeps } from '.';
import { checkAndResolveAddress } from './addresses';
import type { CartOwner } from './cart-contract';
import { deleteItems, itemExists, lockCart, pricedItems, tidyCart, type LockedCart } from './cart-changes';
import { findOwnedItemRow, findOwner, isUuid, type CartItemRow, type Customer } from './cart-items';
import { EMPTY_CART, loadCartView } from './cart-view';
import type { CartPageService, CartSideEffects } from './cart-view-contract';
import type { CatalogueService } from './catalogue';
import type { DocumentStore } from '../uploads/document-store';
import type { VouchersService } from './vouchers';

/** What a change works with: the transaction, the fan, their locked cart (if any), the moment. */
type ChangeContext = {
  tx: ShopDb;
  customer: Customer;
  cart: LockedCart | null;
  now: Date;
};

/** The fields a shipping change may refuse: the saved address's id, or the temporary address's fields. */
type ShippingField = AddressField | 'addressId';

type Change<Value, Reason extends string, Field extends string> = (context: ChangeContext) => Promise<Result<Value, Reason, Field>>;

/** The product facts a change of one item needs. */
async function itemProduct(tx: ShopDb, productId: string) {
  const [product] = await tx
    .select({
      name: products.name,
      tags: products.tags,
      virtual: products.virtual,
      availableInCountries: products.availableInCountries,
      notAvailableInCountries: products.notAvailableInCountries,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new Error(`cart: item of unknown product ${productId}`);
  return product;
}

type OwnedItem = { row: CartItemRow; product: Awaited<ReturnType<typeof itemProduct>> };

/** One of the fan's items with its product, or null (not a uuid, unknown, someone else's). */
async function ownedItem(context: ChangeContext, itemId: string): Promise<OwnedItem | null> {
  const row = await findOwnedItemRow(context.tx, context.customer.id, itemId);
  return row ? { row, product: await itemProduct(context.tx, row.productId) } : null;
}

export function createCartPageService(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  { documents, vouchers, catalogue }: { documents: DocumentStore; vouchers: VouchersService; catalogue: CatalogueService },
): CartPageService {
  /** Runs `work` on the fan's locked cart; when it succeeds the cart rules run in the same transaction. */
  async function changeAs<Value extends object, Reason extends string, Field extends string>(
    customer: Customer,
    work: Change<Value, Reason, Field>,
  ): Promise<Result<Value & CartSideEffects, Reason, Field>> {
    const now = clock.now();
    return db.transaction(async (tx): Promise<Result<Value & CartSideEffects, Reason, Field>> => {
      const cart = await lockCart(tx, customer.id);
      // A refused change wrote nothing: it committing leaves the cart as it was.
      const done = await work({ tx, customer, cart, now });
      if (!done.ok) return done;
      if (!cart) return success({ ...done.value, removedWithoutDocuments: [] });
      const tidied = await tidyCart(tx, documents, cart.id, customer.id, now);
      return success({ ...done.value, removedWithoutDocuments: tidied.removedWithoutDocuments });
    });
  }

  async function change<Value extends object, Reason extends string, Field extends string>(
    owner: CartOwner,
    work: Change<Value, Reason, Field>,
  ): Promise<Result<Value & CartSideEffects, Reason | 'not-found', Field>> {
    const customer = await findOwner(db, owner);
    return customer ? changeAs(customer, work) : failure('not-found');
  }

  /** A change of one item that ships: 'not-found' unless it is the fan's, `notNeeded` unless it ships. */
  function changeShipping<Value extends object>(
    owner: CartOwner,
    itemId: string,
    work: (item: OwnedItem, context: ChangeContext) => Promise<Result<Value, 'not-found' | 'invalid', ShippingField>>,
  ) {
    return change<Value, 'not-found' | 'invalid', ShippingField>(owner, async (context) => {
      const item = await ownedItem(context, itemId);
      if (!item) return failure('not-found');
      if (!needsShipping({ virtual: item.product.virtual, process: item.row.process })) return failure('invalid', { addressId: 'notNeeded' });
      return work(item, context);
    });
  }

  return {
    async viewCart(owner) {
      const customer = await findOwner(db, owner);
      return customer ? loadCartView(db, catalogue, customer, clock.now()) : EMPTY_CART;
    },

    removeItem(owner, itemId) {
      return change<{ removed: LocalizedText }, 'gone' | 'not-found', never>(owner, async (context) => {
        const { tx, customer } = context;
        if (!isUuid(itemId)) return failure('not-found');
        const item = await ownedItem(context, itemId);
        if (!item) return failure((await itemExists(tx, itemId)) ? 'not-found' : 'gone');
        await deleteItems(tx, documents, customer.id, [item.row]);
        return success({ removed: item.product.name });
      });
    },

    chooseShippingAddress(owner, itemId, addressId) {
      return changeShipping(owner, itemId, async ({ row, product }, { tx, customer, now }) => {
        if (!isUuid(addressId)) return failure('not-found');
        const [address] = await tx
          .select({ id: addresses.id, countryCode: addresses.countryCode })
          .from(addresses)
          .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customer.id)));
        if (!address) return failure('not-found');
        const restriction = shippingRestriction(product, address.countryCode);
        if (restriction) return failure('invalid', { addressId: restriction });
        await tx.update(cartItems).set({ shippingAddressId: address.id, temporaryAddress: null, updatedAt: now }).where(eq(cartItems.id, row.id));
        return success({ name: product.name });
      });
    },

    setTemporaryAddress(owner, itemId, draft: AddressDraft) {
      return changeShipping(owner, itemId, async ({ row, product }, { tx, now }) => {
        const resolved = await checkAndResolveAddress(draft, romeDate(now));
        if (!resolved.ok) return resolved;
        const restriction = shippingRestriction(product, resolved.value.countryCode);
        if (restriction) return failure('invalid', { countryCode: restriction });
        await tx.update(cartItems).set({ temporaryAddress: resolved.value, shippingAddressId: null, updatedAt: now }).where(eq(cartItems.id, row.id));
        return success({});
      });
    },

    setWithdrawalWaiver(owner, itemId, waived) {
      return change<object, 'not-found' | 'invalid', 'waiver'>(owner, async (context) => {
        const item = await ownedItem(context, itemId);
        if (!item) return failure('not-found');
        const { row, product } = item;
        if (!needsWithdrawalWaiver({ kind: productKindOf(product.tags), process: row.process })) return failure('invalid', { waiver: 'notNeeded' });
        // Asking again keeps the moment of the first request; withdrawing it clears it.
        const waivedAt = waived ? (row.withdrawalWaivedAt ?? context.now) : null;
        await context.tx.update(cartItems).set({ withdrawalWaivedAt: waivedAt, updatedAt: context.now }).where(eq(cartItems.id, row.id));
        return success({});
      });
    },

    async applyVoucher(owner, typedCode, { ip }) {
      const customer = await findOwner(db, owner);
      if (!customer) return failure('not-found');
      // The attempt limits count on the database itself, outside the cart's transaction.
      const found = await vouchers.lookUp(typedCode, { customerId: customer.id, ip });
      if (!found.ok) return found;
      const voucher = found.value;
      return changeAs<{ code: string }, 'invalid', 'voucherCode'>(customer, async ({ tx, cart, now }) => {
        // The items the cart rules keep (a card without documents goes with this change).
        const kept = cart ? (await pricedItems(tx, cart.id, now)).filter((item) => !item.withoutDocuments) : [];
        const subtotalCents = kept.reduce((sum, item) => sum + item.priceNowCents, 0);
        const checked = checkVoucher(voucher, now, subtotalCents);
        if (!cart || !checked.ok) return failure('invalid', { voucherCode: checked.ok ? 'notApplicable' : checked.reason });
        await tx.update(carts).set({ voucherCode: voucher.code, updatedAt: now }).where(eq(carts.id, cart.id));
        return success({ code: voucher.code });
      });
    },

    removeVoucher(owner) {
      return change<object, never, never>(owner, async ({ tx, cart, now }) => {
        if (cart) await tx.update(carts).set({ voucherCode: null, updatedAt: now }).where(eq(carts.id, cart.id));
        return success({});
      });
    },
  };
}
