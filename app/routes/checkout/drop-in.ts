import { isRouteErrorResponse } from 'react-router';
import type { DropInReply } from '../../domain/drop-in-reply';
import { shopContext } from '../../context';
import { signedIn } from '../../.server/auth/guards';
import { clientIpOf } from '../../.server/http/client-ip';
import { readFormData } from '../../.server/http/form-data';
import { getLanguage } from '../../middleware/i18next';
import { placeFromForm } from './checkout-action.server';
import type { Route } from './+types/drop-in';

/** Drop-in's data is a few encrypted values: a JSON text of this size holds them many times over. */
const MAX_DROP_IN_DATA_LENGTH = 32 * 1024;

function reply(body: DropInReply | { paymentMethods: unknown }, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * Checkout's Drop-in (issue 14, the advanced flow; docs/forms.md "Drop-in"), secured.
 * GET: the payment methods Drop-in shows this fan, as the PSP lists them (saved cards included).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  // The session's customer row rides along: the services check it instead of reading it again.
  const owner = { customerId: customer.id, subject: user.subject, customer };
  const { services } = context.get(shopContext);
  const { totals } = await services.cart.viewCart(owner);
  const listed = await services.payments.dropIn.methods(owner, { amountCents: totals.totalCents, language: getLanguage(context) });
  if (!listed.ok) return reply({ outcome: 'unavailable' }, listed.reason === 'not-found' ? 404 : 503);
  return reply({ paymentMethods: listed.value });
}

/**
 * POST: the checkout form's fields, plus `dropInData` (Drop-in's `state.data`, as JSON) and
 * `attemptKey` (a UUID per press of pay). The order is placed exactly as the form's pay button
 * places it (same `checkoutKey`, so pressed twice it is one order), then paid with Drop-in's
 * data: one PSP payment per attempt key. When the form cannot become an order, the answer is
 * `resubmit`: the page then submits the form itself, whose answer shows why.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const dropInData = parseDropInData(formData.get('dropInData'));
  const attemptKey = formData.get('attemptKey');
  if (!dropInData || typeof attemptKey !== 'string') return reply({ outcome: 'resubmit' }, 400);

  let placement;
  try {
    placement = await placeFromForm(request, context, formData);
  } catch (thrown) {
    // A redirect (profile to complete) or a refusal of the request: the form's own submit shows it.
    if (thrown instanceof Response || isRouteErrorResponse(thrown) || isDataWithInit(thrown)) return reply({ outcome: 'resubmit' }, 409);
    throw thrown;
  }
  if (!placement.placed) return reply({ outcome: 'resubmit' }, 409);
  const { orderId, awaitingPayment } = placement.placed;
  const { user, customer } = signedIn(context);
  const owner = { customerId: customer.id, subject: user.subject };
  const { dropIn } = context.get(shopContext).services.payments;
  const press = {
    orderId,
    attemptKey,
    paymentMethod: dropInData.paymentMethod,
    storePaymentMethod: dropInData.storePaymentMethod === true,
    browserInfo: isObject(dropInData.browserInfo) ? dropInData.browserInfo : null,
    // Risk scoring and 3-D Secure 2: Drop-in's device fingerprint as sent (the service checks
    // its shape) and the fan's address as the shop trusts it (TRUST_PROXY).
    riskData: dropInData.riskData,
    shopperIP: shopperIpOf(context),
    language: getLanguage(context),
  };
  if (!awaitingPayment) {
    // Paid already (or free): nothing to pay, but an attempt key still answers only its own body.
    const used = await dropIn.answerForUsedKey(owner, press);
    if (!used.ok) return used.reason === 'conflict' ? reply({ outcome: 'resubmit' }, 422) : reply({ outcome: 'resubmit' }, 404);
    return reply(used.value ?? { orderId, outcome: 'authorised', action: null, refusal: null });
  }

  const paid = await dropIn.pay(owner, press);
  if (paid.ok) return reply(paid.value);
  switch (paid.reason) {
    case 'invalid':
      return reply({ outcome: 'resubmit' }, 400);
    case 'not-payable':
      return reply({ orderId, outcome: 'too-late', action: null, refusal: null });
    case 'not-found':
      return reply({ outcome: 'resubmit' }, 404);
    case 'conflict':
      // This attempt key was already used with another body: a replay or a client's bug, never the
      // page (a new key per press). Posting the form as without JavaScript shows where the order is.
      return reply({ outcome: 'resubmit' }, 422);
    case 'unavailable':
      return reply({ outcome: 'unavailable' }, 503);
  }
}

/** The client's address for the PSP, or null when the connection gave none. */
function shopperIpOf(context: Route.ActionArgs['context']): string | null {
  const ip = clientIpOf(context);
  if (ip === 'unknown') return null;
  // A dual-stack socket reports IPv4 clients as IPv4-mapped IPv6 (`::ffff:1.2.3.4`): Adyen's risk checks read the IPv4.
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1] ?? ip;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `data(…, { status })` thrown by the shared checks (a 400 for a bad key, a 404): React Router marks these with this `type` and exports no guard for it. */
function isDataWithInit(value: unknown): boolean {
  return isObject(value) && value.type === 'DataWithResponseInit';
}

function parseDropInData(sent: FormDataEntryValue | null): Record<string, unknown> | null {
  if (typeof sent !== 'string' || sent.length > MAX_DROP_IN_DATA_LENGTH) return null;
  try {
    const parsed: unknown = JSON.parse(sent);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
