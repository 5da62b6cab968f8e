// Placing an order (issue 13): one transaction that checks the cart once more, reserves stock
// and the voucher's use, writes the order's snapshot, consumes the cart and — for an order that
// costs nothing — marks it paid and fulfils it. Anything refused rolls all of it back.
import { and, count, eq, sql } from 'drizzle-orm';
import { isBillingAddressRequired, itemsRefusedByBillingCountry } from '../../domain/billing';
import { canCheckout } from '../../domain/cart-summary';
import { acceptedTermsRecord, missingTerms, termsForCart } from '../../domain/checkout-terms';
import type { ProductDetail } from '../../domain/catalogue-types';
import { paymentDeadline } from '../../domain/order-status';
import { missingForPurchase } from '../../domain/profile-completeness';
import { failure, success, type FieldProblems } from '../../domain/result';
import { isSubmissionKey } from '../../domain/submission-key';
import { invoicingProblems, invoicingToStore, type IsCountry } from '../../domain/vat-invoicing';
import type { ShopDb } from '../db/client';
import { cartItems, carts, orders, productVariants, vouchers } from '../db/schema';
import { loadCartView, type CartProducts } from './cart-view';
import { countryCheck } from './lookups';
import type { CartLine, CartPageView } from './cart-view-contract';
import { findOwner } from './cart-items';
import type { CatalogueService } from './catalogue';
import { fulfilOrder, type FulfilmentContext } from './order-fulfilment';
import { billingAddress, buyerOf, writeOrderItems } from './order-snapshot';
import type { CheckoutField, PlaceOrderRequest, PlaceOrderResult } from './orders-contract';

/** A refusal found inside the transaction: thrown to roll it back, then answered. */
class RollbackWith extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super('order refused');
  }
}

async function existingOrder(db: ShopDb, customerId: string, checkoutKey: string): Promise<PlaceOrderResult | null> {
  const [order] = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.checkoutKey, checkoutKey)))
    .limit(1);
  return order ? success(order) : null;
}

/** The request's own problems, before anything is locked: billing address, invoicing, terms. */
function requestProblems(
  request: PlaceOrderRequest,
  view: CartPageView,
  products: ReadonlyMap<string, ProductDetail>,
  isCountry: IsCountry,
): FieldProblems<CheckoutField> {
  const problems: FieldProblems<CheckoutField> = {};
  const total = view.totals.totalCents;
  if (isBillingAddressRequired(total, view.lines) && request.billingAddressId === null) problems.billingAddressId = 'required';
  const invoicing = invoicingProblems(request.invoicing, total, isCountry);
  if (invoicing.countryCode) problems.vatCountry = invoicing.countryCode;
  if (invoicing.vatNumber) problems.vatNumber = invoicing.vatNumber;
  if (invoicing.receiverCode) problems.receiverCode = invoicing.receiverCode;
  if (invoicing.emailPec) problems.emailPec = invoicing.emailPec;
  for (const name of missingTerms(termsOf(view, products), request.acceptedTerms)) problems[name] = 'required';
  return problems;
}

function termsOf(view: CartPageView, products: ReadonlyMap<string, ProductDetail>) {
  return termsForCart(
    view.lines.flatMap((line) => {
      const product = products.get(line.productId);
      return product ? [{ sku: product.sku, tags: product.tags }] : [];
    }),
  );
}

/** Takes one unit of each size bought, in a fixed order (by variant id) so two orders never deadlock. */
async function reserveStock(tx: ShopDb, lines: readonly CartLine[]): Promise<boolean> {
  const variantIds = lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId])).sort();
  for (const variantId of variantIds) {
    const taken = await tx
      .update(productVariants)
      .set({ stockQty: sql`${productVariants.stockQty} - 1` })
      .where(and(eq(productVariants.id, variantId), sql`${productVariants.stockQty} >= 1`))
      .returning({ id: productVariants.id });
    if (taken.length === 0) return false;
  }
  return true;
}

/** Counts the order as one use of the voucher, unless its limit was reached meanwhile. */
async function useVoucher(tx: ShopDb, code: string): Promise<boolean> {
  const used = await tx
    .update(vouchers)
    .set({ timesUsed: sql`${vouchers.timesUsed} + 1` })
    .where(and(eq(vouchers.code, code), sql`(${vouchers.usageLimit} is null or ${vouchers.timesUsed} < ${vouchers.usageLimit})`))
    .returning({ code: vouchers.code });
  return used.length > 0;
}

