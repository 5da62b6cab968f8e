import { and, count, eq } from 'drizzle-orm';
import { checkCartItem, type CartItemFacts } from '../../domain/cart-rules';
import { ALL_CONFIGURE_RULES } from '../../domain/configure-rules';
import { allowedProcesses, checkConfigureDraft, isConfigureProcess, type CheckedConfiguration } from '../../domain/configure';
import { isItaly } from '../../domain/countries';
import { missingForPurchase } from '../../domain/profile-completeness';
import { itemPriceNow } from '../../domain/cart-summary';
import { failure, success, type FieldProblems } from '../../domain/result';
import { romeDate } from '../../domain/shop-time';
import { cartItems, carts, customers } from '../db/schema';
import type { ShopDb } from '../db/client';
import type { DocumentStore } from '../uploads/document-store';
import type { ServiceDeps } from '.';
import { countryNationalCodes, resolveBirthPlace } from './birth-places';
import type { CartItemView, CartOwner, ConfigureItemRequest, ConfigureItemResult, ConfigureProblemField } from './cart-contract';
import { saveItemDocuments } from './cart-documents';
import { draftOf } from './cart-draft';
import { findOwnedItemRow, findOwner, holderIdentityOf, isUuid, loadCartFacts, loadItemRows, toViews, type CartItemRow } from './cart-items';
import { loadConfigureProduct, type ConfigureProduct } from './cart-product';
import { lockOpenCart, releaseCoupon, writeItem } from './cart-writes';
import { preferredShippingAddressId } from './cart-shipping';
import { createCartBillingService } from './cart-billing';
import { createCartPageService } from './cart-page';
import { createCartFollowUpsService } from './cart-follow-ups';
import type { CatalogueService } from './catalogue';
import type { CouponsService } from './coupons';
import type { VouchersService } from './vouchers';

/** A refusal found inside the transaction: thrown to roll it back, answered by configureItem. */
class RollbackWith extends Error {
  constructor(readonly result: ConfigureItemResult) {
    super('configure refused');
  }
}

const notFound = (): ConfigureItemResult => failure('not-found');
const invalid = (fields: FieldProblems<ConfigureProblemField | 'product'>): ConfigureItemResult => failure('invalid', fields);

/** What the item costs when saved: nothing with a coupon, else the price of the moment (promo included). */
function unitPriceOf(product: ConfigureProduct, couponCode: string | null, now: Date): number {
  const price = itemPriceNow(product, couponCode, now);
  // A coupon-only product allows only the coupon process, which always has a code: never free by accident.
  if (price === null) throw new Error(`cart: product ${product.id} has no price and no coupon was given`);
  return price;
}

