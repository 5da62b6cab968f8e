import * as z from 'zod/mini';
import { TERM_NAMES, type TermName } from '../domain/checkout-terms';
import { invoicingShape, reportInvoicingProblems } from './checkout-invoicing';
import { isPaymentMethod } from '../domain/payment-attempt';
import { MAX_VOUCHER_INPUT_LENGTH } from '../domain/voucher';
import { FORMAT_ONLY, type IsCountry } from '../domain/vat-invoicing';

/**
 * The checkout form (issue 13; fields in docs/forms.md): one `<form>` posting to `/checkout`,
 * so whatever the fan typed travels with every button and comes back when the page is shown
 * again. `intent` tells the buttons apart:
 * - `pay` places the order (the only intent that validates the whole form) and, when it costs
 *   something, sends the fan to pay it with `paymentMethod` on the PSP's page;
 * - `voucher` applies `voucherCode`, `removeVoucher` takes the voucher off;
 * - `billing` only keeps the chosen address (with JavaScript, sent by itself a second after a choice).
 * Every intent keeps the chosen `billingAddressId` on the cart (the no-JavaScript way to
 * choose it). Hidden fields: `checkoutKey` (this attempt's idempotency key) and
 * `expectedTotalCents` (the total the page showed: a changed total is not charged unseen).
 */
export const CHECKOUT_INTENTS = ['pay', 'voucher', 'removeVoucher', 'billing'] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];
export const PAY_INTENT = 'pay' satisfies CheckoutIntent;

export function isCheckoutIntent(value: string | null): value is CheckoutIntent {
  return value !== null && (CHECKOUT_INTENTS as readonly string[]).includes(value);
}

export const CHECKOUT_MESSAGES = {
  billingRequired: 'checkout:errors.billingRequired',
  billingNotFound: 'checkout:errors.billingNotFound',
  billingNotAvailable: 'checkout:errors.billingNotAvailable',
  termRequired: 'checkout:errors.termRequired',
  voucherUsedUp: 'cart:errors.voucher.usedUp',
  paymentMethodRequired: 'paymentMethod:errors.required',
} as const;

/** Field names in page order: the error summary lists them so. */
export const CHECKOUT_FIELD_ORDER = [
  'billingAddressId',
  'invoiceWithVat',
  'vatCountry',
  'vatNumber',
  'receiverCode',
  'emailPec',
  'paymentMethod',
  'voucherCode',
  ...TERM_NAMES,
] as const;
export type CheckoutFormField = (typeof CHECKOUT_FIELD_ORDER)[number];

/**
 * What the checkout form's rules depend on: the cart's total and the terms its content calls for;
 * on the server also the country list (`isCountry`, so `ZZ` is refused). The browser leaves it
 * out: the list stays out of its bundle, and the page's select offers real countries alone.
 * `billingRequired` (domain/billing.ts `isBillingAddressRequired`): also for a cart that costs
 * nothing when an item's country rule is answered by the billing address; unset, to pay.
 */
export type CheckoutRules = { totalCents: number; terms: readonly TermName[]; billingRequired?: boolean; isCountry?: IsCountry };

/** A saved address's id is a UUID; anything longer is not one and is never echoed whole. */
const MAX_ADDRESS_ID_LENGTH = 36;

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { abort: true })));

const checkoutFields = z.object({
  billingAddressId: optionalText(MAX_ADDRESS_ID_LENGTH),
  ...invoicingShape,
  /** How the fan pays (`scheme` or `paypal`) when there is something to pay. */
  paymentMethod: optionalText(16),
  voucherCode: optionalText(MAX_VOUCHER_INPUT_LENGTH),
  ...(Object.fromEntries(TERM_NAMES.map((name) => [name, optionalText(2)])) as Record<TermName, ReturnType<typeof optionalText>>),
});

export type CheckoutFormValues = z.infer<typeof checkoutFields>;

/**
 * The schema of a pay submit for this cart (browser and action alike): a billing address when
 * the cart needs one, the invoicing rules, and every term shown ticked.
 */
export function checkoutSchema({ totalCents, terms, billingRequired = totalCents > 0, isCountry = FORMAT_ONLY }: CheckoutRules) {
  return checkoutFields.check(
    z.superRefine((parsed, context) => {
      if (billingRequired && !parsed.billingAddressId) {
        context.addIssue({ code: 'custom', path: ['billingAddressId'], message: CHECKOUT_MESSAGES.billingRequired });
      }
      reportInvoicingProblems(parsed, totalCents, isCountry, context);
      if (totalCents > 0 && !isPaymentMethod(parsed.paymentMethod)) {
        context.addIssue({ code: 'custom', path: ['paymentMethod'], message: CHECKOUT_MESSAGES.paymentMethodRequired });
      }
      for (const name of terms) {
        if (parsed[name] !== 'on') context.addIssue({ code: 'custom', path: [name], message: CHECKOUT_MESSAGES.termRequired });
      }
    }),
  );
}

/** The names of the terms boxes a submit ticked. */
export function acceptedTermsOf(values: CheckoutFormValues): Set<string> {
  return new Set(TERM_NAMES.filter((name) => values[name] === 'on'));
}