export async function placeOrder(
  db: ShopDb,
  catalogue: CatalogueService,
  request: PlaceOrderRequest,
  context: FulfilmentContext,
): Promise<PlaceOrderResult> {
  const { now } = context;
  const customer = await findOwner(db, request.owner);
  if (!customer || !isSubmissionKey(request.checkoutKey)) return failure('not-found');
  const placed = await existingOrder(db, customer.id, request.checkoutKey);
  if (placed) return placed;
  const missing = missingForPurchase(customer);
  if (missing.length > 0) return { ok: false, reason: 'profile-incomplete', fields: {}, missing };

  // Every product, read before the transaction: the catalogue's snapshot reads through the
  // database handle, which on PGlite (one connection) would wait for this very transaction.
  const catalogueNow = await catalogue.getProductDetails((await catalogue.listProducts()).map((product) => product.id));
  // The VAT country must be a real one (issue 30: `ZZ` was kept); the list is in memory.
  const isCountry = await countryCheck();
  const products: CartProducts = {
    getProductDetails: (ids) =>
      Promise.resolve(
        new Map(
          ids.flatMap((id) => {
            const product = catalogueNow.get(id);
            return product ? [[id, product] as const] : [];
          }),
        ),
      ),
  };

  try {
    return await db.transaction(async (tx) => {
      // The cart row first: this fan's other writes (and this form sent twice) wait for us.
      const [cart] = await tx
        .select({ id: carts.id, voucherCode: carts.voucherCode })
        .from(carts)
        .where(eq(carts.customerId, customer.id))
        .for('update');
      if (!cart)
        return (
          (await existingOrder(tx, customer.id, request.checkoutKey)) ?? {
            ok: false,
            reason: 'cart-not-ready',
            fields: {},
            blockers: ['empty'],
          }
        );
      const sentTwice = await existingOrder(tx, customer.id, request.checkoutKey);
      if (sentTwice) return sentTwice;

      const view = await loadCartView(tx, products, customer, now, { lock: true });
      if (!canCheckout(view.blockers))
        return {
          ok: false,
          reason: 'cart-not-ready',
          fields: {},
          blockers: view.blockers,
        };
      // An item whose product the catalogue read above did not know (added this very moment) is left out of the view.
      const [items] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.cartId, cart.id));
      if (items?.n !== view.lines.length) return failure('total-changed');
      const total = view.totals.totalCents;
      if (request.expectedTotalCents !== null && request.expectedTotalCents !== total) return failure('total-changed');
      const problems = requestProblems(request, view, catalogueNow, isCountry);
      const billing = await billingAddress(tx, customer.id, isBillingAddressRequired(total, view.lines) ? request.billingAddressId : null);
      if (billing === 'not-found') problems.billingAddressId = 'notFound';
      // An item that ships nowhere answers its product's country rule where the buyer is billed.
      else if (billing !== null && itemsRefusedByBillingCountry(view.lines, billing.countryCode).length > 0) {
        problems.billingAddressId = 'notAvailableForProduct';
      }
      if (Object.keys(problems).length > 0 || billing === 'not-found') return failure('invalid', problems);

      const voucherCode = view.voucher && view.voucher.refusal === null ? view.voucher.code : null;
      if (voucherCode !== null && !(await useVoucher(tx, voucherCode)))
        throw new RollbackWith(failure('invalid', { voucherCode: 'usedUp' }));

      const paidNow = total === 0;
      const [order] = await tx
        .insert(orders)
        .values({
          customerId: customer.id,
          checkoutKey: request.checkoutKey,
          status: paidNow ? 'paid' : 'awaiting_payment',
          language: request.language,
          subtotalCents: view.totals.subtotalCents,
          voucherCode,
          voucherDiscountCents: view.totals.voucherDiscountCents,
          shippingCents: view.totals.shippingCents,
          totalCents: total,
          buyer: buyerOf(customer),
          billingAddress: billing,
          invoicing: invoicingToStore(request.invoicing, total),
          acceptedTerms: acceptedTermsRecord(termsOf(view, catalogueNow), now),
          placedAt: now,
          payBy: paymentDeadline(now),
          paidAt: paidNow ? now : null,
        })
        .returning({
          orderId: orders.id,
          number: orders.number,
          status: orders.status,
          totalCents: orders.totalCents,
        });
      if (!order) throw new Error('order insert returned no row');
      await writeOrderItems(tx, order.orderId, view.lines, catalogueNow, customer);
      // The cart has become the order: its items, documents' rows and voucher go with it (the files stay, now the order's).
      await tx.delete(carts).where(eq(carts.id, cart.id));
      if (paidNow) await fulfilOrder(tx, order.orderId, context);
      // Stock last, just before commit: a size's row stays locked from its decrement to the
      // commit, and every buyer of that size waits for it meanwhile (issue 32's race). A buyer
      // who comes too late has written the order for nothing: it all rolls back (the order's
      // number is spent, a gap in the sequence).
      if (!(await reserveStock(tx, view.lines))) throw new RollbackWith(failure('sold-out'));
      return success({
        ...order,
        status: paidNow ? 'fulfilled' : order.status,
      });
    });
  } catch (error) {
    if (error instanceof RollbackWith) return error.result;
    throw error;
  }
}