export function createCartService(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  { coupons, documents, vouchers, catalogue }: { coupons: CouponsService; documents: DocumentStore; vouchers: VouchersService; catalogue: CatalogueService },
) {
  /** The item a new-item form's submission made in the customer's cart, or null. */
  async function itemOfSubmission(executor: ShopDb, customerId: string, submissionKey: string): Promise<string | null> {
    const [row] = await executor
      .select({ id: cartItems.id })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.customerId, customerId), eq(cartItems.submissionKey, submissionKey)))
      .limit(1);
    return row?.id ?? null;
  }

  /** The rule checks that need lookups, after the draft passed: birth place and documents. */
  async function lookupProblems(
    request: ConfigureItemRequest,
    product: ConfigureProduct,
    checked: CheckedConfiguration,
    edited: { row: CartItemRow; hasFront: boolean } | null,
    today: string,
  ): Promise<FieldProblems<ConfigureProblemField>> {
    const problems: FieldProblems<ConfigureProblemField> = {};
    const holder = checked.holder;
    if (holder && isItaly(holder.birthCountryCode)) {
      const place = await resolveBirthPlace(holder, today);
      if (!place.ok) problems[place.field] = 'notInList';
    }
    if (product.kind === 'card' && !request.documents.documentFront) {
      const keepsFront = edited !== null && edited.hasFront && edited.row.documentType === checked.documentType;
      if (!keepsFront) problems.documentFront = 'required';
    }
    return problems;
  }

  return {
    /**
     * Adds a configured product to the fan's cart, or saves an edited item (`cartItemId`).
     * Checks everything itself (see cart-contract.ts for the answers), then redeems a new
     * coupon, applies the cart rules, writes the item and stores its documents in one
     * transaction. A coupon the edited item no longer uses is given back in that transaction.
     */
    async configureItem(request: ConfigureItemRequest): Promise<ConfigureItemResult> {
      const customer = await findOwner(db, request.owner);
      if (!customer || !isConfigureProcess(request.process)) return notFound();
      const product = await loadConfigureProduct(db, request.productId);
      if (!product || !allowedProcesses(product).includes(request.process)) return notFound();
      // A new item's form sent again (a double click, back and submit): the item it made.
      const submissionKey = request.cartItemId === null ? request.submissionKey : null;
      const madeAlready = submissionKey === null ? null : await itemOfSubmission(db, customer.id, submissionKey);
      if (madeAlready !== null) return success({ itemId: madeAlready });
      let edited: { row: CartItemRow; hasFront: boolean } | null = null;
      if (request.cartItemId !== null) {
        const row = await findOwnedItemRow(db, customer.id, request.cartItemId);
        if (!row || row.productId !== product.id) return notFound();
        const [view] = await toViews(db, [row]);
        edited = { row, hasFront: view?.documents.some((document) => document.side === 'FRONT') ?? false };
      }
      const missing = missingForPurchase(customer);
      if (missing.length > 0 || customer.dob === null) return { ok: false, reason: 'profile-incomplete', fields: {}, missing };

      const now = clock.now();
      const today = romeDate(now);
      const checked = checkConfigureDraft(request.draft, {
        process: request.process,
        product,
        customerBirthDate: customer.dob,
        today,
        countryNationalCodes: await countryNationalCodes(),
      }, ALL_CONFIGURE_RULES);
      if (!checked.ok) return invalid(checked.fields);
      const configuration = checked.value;
      const problems = await lookupProblems(request, product, configuration, edited, today);
      if (Object.keys(problems).length > 0) return invalid(problems);

      const ownCode = edited?.row.couponCode ?? null;
      const newCode = configuration.couponCode !== null && configuration.couponCode !== ownCode ? configuration.couponCode : null;
      if (newCode !== null) {
        const coupon = await coupons.check(newCode, { productId: product.id, attempt: { customerId: customer.id, ip: request.attempt.ip } });
        if (!coupon.ok && coupon.reason === 'too-many-attempts') {
          return { ok: false, reason: 'too-many-attempts', fields: { couponCode: 'too-many-attempts' }, retryAfterSeconds: coupon.retryAfterSeconds };
        }
        if (!coupon.ok) return invalid({ couponCode: coupon.fields.couponCode ?? coupon.reason });
      }

      try {
        const itemId = await db.transaction(async (tx) => {
          // The cart row first: one fan's saves (and a form sent twice at once) go one by one.
          const cartId = await lockOpenCart(tx, customer.id);
          const sentTwice = submissionKey === null ? null : await itemOfSubmission(tx, customer.id, submissionKey);
          if (sentTwice !== null) throw new RollbackWith(success({ itemId: sentTwice }));
          if (newCode !== null) {
            const redeemed = await coupons.redeem(newCode, customer.id, { productId: product.id, tx });
            if (!redeemed.ok) throw new RollbackWith(invalid({ couponCode: redeemed.fields.couponCode ?? redeemed.reason }));
          }
          if (ownCode !== null && ownCode !== configuration.couponCode) await releaseCoupon(tx, ownCode, customer.id);
          const candidate: CartItemFacts = {
            itemId: edited?.row.id ?? null,
            productId: product.id,
            productKind: product.kind,
            membership: product.membership,
            holder: holderIdentityOf({ buyFor: configuration.buyFor, holder: configuration.holder }, customer),
            buyFor: configuration.buyFor,
            // Checked above: a card item has a front, sent now or kept.
            hasDocuments: product.kind !== 'card' || request.documents.documentFront !== undefined || edited?.hasFront === true,
          };
          const rule = checkCartItem(candidate, await loadCartFacts(tx, cartId, customer));
          if (!rule.ok) throw new RollbackWith(invalid({ product: rule.reason }));

          const itemId = await writeItem(tx, {
            cartId,
            productId: product.id,
            process: request.process,
            configuration,
            unitPriceCents: unitPriceOf(product, configuration.couponCode, now),
            editedItemId: edited?.row.id ?? null,
            submissionKey,
            shippingAddressId: edited === null ? await preferredShippingAddressId(tx, customer.id, product.id, request.process) : null,
            now,
          });
          if (itemId === null) throw new RollbackWith(notFound());
          if (product.kind === 'card') {
            const dropBack = edited !== null && edited.row.documentType !== configuration.documentType;
            await saveItemDocuments(tx, documents, itemId, request.documents, { dropBack });
          }
          return itemId;
        });
        return success({ itemId });
      } catch (error) {
        if (error instanceof RollbackWith) return error.result;
        throw error;
      }
    },

    /** The fan's items, oldest first; none for an owner that does not check out. */
    async listItems(owner: CartOwner): Promise<CartItemView[]> {
      const customer = await findOwner(db, owner);
      return customer ? toViews(db, await loadItemRows(db, customer.id)) : [];
    },

    /** How many items the fan's cart holds (the floating cart button). */
    async countItems(owner: CartOwner): Promise<number> {
      if (!isUuid(owner.customerId)) return 0;
      const [row] = await db
        .select({ items: count() })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(customers, eq(customers.id, carts.customerId))
        .where(and(eq(carts.customerId, owner.customerId), eq(customers.oidcSubject, owner.subject)));
      return row?.items ?? 0;
    },

    /** One of the fan's items; null for anything else (not a uuid, unknown, someone else's). */
    async findItem(owner: CartOwner, itemId: string): Promise<CartItemView | null> {
      const customer = await findOwner(db, owner);
      if (!customer || !isUuid(itemId)) return null;
      const [view] = await toViews(db, await loadItemRows(db, customer.id, itemId));
      return view ?? null;
    },

    /** The item a new-item form's submission key made in the fan's cart; null for none. */
    async findItemBySubmission(owner: CartOwner, submissionKey: string): Promise<string | null> {
      const customer = await findOwner(db, owner);
      return customer ? itemOfSubmission(db, customer.id, submissionKey) : null;
    },

    draftOf,
    ...createCartPageService({ db, clock }, { documents, vouchers, catalogue }),
    ...createCartBillingService({ db }),
    ...createCartFollowUpsService({ db, clock }, { catalogue }),
  };
}

export type CartService = ReturnType<typeof createCartService>;
