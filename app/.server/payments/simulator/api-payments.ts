import { and, asc, eq } from 'drizzle-orm';
import { Router } from 'express';
import { pspSimPayments, pspSimStoredMethods } from '../../db/schema';
import { invalid } from './api-errors';
import { readDetailsRequest, readPaymentRequest, readShopperReference, type PaymentRequest } from './api-requests';
import type { SimulatorContext } from './context';
import { cardAdditionalData, completePayPal, payByCard, pendingAction, startPayPal, type PaymentBase, type PaymentRow } from './engine';
import { checkMerchantAccount, post, queryText, read } from './router';
import { testCardOf } from './test-cards';
import type { Queries } from './webhooks';

/**
 * `/paymentMethods`, `/payments`, `/payments/details` and the stored methods (`/storedPaymentMethods`).
 *
 * Actions: a 3-D Secure card answers `RedirectShopper` with a `redirect` action (GET) to the
 * simulator's challenge page, Adyen's redirect authentication rather than its native 3DS2
 * component, so that it works without Adyen's script; the shopper comes back to `returnUrl`
 * with `redirectResult`, which `/payments/details` reads. PayPal answers the same kind of
 * redirect to a simulated approval page, since PayPal's own script cannot load offline; when
 * the request says `paymentMethod.subtype: 'sdk'` (what Adyen's Drop-in sends), it answers as
 * Adyen does instead: resultCode `Pending` and an `sdk` action with `paymentData` and
 * `sdkData.orderID`, completed by `/payments/details` with `{orderID, payerID}` and `paymentData`.
 */

type StoredRow = typeof pspSimStoredMethods.$inferSelect;

const BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'VISA', mc: 'MasterCard' };

/** The shop's methods (card with visa and mc, and PayPal), as the first `/paymentMethods` answered. */
const PAYMENT_METHODS = [
  { type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] },
  { type: 'paypal', name: 'PayPal' },
];

export async function storedMethodsOf(queries: Queries, merchantAccount: string, shopperReference: string): Promise<StoredRow[]> {
  return queries
    .select()
    .from(pspSimStoredMethods)
    .where(and(eq(pspSimStoredMethods.merchantAccount, merchantAccount), eq(pspSimStoredMethods.shopperReference, shopperReference)))
    .orderBy(asc(pspSimStoredMethods.createdAt));
}

function storedMethodView(stored: StoredRow) {
  return {
    brand: stored.brand,
    expiryMonth: String(stored.expiryMonth).padStart(2, '0'),
    expiryYear: String(stored.expiryYear),
    holderName: stored.holderName,
    id: stored.id,
    lastFour: stored.lastFour,
    name: BRAND_NAMES[stored.brand] ?? stored.brand,
    // Drop-in shows a stored method only if it supports Ecommerce (LIBRARY-NOTES §Adyen).
    supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
    supportedRecurringProcessingModels: ['CardOnFile'],
    type: 'scheme',
  };
}

/** `/payments` and `/payments/details` answer one payment the same way. */
function paymentAnswer(context: SimulatorContext, payment: PaymentRow, options: { paypalSdk?: boolean } = {}): Record<string, unknown> {
  const answer: Record<string, unknown> = {
    amount: { value: payment.amountValue, currency: payment.currency },
    merchantReference: payment.merchantReference,
    pspReference: payment.pspReference,
    resultCode: payment.resultCode,
  };
  if (payment.resultCode === 'RedirectShopper' && payment.actionToken) {
    if (payment.method === 'paypal' && options.paypalSdk) {
      answer.resultCode = 'Pending';
      answer.action = { type: 'sdk', paymentMethodType: 'paypal', paymentData: payment.actionToken, sdkData: { orderID: paypalOrderId(payment) } };
    } else {
      const url = payment.method === 'paypal' ? context.urls.paypal(payment.actionToken) : context.urls.challenge(payment.actionToken);
      answer.action = { type: 'redirect', method: 'GET', paymentMethodType: payment.method, url };
    }
  }
  if (payment.refusalReason) {
    answer.refusalReason = payment.refusalReason;
    answer.refusalReasonCode = payment.refusalReasonCode;
  }
  if (payment.resultCode === 'Authorised') answer.paymentMethod = { type: payment.method, brand: payment.brand };
  const additionalData = cardAdditionalData(payment);
  if (Object.keys(additionalData).length > 0) answer.additionalData = additionalData;
  return answer;
}

/** The PayPal order id the sdk action hands out (PayPal's are opaque too). */
function paypalOrderId(payment: PaymentRow): string {
  return `SIMPP-${payment.pspReference}`;
}

