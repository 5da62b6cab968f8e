import { shopContext } from '../../context';
import type { DropInReply } from '../../domain/drop-in-reply';
import { signedIn } from '../../.server/auth/guards';
import { readFormData } from '../../.server/http/form-data';
import type { Route } from './+types/drop-in-details';

function reply(body: DropInReply, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * Only the PSP away is ours (503). Not Drop-in's shape, or details the PSP refuses as a bad
 * request (a forged `redirectResult`), are the client's (400); not this fan's payment, 404.
 */
const STATUS_OF = { invalid: 400, refused: 400, 'not-found': 404, unavailable: 503 } as const;

/**
 * The rest of a Drop-in payment after its action (3-D Secure, PayPal; issue 14), secured: POST
 * `details` (Drop-in's `state.data`, as JSON). Settled like any other answer of the PSP, and
 * only for a payment of one of this fan's orders (else 404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const sent = (await readFormData(request)).get('details');
  let details: unknown;
  try {
    details = typeof sent === 'string' ? JSON.parse(sent) : null;
  } catch {
    details = null;
  }
  const state = details !== null && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  const { user, customer } = signedIn(context);
  const answered = await context
    .get(shopContext)
    .services.payments.dropIn.details({ details: state.details, paymentData: state.paymentData }, { customerId: customer.id, subject: user.subject });
  if (answered.ok) return reply(answered.value);
  return reply({ outcome: 'unavailable' }, STATUS_OF[answered.reason]);
}

