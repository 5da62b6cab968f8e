import * as z from 'zod/mini';
import { MAX_VOUCHER_INPUT_LENGTH, voucherCodeProblem } from '../domain/voucher';
import { FIELD_MESSAGES as M } from './messages';

/**
 * The cart page's forms (issue 12; fields in docs/forms.md). Each is a small POST to `/cart`
 * told apart by `intent`: `remove` and `waiver` carry `itemId`; `address` carries `itemId` and
 * `addressId` (issue 30); `voucher` carries `voucherCode`; `removeVoucher` nothing else. The
 * item forms need no schema of the browser's: they have no field to type in. The voucher's is
 * shared, so the browser says "too long" before sending.
 */
export const CART_INTENTS = ['remove', 'waiver', 'address', 'voucher', 'removeVoucher'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export function isCartIntent(value: string | null): value is CartIntent {
  return value !== null && (CART_INTENTS as readonly string[]).includes(value);
}

/** Why an item cannot ship to the chosen address (the cart service's `addressId` problems), as message keys. */
const ITEM_ADDRESS_MESSAGES: Readonly<Record<string, string>> = {
  required: 'cart:errors.address.required',
  restrictedCountry: 'cart:errors.address.restrictedCountry',
  notAvailableForProduct: 'cart:errors.address.notAvailableForProduct',
  notNeeded: 'cart:errors.address.notNeeded',
};

export function itemAddressMessage(problem: string): string {
  return ITEM_ADDRESS_MESSAGES[problem] ?? M.dataNotValid;
}

/** The voucher's reasons (domain/voucher and the cart service) as message keys. */
const VOUCHER_MESSAGES: Readonly<Record<string, string>> = {
  required: M.required,
  tooLong: 'cart:errors.voucher.tooLong',
  invalid: 'cart:errors.voucher.invalid',
  unknown: 'cart:errors.voucher.unknown',
  notYetValid: 'cart:errors.voucher.notYetValid',
  expired: 'cart:errors.voucher.expired',
  usedUp: 'cart:errors.voucher.usedUp',
  notApplicable: 'cart:errors.voucher.notApplicable',
  'too-many-attempts': 'cart:errors.voucher.tooManyAttempts',
};

export function voucherProblemMessage(_field: string, problem: string): string {
  return VOUCHER_MESSAGES[problem] ?? M.dataNotValid;
}


export const voucherSchema = z.object({
  voucherCode: z.string({ error: M.required }).check(
    z.maxLength(MAX_VOUCHER_INPUT_LENGTH, { error: VOUCHER_MESSAGES.tooLong }),
    z.superRefine((typed, check) => {
      const problem = voucherCodeProblem(typed);
      if (problem) check.addIssue({ code: 'custom', message: voucherProblemMessage('voucherCode', problem) });
    }),
  ),
});

/** The waiver checkbox: `waiver=on` asks for the service to start at once; absent withdraws the request. */
export function waiverRequested(formData: FormData): boolean {
  return formData.get('waiver') === 'on';
}
