import { redirect } from 'react-router';
import { pageAddress } from '../../domain/page-address';
import { REDEEM_GIFT_PATH } from '../../domain/gift-delivery';
import type { Route } from './+types/reedem-gift';

/** `/reedem-gift` (spec §2 lists both spellings): the redeem page with the same query, which then asks for sign-in. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`${REDEEM_GIFT_PATH}${pageAddress(request.url).search}`, 301);
}
