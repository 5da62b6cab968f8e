// The voucher box's POST, for the cart and the checkout page alike (issue 12/13): the code
// checked by the form's schema, then applied by the cart service; how each page answers is its own.
import type { SubmissionResult } from '@conform-to/react';
import { data, type RouterContextProvider } from 'react-router';
import { voucherProblemMessage, voucherSchema } from '../../forms/cart';
import { fieldErrorsOf } from '../../forms/field-problems';
import { parseForm } from '../../forms/parse';
import { shopContext } from '../../context';
import { clientIpOf } from '../../.server/http/client-ip';
import type { CartOwner } from '../../.server/services/cart-contract';
import type { ApplyVoucherResult } from '../../.server/services/cart-view-contract';

type Applied = Extract<ApplyVoucherResult, { ok: true }>['value'];

export type VoucherSubmit =
  | { applied: true; voucher: Applied; reply: SubmissionResult<string[]> }
  /** Refused: the form's reply (the code's problem under `voucherCode`) and the status to answer (429 for too many attempts). */
  | { applied: false; reply: SubmissionResult<string[]>; status: 400 | 429 };

/** Applies the typed `voucherCode` to the owner's cart. A cart that is gone is a 404. */
export async function submitVoucher(formData: FormData, owner: CartOwner, context: Readonly<RouterContextProvider>): Promise<VoucherSubmit> {
  const submission = parseForm(formData, voucherSchema);
  if (submission.status !== 'success') return { applied: false, reply: submission.reply(), status: 400 };
  const applied = await context.get(shopContext).services.cart.applyVoucher(owner, submission.value.voucherCode, { ip: clientIpOf(context) });
  if (applied.ok) return { applied: true, voucher: applied.value, reply: submission.reply() };
  if (applied.reason === 'not-found') throw data(null, { status: 404 });
  const reply = submission.reply({ fieldErrors: fieldErrorsOf(applied.fields, voucherProblemMessage) });
  return { applied: false, reply, status: applied.reason === 'too-many-attempts' ? 429 : 400 };
}
