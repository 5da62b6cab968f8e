import adyen from '@adyen/api-library';
import type { Language } from '../../domain/catalogue-types';
import type { PaymentMethod } from '../../domain/payment-attempt';
import type { PaymentsConfig } from './config';
import { checkoutApi } from './http-client';
import { KEY_IN_USE_PATIENCE_MS, sameKeyUntilAnswered } from './key-in-use';

const checkoutTypes = adyen.Types.checkout;

/** A card the PSP keeps for a shopper (spec §3 "Stored payment method"). */
export type StoredPaymentMethod = {
  id: string;
  brand: string;
  lastFour: string;
  expiryMonth: string;
  expiryYear: string;
  holderName: string | null;
};

export type HostedSessionRequest = {
  /** The attempt's id: the call's Idempotency-Key, so a retried call finds the same session. */
  paymentId: string;
  reference: string;
  amountCents: number;
  method: PaymentMethod;
  returnUrl: string;
  shopperReference: string;
  shopperEmail: string;
  language: Language;
  /** The order's pay-by time: no payment can start on the PSP's page after the order gave its stock back. */
  expiresAt: Date;
};

/** Adyen's locale for the fan's language (the hosted page and its texts). */
const SHOPPER_LOCALES: Readonly<Record<Language, string>> = { it: 'it-IT', en: 'en-US' };

/**
 * The shop's calls to the PSP (issue 14), each one `@adyen/api-library` request (Checkout API
 * v72) to Adyen or the simulator — the code path is the same, only the URL and keys differ.
 * No business rules here: the payments service decides what to call and when. A call with an
 * Idempotency-Key that meets the key's first request still in progress waits for its answer
 * (KEY_IN_USE_PATIENCE_MS, key-in-use.ts), then throws PaymentRequestInProgress.
 */
