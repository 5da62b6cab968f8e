import { data, redirect } from 'react-router';
import { shopContext } from '../../context';
import { renewalPath } from '../../domain/membership-follow-up';
import { signedIn } from '../../.server/auth/guards';
import type { Route } from './+types/renewal-entry';

/** A code longer than any the shop issues is nobody's: answered without asking the database. */
const MAX_CODE_LENGTH = 64;

/**
 * `/renewal?ms={membershipCode}` (spec §2: "/renewal opens the same screen"; the spec's renewal
 * data call takes the same `ms`), secured: the renewal page of that membership, its own product
 * for the next season. Without `ms`, My Membership, where each membership offers its renewal; a
 * membership that is not the fan's is the 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('ms')?.trim() ?? '';
  if (code === '') throw redirect('/mymembership/manage');
  const { user, customer } = signedIn(context);
  const owner = { customerId: customer.id, subject: user.subject };
  const productId = code.length > MAX_CODE_LENGTH ? null : await context.get(shopContext).services.cart.renewalProductOf(owner, code);
  if (productId === null) throw data({ reason: 'membership-not-found' }, { status: 404 });
  throw redirect(renewalPath(productId, code));
}

/** Never rendered (the loader always redirects or throws): a page route, so the 404 is the shop's page, not JSON. */
export default function RenewalEntry() {
  return null;
}
