import adyen from '@adyen/api-library';
import type { Language } from '../../domain/catalogue-types';
import type { PaymentMethod } from '../../domain/payment-attempt';
import type { PaymentsConfig } from './config';
import { checkoutApi } from './http-client';

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
 * No business rules here: the payments service decides what to call and when.
 */
export function createPaymentGateway(config: PaymentsConfig) {
  const checkout = checkoutApi(config);
  const { merchantAccount } = config;

  return {
    /** A Hosted Checkout session for one attempt (no JavaScript on our page): where to send the fan. */
    async createHostedSession(request: HostedSessionRequest): Promise<{ id: string; url: string }> {
      const session = await checkout.PaymentsApi.sessions(
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
      );
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
      const answer = await checkout.PaymentsApi.payments(
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
          ...(stored
            ? { shopperInteraction: checkoutTypes.PaymentRequest.ShopperInteractionEnum.ContAuth, captureDelayHours: 0 }
            : { shopperInteraction: checkoutTypes.PaymentRequest.ShopperInteractionEnum.Ecommerce, storePaymentMethod: request.storePaymentMethod }),
          recurringProcessingModel: checkoutTypes.PaymentRequest.RecurringProcessingModelEnum.CardOnFile,
        },
        { idempotencyKey: request.paymentId },
      );
      return answerOf(answer);
    },

    /** The rest of a payment after an action (a redirect's `redirectResult`, PayPal's ids with `paymentData`). */
    async details(request: { details: Record<string, string>; paymentData?: string }): Promise<PspPaymentAnswer> {
      return answerOf(await checkout.PaymentsApi.paymentsDetails({ details: request.details, ...(request.paymentData ? { paymentData: request.paymentData } : {}) }));
    },

    /** A hosted session's result status (`completed`, `refused`, …): domain/payment-outcome.ts reads it. */
    async sessionStatus(sessionId: string, sessionResult: string): Promise<string | undefined> {
      const result = await checkout.PaymentsApi.getResultOfPaymentSession(sessionId, sessionResult);
      return result.status;
    },

    /**
     * Undoes a payment the shop cannot keep. By the PSP's reference it is a reversal — a cancel
     * while the payment is only authorised, a refund once it is captured (immediate capture is
     * an account setting: the shop cannot know) — answered by a CANCEL_OR_REFUND webhook; without
     * one, a cancel by our reference (a TECHNICAL_CANCEL webhook).
     */
    async cancel(request: { pspReference: string | null; reference: string; idempotencyKey: string }): Promise<void> {
      if (request.pspReference) {
        await checkout.ModificationsApi.refundOrCancelPayment(
          request.pspReference,
          { merchantAccount, reference: request.reference },
          { idempotencyKey: request.idempotencyKey },
        );
      } else {
        await checkout.ModificationsApi.cancelAuthorisedPayment(
          { merchantAccount, paymentReference: request.reference, reference: `cancel-${request.reference}` },
          { idempotencyKey: request.idempotencyKey },
        );
      }
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
  shopperReference: string;
  shopperEmail: string;
  language: Language;
};

/** What `/payments` and `/payments/details` answered, as far as the shop reads it. */
export type PspPaymentAnswer = {
  resultCode: string | null;
  pspReference: string | null;
  merchantReference: string | null;
  refusalReason: string | null;
  refusalReasonCode: string | null;
  /** What Drop-in must do next (3-D Secure, a redirect, PayPal): handed to it as Adyen gave it. */
  action: Record<string, unknown> | null;
};

function answerOf(answer: { resultCode?: unknown; pspReference?: string; merchantReference?: string; refusalReason?: string; refusalReasonCode?: string; action?: unknown }): PspPaymentAnswer {
  return {
    resultCode: typeof answer.resultCode === 'string' ? answer.resultCode : null,
    pspReference: answer.pspReference ?? null,
    merchantReference: answer.merchantReference ?? null,
    refusalReason: answer.refusalReason ?? null,
    refusalReasonCode: answer.refusalReasonCode ?? null,
    action: answer.action && typeof answer.action === 'object' ? (answer.action as Record<string, unknown>) : null,
  };
}

/** Whether a PSP error is the PSP saying no (a 4xx: our request was wrong), not the PSP being away. */
export function isRefusedRequest(error: unknown): boolean {
  return error instanceof adyen.HttpClientException && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}
