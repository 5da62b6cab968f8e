import accountUrl from '../components/account/account.css?url';
import addressUrl from '../components/address/address.css?url';
import cartUrl from '../components/cart/cart.css?url';
import checkoutUrl from '../components/checkout/checkout.css?url';
import configureUrl from '../components/configure/configure.css?url';
import followUpUrl from '../components/follow-up/follow-up.css?url';
import formsUrl from '../components/form/forms.css?url';
import membershipUrl from '../components/memberships/membership.css?url';
import notifyMeUrl from '../components/notify-me/notify-me.css?url';
import ordersUrl from '../components/orders/orders.css?url';
import carouselUrl from './sheets/carousel.css?url';
import catalogueUrl from './sheets/catalogue.css?url';
import componentsUrl from './sheets/components.css?url';
import priceUrl from './sheets/price.css?url';
import uiUrl from './sheets/ui.css?url';

/**
 * The sheets a page may need beside the base sheet (styles/app.css, every page's), in cascade
 * order: the order they had as one sheet, which a page keeps whichever of them it takes (issue 32).
 * A route names its sheets in its `handle` (`styles`, root.tsx); a component of the layout that
 * only some pages show (a notice, an error screen) names its own with `PageSheets`.
 */
export const SHEET_NAMES = [
  'components',
  'price',
  'catalogue',
  'carousel',
  'ui',
  'forms',
  'account',
  'address',
  'cart',
  'checkout',
  'configure',
  'follow-up',
  'membership',
  'notify-me',
  'orders',
] as const;

export type SheetName = (typeof SHEET_NAMES)[number];

/**
 * Each sheet as a hashed, immutable file: what a client-side navigation links when the next page
 * needs a sheet the document does not hold yet (the server inlines them in the first page).
 */
export const SHEET_URLS: Record<SheetName, string> = {
  components: componentsUrl,
  price: priceUrl,
  catalogue: catalogueUrl,
  carousel: carouselUrl,
  ui: uiUrl,
  forms: formsUrl,
  account: accountUrl,
  address: addressUrl,
  cart: cartUrl,
  checkout: checkoutUrl,
  configure: configureUrl,
  'follow-up': followUpUrl,
  membership: membershipUrl,
  'notify-me': notifyMeUrl,
  orders: ordersUrl,
};

/** A flash notice (root layout, any page): a notice box (ui) styled by the components sheet. */
export const NOTICE_SHEETS: readonly SheetName[] = ['components', 'ui'];

/** What the server inlines (site-styles.server.ts): the base sheet, and the text of each sheet. */
export type SiteStylesText = { base: string; sheets: Record<SheetName, string> };

/** The names once each, in cascade order. */
export function inCascadeOrder(names: Iterable<SheetName>): SheetName[] {
  const wanted = new Set(names);
  return SHEET_NAMES.filter((name) => wanted.has(name));
}
