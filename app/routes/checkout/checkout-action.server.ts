// The checkout form's POST (issue 13; fields in docs/forms.md). Every intent keeps the chosen
// billing address on the cart; `pay` places the order through the orders service, which checks
// everything again in its one transaction; the others change the voucher and show the page
// again with what the fan typed.
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, redirectDocument, type RouterContextProvider } from 'react-router';
import { CART_PATH } from '../../domain/cart-summary';
import type { Notice } from '../../domain/notice';
import { thankYouPath } from '../../domain/order-pages';
import { isPaymentMethod, payOrderPath, type PaymentMethod } from '../../domain/payment-attempt';
import { pagePath } from '../../domain/page-address';
import { profileCompletionHref } from '../../domain/profile-completeness';
import { isSubmissionKey } from '../../domain/submission-key';
import { voucherProblemMessage, voucherSchema } from '../../forms/cart';
import {
  acceptedTermsOf,
  CHECKOUT_MESSAGES,
  checkoutSchema,
  isCheckoutIntent,
  type CheckoutFormValues,
} from '../../forms/checkout';
import { clearStaleInvoicing, invoicingFromForm, invoicingProblemMessage } from '../../forms/checkout-invoicing';
import { fieldErrorsOf } from '../../forms/field-problems';
import { intentOf } from '../../forms/intent';
import { parseForm } from '../../forms/parse';
import { shopContext } from '../../context';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import type { CartOwner } from '../../.server/services/cart-contract';
import type { CheckoutField } from '../../.server/services/orders-contract';
import type { CartPageView } from '../../.server/services/cart-view-contract';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { submitVoucher } from '../cart/voucher-submit.server';
import { billingRefusalText, checkoutCart, checkoutRules } from './checkout.server';

type Context = Readonly<RouterContextProvider>;

/**
 * Sends the fan to pay a placed order on the PSP's hosted page (a full page load: it is another
 * site, or the simulator's pages outside the app). When the PSP cannot open a session the order
 * stays reserved, and its pay page says so and lets the fan try again.
 */
export async function payPlacedOrder(request: Request, context: Context, owner: CartOwner, orderId: string, method: PaymentMethod): Promise<Response> {
  const started = await context.get(shopContext).services.payments.startHosted(owner, { orderId, method, language: getLanguage(context) });
  if (started.ok) return redirectDocument(started.value.url, 303);
  if (started.reason === 'unavailable') return redirectWithNotice(request, context, payOrderPath(orderId), { key: 'payment:notice.unavailable' });
  // Another click's session is still being opened: never "the service is down" (the fan would pay again elsewhere); the next click gets that session.
  if (started.reason === 'in-progress') return redirectWithNotice(request, context, payOrderPath(orderId), { key: 'payment:notice.inProgress' });
  return redirect(payOrderPath(orderId), 303);
}

/** The service's field problems as the form's messages. */
function placementMessage(field: CheckoutField, problem: string): string {
  if (field === 'billingAddressId') {
    if (problem === 'notAvailableForProduct') return CHECKOUT_MESSAGES.billingNotAvailable;
    return problem === 'notFound' ? CHECKOUT_MESSAGES.billingNotFound : CHECKOUT_MESSAGES.billingRequired;
  }
  if (field === 'voucherCode') return voucherProblemMessage(field, problem);
  if (field === 'vatCountry') return invoicingProblemMessage('countryCode', problem);
  if (field === 'vatNumber' || field === 'receiverCode' || field === 'emailPec') return invoicingProblemMessage(field, problem);
  return CHECKOUT_MESSAGES.termRequired;
}

/**
 * The refusal of a billing address in a country where an item of the cart is not sold, naming
 * the items (the address read again: it is rare, and the page shows why before it is sent).
 */
async function billingNotSoldThere(context: Context, owner: CartOwner, view: CartPageView, addressId: string): Promise<string> {
  const address = (await context.get(shopContext).services.addresses.list(owner.customerId)).find((saved) => saved.id === addressId);
  const named = address ? billingRefusalText(view.lines, address.countryCode, getLanguage(context), getInstance(context).t, 'checkout:errors.billingNotSoldThere') : null;
  return named ?? CHECKOUT_MESSAGES.billingNotAvailable;
}

/** The expected total as sent: whole cents, or null for a request without it (curl). */
function expectedTotalOf(formData: FormData): number | null | 'invalid' {
  const sent = formData.get('expectedTotalCents');
  if (sent === null || sent === '') return null;
  return typeof sent === 'string' && /^\d{1,9}$/.test(sent) ? Number(sent) : 'invalid';
}