export function createPaymentGateway(config: PaymentsConfig) {
  const checkout = checkoutApi(config);
  const { merchantAccount } = config;
  const idempotent = <T>(idempotencyKey: string, send: () => Promise<T>) => sameKeyUntilAnswered(idempotencyKey, KEY_IN_USE_PATIENCE_MS, send);

  return {
    /** A Hosted Checkout session for one attempt (no JavaScript on our page): where to send the fan. */
    async createHostedSession(request: HostedSessionRequest): Promise<{ id: string; url: string }> {
      const session = await idempotent(request.paymentId, () => checkout.PaymentsApi.sessions(
        {
          merchantAccount,
          mode: checkoutTypes.CreateCheckoutSessionRequest.ModeEnum.Hosted,
          amount: { value: request.amountCents, currency: 'EUR' },
          reference: request.reference,
          returnUrl: request.returnUrl,
          shopperReference: request.shopperReference,
          shopperEmail: request.shopperEmail,
          shopperLocale: SHOPPER_LOCALES[request.language],
          countryCode: 'IT',
          expiresAt: request.expiresAt,
          allowedPaymentMethods: [request.method],
          // A new card is kept only if the fan says so on the PSP's page; kept, it is for
          // payments the fan starts (spec: recurring model CardOnFile).
          storePaymentMethodMode: checkoutTypes.CreateCheckoutSessionRequest.StorePaymentMethodModeEnum.AskForConsent,
          recurringProcessingModel: checkoutTypes.CreateCheckoutSessionRequest.RecurringProcessingModelEnum.CardOnFile,
          shopperInteraction: checkoutTypes.CreateCheckoutSessionRequest.ShopperInteractionEnum.Ecommerce,
        },
        { idempotencyKey: request.paymentId },
      ));
      if (!session.url) throw new Error(`payments: the session ${session.id} came without a URL`);
      return { id: session.id, url: session.url };
    },

    /**
     * Drop-in's payment (the advanced flow): the payment method as Drop-in encrypted it, never a
     * card number. A new card may be kept (CardOnFile); a stored one is charged at once (spec:
     * capture delay 0 for a stored method) with the security code typed in Adyen's field.
     */
    async pay(request: AdvancedPaymentRequest): Promise<PspPaymentAnswer> {
      const stored = typeof request.paymentMethod.storedPaymentMethodId === 'string';
      const answer = await idempotent(request.paymentId, () => checkout.PaymentsApi.payments(
        {
          merchantAccount,
          amount: { value: request.amountCents, currency: 'EUR' },
          reference: request.reference,
          // The library's request type is a union of every method's shape; Drop-in's data is one of them.
          paymentMethod: request.paymentMethod as never,
          returnUrl: request.returnUrl,
          shopperReference: request.shopperReference,
          shopperEmail: request.shopperEmail,
          shopperLocale: SHOPPER_LOCALES[request.language],
          countryCode: 'IT',
          channel: checkoutTypes.PaymentRequest.ChannelEnum.Web,
          origin: request.origin,
          ...(request.browserInfo ? { browserInfo: request.browserInfo as never } : {}),
          // For Adyen's risk checks and 3-D Secure 2: the device fingerprint, where the shopper is, who pays.
          ...(request.riskData ? { riskData: request.riskData } : {}),
          ...(request.shopperIP ? { shopperIP: request.shopperIP } : {}),
          ...(request.billingAddress ? { billingAddress: request.billingAddress } : {}),
          ...(stored
            ? { shopperInteraction: checkoutTypes.PaymentRequest.ShopperInteractionEnum.ContAuth, captureDelayHours: 0 }
            : { shopperInteraction: checkoutTypes.PaymentRequest.ShopperInteractionEnum.Ecommerce, storePaymentMethod: request.storePaymentMethod }),
          recurringProcessingModel: checkoutTypes.PaymentRequest.RecurringProcessingModelEnum.CardOnFile,
        },
        { idempotencyKey: request.paymentId },
      ));
      return answerOf(answer);
    },

    /** The rest of a payment after an action (a redirect's `redirectResult`, PayPal's ids with `paymentData`). */
    async details(request: { details: Record<string, string>; paymentData?: string }): Promise<PspPaymentAnswer> {
      return answerOf(await checkout.PaymentsApi.paymentsDetails({ details: request.details, ...(request.paymentData ? { paymentData: request.paymentData } : {}) }));
    },

    /**
     * A hosted session's result: its status (`completed`, `refused`, …: domain/payment-outcome.ts
     * reads it) and the payments it authorised, each with its PSP reference and amount.
     */
    async sessionResult(sessionId: string, sessionResult: string): Promise<SessionResult> {
      const result = await checkout.PaymentsApi.getResultOfPaymentSession(sessionId, sessionResult);
      return {
        status: result.status ?? null,
        reference: result.reference ?? null,
        authorised: (result.payments ?? []).flatMap((payment) =>
          payment.pspReference && payment.amount ? [{ pspReference: payment.pspReference, amount: { value: payment.amount.value, currency: payment.amount.currency } }] : [],
        ),
      };
    },

    /**
     * Gives back a payment the shop does not keep (issue 29): a reversal — a cancel while it is
     * only authorised, a refund once captured (immediate capture is an account setting the shop
     * cannot see) — answered later by a CANCEL_OR_REFUND webhook. `reference` is the payment's
     * own merchant reference, so the webhook names the attempt it is about.
     */
    async reverse(request: { pspReference: string; reference: string; idempotencyKey: string }): Promise<void> {
      await idempotent(request.idempotencyKey, () =>
        checkout.ModificationsApi.refundOrCancelPayment(request.pspReference, { merchantAccount, reference: request.reference }, { idempotencyKey: request.idempotencyKey }),
      );
    },

    /**
     * Refunds part or all of a captured payment (issue 31: one withdrawal's amount). Answered
     * 201 `received`; the outcome comes later, a REFUND webhook (`success` true or false,
     * `originalReference` the payment) or, after a success, a REFUND_FAILED. `reference` is the
     * withdrawal's own (`100000042-W1`): Adyen sends it back as the webhook's `merchantReference`.
     * The Idempotency-Key makes a resent request the same refund. Answers the refund's own
     * pspReference, the one its webhooks carry.
     */
    async refund(request: RefundRequest): Promise<{ pspReference: string }> {
      const answer = await idempotent(request.idempotencyKey, () =>
        checkout.ModificationsApi.refundCapturedPayment(
          request.pspReference,
          { merchantAccount, amount: { value: request.amountCents, currency: 'EUR' }, reference: request.reference },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      // The library drops what it does not know and checks nothing: a 201 without it is no refund we can follow.
      if (!answer.pspReference) throw new Error(`payments: the refund ${request.reference} came without a pspReference`);
      return { pspReference: answer.pspReference };
    },

    /** The cards the PSP keeps for a shopper: the list is the PSP's, never a copy of ours. */
    async storedMethods(shopperReference: string): Promise<StoredPaymentMethod[]> {
      const answer = await checkout.RecurringApi.getTokensForStoredPaymentDetails(shopperReference, merchantAccount);
      return (answer.storedPaymentMethods ?? []).flatMap((method) =>
        method.id && method.type === 'scheme'
          ? [
              {
                id: method.id,
                brand: method.brand ?? 'card',
                lastFour: method.lastFour ?? '',
                expiryMonth: method.expiryMonth ?? '',
                expiryYear: method.expiryYear ?? '',
                holderName: method.holderName ?? null,
              },
            ]
          : [],
      );
    },

    /**
     * Drop-in's list (spec §7 "payment methods"): card with the shop's brands, PayPal, and the
     * shopper's stored cards, as Adyen answers it — the browser gets it unchanged.
     */
    async paymentMethods(request: { shopperReference: string; amountCents: number; language: Language }): Promise<unknown> {
      return checkout.PaymentsApi.paymentMethods({
        merchantAccount,
        shopperReference: request.shopperReference,
        amount: { value: request.amountCents, currency: 'EUR' },
        shopperLocale: SHOPPER_LOCALES[request.language],
        countryCode: 'IT',
        channel: checkoutTypes.PaymentMethodsRequest.ChannelEnum.Web,
        allowedPaymentMethods: ['scheme', 'paypal'],
      });
    },

    async deleteStoredMethod(id: string, shopperReference: string): Promise<void> {
      await checkout.RecurringApi.deleteTokenForStoredPaymentDetails(id, shopperReference, merchantAccount);
    },
  };
}

export type PaymentGateway = ReturnType<typeof createPaymentGateway>;

export type AdvancedPaymentRequest = {
  paymentId: string;
  reference: string;
  amountCents: number;
  /** Drop-in's `state.data.paymentMethod`, checked by the service (payment-method-data.ts). */
  paymentMethod: Record<string, string>;
  storePaymentMethod: boolean;
  returnUrl: string;
  origin: string;
  browserInfo: Record<string, unknown> | null;
  /** Drop-in's device fingerprint (`state.data.riskData`). */
  riskData: { clientData: string } | null;
  shopperIP: string | null;
  /** The order's billing address, in Adyen's shape. */
  billingAddress: PspAddress | null;
  shopperReference: string;
  shopperEmail: string;
  language: Language;
};

/** A refund of a captured payment (`POST /payments/{pspReference}/refunds`), in euros. */
export type RefundRequest = {
  /** The payment to refund: its pspReference. */
  pspReference: string;
  amountCents: number;
  /** The refund's own merchant reference (a withdrawal's, `100000042-W1`). */
  reference: string;
  /** `withdrawal-{uuid}`: sent again, the same refund. */
  idempotencyKey: string;
};

/** An address as Adyen's Checkout API takes it (all six fields required; country as ISO 3166-1 alpha-2). */
export type PspAddress = { street: string; houseNumberOrName: string; postalCode: string; city: string; stateOrProvince: string; country: string };

/** A hosted session's result (`GET /sessions/{id}?sessionResult=…`). */
export type SessionResult = { status: string | null; reference: string | null; authorised: { pspReference: string; amount: { value: number; currency: string } }[] };

/** What `/payments` and `/payments/details` answered, as far as the shop reads it. */
export type PspPaymentAnswer = {
  resultCode: string | null;
  pspReference: string | null;
  merchantReference: string | null;
  refusalReason: string | null;
  refusalReasonCode: string | null;
  /** The amount the PSP says it authorised, when it says. */
  amount: { value: number; currency: string } | null;
  /** What Drop-in must do next (3-D Secure, a redirect, PayPal): handed to it as Adyen gave it. */
  action: Record<string, unknown> | null;
};

function answerOf(answer: {
  resultCode?: unknown;
  pspReference?: string;
  merchantReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  amount?: { value?: number; currency?: string } | null;
  action?: unknown;
}): PspPaymentAnswer {
  return {
    amount: typeof answer.amount?.value === 'number' && typeof answer.amount.currency === 'string' ? { value: answer.amount.value, currency: answer.amount.currency } : null,
    resultCode: typeof answer.resultCode === 'string' ? answer.resultCode : null,
    pspReference: answer.pspReference ?? null,
    merchantReference: answer.merchantReference ?? null,
    refusalReason: answer.refusalReason ?? null,
    refusalReasonCode: answer.refusalReasonCode ?? null,
    action: answer.action && typeof answer.action === 'object' ? (answer.action as Record<string, unknown>) : null,
  };
}

/**
 * Whether a PSP error is the PSP saying no (a 4xx: our request was wrong), not the PSP being away.
 * A request still in progress (PaymentRequestInProgress) is neither: its outcome is to come.
 */
export function isRefusedRequest(error: unknown): boolean {
  return error instanceof adyen.HttpClientException && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}
