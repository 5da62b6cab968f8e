import { data, redirect } from 'react-router';
import { shopContext } from '../../context';
import { allowedProcesses } from '../../domain/configure';
import { pageAddress } from '../../domain/page-address';
import { configurableOf } from './configure.server';
import type { Route } from './+types/entry';

/**
 * `/products/{id}/configure` (spec §2 "configure entry"): goes on to the first process the
 * product allows — buy, or the coupon for a coupon-only membership — keeping the query
 * (`cartItem`, `buyFor`). An unknown product is a 404; a sold-out one goes back to its page,
 * which says so and offers notify-me.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const product = await context.get(shopContext).services.catalogue.getProductDetail(params.id);
  if (!product) throw data({ reason: 'product-not-found' }, { status: 404 });
  const [first] = allowedProcesses(configurableOf(product));
  const id = encodeURIComponent(product.id);
  if (!first) throw redirect(`/products/${id}`);
  throw redirect(`/products/${id}/configure/${first}${pageAddress(request.url).search}`);
}

/** Never rendered (the loader always redirects or throws): a page route, so the 404 is the shop's page, not JSON. */
export default function ConfigureEntry() {
  return null;
}
