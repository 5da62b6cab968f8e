import * as z from 'zod/mini';
import { isPaymentMethod } from '../domain/payment-attempt';

/** The pay page's form (issue 14; docs/forms.md "Pay an order"): how the fan pays; the order is the page's `orderId`. */
export const PAY_ORDER_MESSAGES = { methodRequired: 'paymentMethod:errors.required' } as const;

export const payOrderSchema = z
  .object({ paymentMethod: z.optional(z.string().check(z.trim(), z.maxLength(16, { abort: true }))) })
  .check(
    z.superRefine((parsed, context) => {
      if (!isPaymentMethod(parsed.paymentMethod)) context.addIssue({ code: 'custom', path: ['paymentMethod'], message: PAY_ORDER_MESSAGES.methodRequired });
    }),
  );
