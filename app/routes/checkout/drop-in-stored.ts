import { shopContext } from '../../context';
import { signedIn } from '../../.server/auth/guards';
import { readFormData } from '../../.server/http/form-data';
import type { Route } from './+types/drop-in-stored';

/**
 * Spec "Checkout screen": a saved method's delete action, as Drop-in offers it (its remove
 * button), secured: POST `storedPaymentMethodId`. Only one of this fan's cards at the PSP
 * (else 404); deleted → 204. Without JavaScript cards are deleted at /account/payment-methods.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const id = (await readFormData(request)).get('storedPaymentMethodId');
  const { user, customer } = signedIn(context);
  if (typeof id !== 'string' || id === '') return new Response(null, { status: 400 });
  const deleted = await context.get(shopContext).services.payments.deleteStoredMethod({ customerId: customer.id, subject: user.subject }, id);
  if (deleted.ok) return new Response(null, { status: 204 });
  return new Response(null, { status: deleted.reason === 'not-found' ? 404 : 503 });
}