async function pay(tx: Queries, context: SimulatorContext, request: PaymentRequest): Promise<PaymentRow> {
  const base: PaymentBase = {
    merchantAccount: context.config.merchantAccount,
    merchantReference: request.reference,
    amount: request.amount,
    channel: 'api',
    shopperReference: request.shopperReference,
    storeCard: request.storePaymentMethod,
    returnUrl: request.returnUrl,
    captureDelayHours: request.captureDelayHours,
  };
  const method = request.paymentMethod;
  if (method.kind === 'paypal') return startPayPal(tx, context, base);
  if (method.kind === 'stored') {
    const stored = (await storedMethodsOf(tx, context.config.merchantAccount, request.shopperReference ?? '')).find((row) => row.id === method.storedPaymentMethodId);
    if (!stored) throw invalid('800', 'Contract not found');
    return payByCard(tx, context, { ...base, storeCard: false }, { digits: stored.cardNumber, expiryMonth: stored.expiryMonth, expiryYear: stored.expiryYear, cvc: method.cvc, holderName: stored.holderName, storedMethodId: stored.id });
  }
  if (!testCardOf(method.card.number)) throw invalid('101', 'Invalid card number');
  return payByCard(tx, context, base, { digits: method.card.number, expiryMonth: method.card.expiryMonth, expiryYear: method.card.expiryYear, cvc: method.card.cvc, holderName: method.card.holderName });
}

export function paymentRoutes(context: SimulatorContext): Router {
  const router = Router();

  router.post(
    '/paymentMethods',
    post(context, async (tx, body) => {
      const shopperReference = readShopperReference(body);
      const stored = shopperReference ? await storedMethodsOf(tx, context.config.merchantAccount, shopperReference) : [];
      return { status: 200, body: { paymentMethods: PAYMENT_METHODS, storedPaymentMethods: stored.map(storedMethodView) } };
    }),
  );

  router.post(
    '/payments',
    post(context, async (tx, body) => {
      const request = readPaymentRequest(body);
      const payment = await pay(tx, context, request);
      const paypalSdk = request.paymentMethod.kind === 'paypal' && request.paymentMethod.subtype === 'sdk';
      return { status: 200, body: paymentAnswer(context, payment, { paypalSdk }) };
    }),
  );

  // Details carry no merchant account: the API key is the account's.
  router.post(
    '/payments/details',
    post(
      context,
      async (tx, body) => {
        const request = readDetailsRequest(body);
        if (request.redirectResult) {
          const [payment] = await tx.select().from(pspSimPayments).where(eq(pspSimPayments.redirectResult, request.redirectResult)).limit(1);
          if (!payment || payment.merchantAccount !== context.config.merchantAccount) throw invalid('000', 'Invalid redirectResult');
          return { status: 200, body: paymentAnswer(context, payment) };
        }
        const payment = await pendingAction(tx, request.paymentData ?? '');
        if (!payment || payment.method !== 'paypal' || request.orderID !== paypalOrderId(payment)) throw invalid('000', 'Invalid paymentData or orderID');
        return { status: 200, body: paymentAnswer(context, await completePayPal(tx, context, payment, Boolean(request.payerID))) };
      },
      { merchantAccount: false },
    ),
  );

  router.get(
    '/storedPaymentMethods',
    read(async (req) => {
      const merchantAccount = checkMerchantAccount(context, queryText(req, 'merchantAccount'));
      const shopperReference = readShopperReference({ shopperReference: queryText(req, 'shopperReference') });
      if (!shopperReference) throw invalid('000', "Required parameter 'shopperReference' is not provided.");
      const stored = await storedMethodsOf(context.db, merchantAccount, shopperReference);
      return { status: 200, body: { merchantAccount, shopperReference, storedPaymentMethods: stored.map((row) => ({ ...storedMethodView(row), shopperReference })) } };
    }),
  );

  router.delete(
    '/storedPaymentMethods/:storedPaymentMethodId',
    read(async (req) => {
      const merchantAccount = checkMerchantAccount(context, queryText(req, 'merchantAccount'));
      const shopperReference = readShopperReference({ shopperReference: queryText(req, 'shopperReference') });
      if (!shopperReference) throw invalid('000', "Required parameter 'shopperReference' is not provided.");
      const deleted = await context.db
        .delete(pspSimStoredMethods)
        .where(
          and(
            eq(pspSimStoredMethods.id, String(req.params.storedPaymentMethodId)),
            eq(pspSimStoredMethods.merchantAccount, merchantAccount),
            eq(pspSimStoredMethods.shopperReference, shopperReference),
          ),
        )
        .returning({ id: pspSimStoredMethods.id });
      if (deleted.length === 0) throw invalid('800', 'Contract not found');
      return { status: 204, body: null };
    }),
  );

  return router;
}