export async function checkoutAction(request: Request, context: Context) {
  const owner = signedInOwner(context);
  const { services } = context.get(shopContext);
  const formData = await readFormData(request);
  const intent = intentOf(formData) ?? 'pay';
  if (!isCheckoutIntent(intent)) throw data(null, { status: 400 });

  const billingAddressId = formData.get('billingAddressId');
  if (typeof billingAddressId === 'string' && billingAddressId !== '') {
    const kept = await services.cart.setBillingAddress(owner, billingAddressId);
    // Someone else's address is a 404, except when paying: the service names the field then.
    if (!kept.ok && intent !== 'pay') throw data(null, { status: 404 });
  }
  if (intent === 'billing') return { result: null, billingSaved: true };
  if (intent === 'pay') return pay(request, context, formData);

  await checkoutCart(request, context);
  if (intent === 'removeVoucher') {
    const removed = await services.cart.removeVoucher(owner);
    if (!removed.ok) throw data(null, { status: 404 });
    return { result: parseForm(formData, voucherSchema).reply({ fieldErrors: {} }), billingSaved: false };
  }
  const voucher = await submitVoucher(formData, owner, context);
  if (voucher.applied) return { result: voucher.reply, billingSaved: false };
  return data({ result: voucher.reply, billingSaved: false }, { status: voucher.status });
}

async function pay(request: Request, context: Context, formData: FormData) {
  const placement = await placeFromForm(request, context, formData);
  if (!placement.placed) return placement.answer;
  const { orderId, awaitingPayment, method } = placement.placed;
  // A change answers 303, as every other successful post: GET the thank-you page.
  if (!awaitingPayment) throw redirect(thankYouPath(orderId), 303);
  throw await payPlacedOrder(request, context, signedInOwner(context), orderId, method);
}

/** With the customer row the session read this request: the services check it instead of reading it again (issue 32). */
function signedInOwner(context: Context): CartOwner {
  const { user, customer } = signedIn(context);
  return { customerId: customer.id, subject: user.subject, customer };
}

/** The form again with the service's or the schema's messages. */
function formProblems(result: SubmissionResult<string[]>, status: 400 | 409) {
  return data({ result, billingSaved: false }, { status });
}

/** An order placed from the checkout form, or the page's answer when it cannot be (errors, a redirect). */
export type FormPlacement =
  | { placed: { orderId: string; awaitingPayment: boolean; method: PaymentMethod }; answer?: undefined }
  | { placed?: undefined; answer: ReturnType<typeof formProblems> | Response };

/**
 * Places the order from the checkout form, checked against the cart's rules as it is now: the
 * pay button's half that Hosted Checkout and Drop-in share. Sent twice, the cart is already an
 * order: nothing is then required, and the service answers the order this `checkoutKey` made.
 * Requests no browser form sends (a bad key) are thrown as 400s.
 */
export async function placeFromForm(request: Request, context: Context, formData: FormData): Promise<FormPlacement> {
  const owner = signedInOwner(context);
  const { services } = context.get(shopContext);
  const checkoutKey = formData.get('checkoutKey');
  const expectedTotalCents = expectedTotalOf(formData);
  if (typeof checkoutKey !== 'string' || !isSubmissionKey(checkoutKey) || expectedTotalCents === 'invalid') throw data(null, { status: 400 });

  const view = await services.cart.viewCart(owner);
  const submission = parseForm(formData, checkoutSchema(await checkoutRules(context, view)));
  clearStaleInvoicing(submission.payload as Record<string, unknown>);
  if (submission.status !== 'success') return { answer: formProblems(submission.reply(), 400) };
  const values: CheckoutFormValues = submission.value;

  const placed = await services.orders.place({
    owner,
    checkoutKey,
    language: getLanguage(context),
    billingAddressId: values.billingAddressId || null,
    invoicing: invoicingFromForm(values),
    acceptedTerms: acceptedTermsOf(values),
    expectedTotalCents,
  });
  if (placed.ok) {
    const method = isPaymentMethod(values.paymentMethod) ? values.paymentMethod : 'scheme';
    return { placed: { orderId: placed.value.orderId, awaitingPayment: placed.value.status === 'awaiting_payment', method } };
  }
  const toCart = (notice: Notice) => redirectWithNotice(request, context, CART_PATH, notice);
  switch (placed.reason) {
    case 'invalid': {
      const fieldErrors = fieldErrorsOf(placed.fields, placementMessage);
      if (placed.fields.billingAddressId === 'notAvailableForProduct') {
        fieldErrors.billingAddressId = [await billingNotSoldThere(context, owner, view, values.billingAddressId ?? '')];
      }
      return { answer: formProblems(submission.reply({ fieldErrors }), 400) };
    }
    case 'total-changed':
      return { answer: formProblems(submission.reply({ formErrors: ['checkout:errors.totalChanged'] }), 409) };
    case 'sold-out':
      return { answer: await toCart({ key: 'checkout:notice.soldOut', timing: 'cart' }) };
    case 'cart-not-ready':
      return { answer: await toCart({ key: `cart:blockers.${placed.blockers[0] ?? 'empty'}`, timing: 'cart' }) };
    case 'profile-incomplete':
      throw redirect(profileCompletionHref(pagePath(request.url)));
    case 'not-found':
      throw data(null, { status: 404 });
  }
}
