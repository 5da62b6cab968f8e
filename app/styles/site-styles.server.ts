import accountCss from '../components/account/account.css?inline';
import addressCss from '../components/address/address.css?inline';
import cartCss from '../components/cart/cart.css?inline';
import checkoutCss from '../components/checkout/checkout.css?inline';
import configureCss from '../components/configure/configure.css?inline';
import followUpCss from '../components/follow-up/follow-up.css?inline';
import formsCss from '../components/form/forms.css?inline';
import membershipCss from '../components/memberships/membership.css?inline';
import notifyMeCss from '../components/notify-me/notify-me.css?inline';
import ordersCss from '../components/orders/orders.css?inline';
import appCss from './app.css?inline';
import type { SiteStylesText } from './sheets';
import carouselCss from './sheets/carousel.css?inline';
import catalogueCss from './sheets/catalogue.css?inline';
import componentsCss from './sheets/components.css?inline';
import priceCss from './sheets/price.css?inline';
import uiCss from './sheets/ui.css?inline';

/**
 * The shop's CSS as Vite built it (minified in production), for the server to inline: the base
 * sheet in every page, a page's own sheets in that page
 * (docs/decisions/performance.md, "CSS by route").
 * Not here: Drop-in's CSS (in its lazy chunk, loaded with it) and the reviewers' /dev/components
 * sheet (linked by that page).
 */
export const SITE_STYLES: SiteStylesText = {
  base: appCss,
  sheets: {
    components: componentsCss,
    price: priceCss,
    catalogue: catalogueCss,
    carousel: carouselCss,
    ui: uiCss,
    forms: formsCss,
    account: accountCss,
    address: addressCss,
    cart: cartCss,
    checkout: checkoutCss,
    configure: configureCss,
    'follow-up': followUpCss,
    membership: membershipCss,
    'notify-me': notifyMeCss,
    orders: ordersCss,
  },
};

/**
 * The `Link` header that preloads the body font's latin file, the one every page's text uses.
 * Its URL is read from the base sheet Vite built (hashed), so the preload always names the file
 * the `@font-face` rule asks for; a header, so the browser starts the download before the HTML
 * and no JavaScript carries it.
 */
const bodyFontUrl = /url\(["']?([^"')]*figtree-latin-wght-normal[^"')]*\.woff2)["']?\)/.exec(SITE_STYLES.base)?.[1];
export const FONT_PRELOAD_LINK = bodyFontUrl ? `<${bodyFontUrl}>; rel=preload; as=font; type="font/woff2"; crossorigin` : null;
