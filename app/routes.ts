import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

// The URL map. Screens are grouped by area under routes/; per-screen server code sits beside
// its route as *.server.ts. Secured screens sit under routes/secured.tsx, whose middleware
// requires a signed-in customer (layouts add no URL segment).
export default [
  index('routes/site/home.ts'),
  route('error', 'routes/site/error.tsx'),
  route('language', 'routes/site/language.tsx'),
  // The framework floor for `npm run bench`: a trivial page through the same stack.
  route('_bench/floor', 'routes/site/bench-floor.tsx'),

  // Catalogue (public).
  route('products', 'routes/catalogue/products.tsx'),
  route('products/:id', 'routes/catalogue/product-detail.tsx'),

  // Sign-in (shop side): start, callback, sign-out.
  route('login', 'routes/auth/login.tsx'),
  route('authorize', 'routes/auth/authorize.tsx'),
  route('logout/do', 'routes/auth/logout.tsx'),
  // The embedded sign-in service's own pages (oidc-provider interactions; URLs end with '/').
  // The mailed link that trusts a browser for an account (a static segment: it wins over `:uid`).
  route('sign-in/trust', 'routes/auth/trust-browser.tsx'),
  route('sign-in/:uid', 'routes/auth/sign-in.tsx'),
  route('sign-in/:uid/sign-up', 'routes/auth/sign-up.tsx'),

  // The texts the terms checkboxes accept (issue 30), public: `termsId` is domain/terms-pages.ts's.
  route('terms/:termsId', 'routes/terms/terms.tsx'),
  // The model withdrawal form (issue 31), printable; a static segment, so it wins over `:termsId`.
  route('terms/withdrawal-form', 'routes/terms/withdrawal-form.tsx'),

  // Payment (issue 14), public as the spec says: the page to pay an order (again).
  route('payment', 'routes/payment/pay-order.tsx'),

  layout('routes/secured.tsx', [
    // After checkout (spec: /thankyou?orderId=…, also written /thankYou: paths match whatever the
    // case, so one route answers both), and the return from the PSP's hosted page (`{process}`:
    // card, paypal or default). Secured (spec): signed out, sign in and come back.
    route('thankyou', 'routes/orders/thank-you.tsx'),
    route('paymentgateway/:process', 'routes/payment/payment-return.tsx'),
    route('products/:id/notify-me', 'routes/catalogue/notify-me.tsx'),
    // Configure and add to cart: the entry picks the process; `cartItem` and `buyFor` are query parameters.
    route('products/:id/configure', 'routes/configure/entry.tsx'),
    route('products/:id/configure/:process', 'routes/configure/configure.tsx'),
    // Upgrade a membership (issue 15): `id` is the target product, `membershipCode` the membership; `cartItem` edits.
    route('products/:id/upgrade/:membershipCode', 'routes/follow-up/upgrade.tsx'),
    // Renew a membership: `id` is the product bought for the next season; `/renewal?ms=` leads there.
    route('products/:id/renewal/:membershipCode', 'routes/follow-up/renewal.tsx'),
    route('renewal', 'routes/follow-up/renewal-entry.tsx'),
    route('coupon', 'routes/configure/coupon-entry.tsx'),
    // The buyer form's on-blur tax code check (JSON).
    route('configure/tax-code', 'routes/configure/tax-code-check.ts'),
    route('cart', 'routes/cart/cart.tsx'),
    // A cart item's shipping address (`address_id` on the way back from the address chooser).
    route('cart/:itemId', 'routes/cart/item-address.tsx'),
    route('cart/:itemId/temporary', 'routes/cart/item-temporary-address.tsx'),
    route('checkout', 'routes/checkout/checkout.tsx'),
    // Checkout's Drop-in (JSON): its payment methods, pay, the details after an action, deleting a saved card.
    route('checkout/drop-in', 'routes/checkout/drop-in.ts'),
    route('checkout/drop-in/details', 'routes/checkout/drop-in-details.ts'),
    route('checkout/drop-in/stored', 'routes/checkout/drop-in-stored.ts'),
    // A gift's link (issue 15): `code` is the membership's, `giftCode` the secret mailed with it.
    route('redeem-gift', 'routes/gift/redeem-gift.tsx'),
    // New identity documents for a paid club card, from the mail that asks for them (`id`, `hash`).
    route('reload-docs', 'routes/orders/reload-docs.tsx'),

    // My Membership (issue 15): the list (`?tab=`), a membership's page (`id` is its code) and its
    // two sections; any other section is a 404 (not the catch-all's redirect home).
    ...prefix('mymembership/manage', [
      index('routes/memberships/list.tsx'),
      route(':id', 'routes/memberships/detail.tsx'),
      route(':id/upgrade', 'routes/memberships/upgrade.tsx'),
      route(':id/renewal', 'routes/memberships/renewal.tsx'),
      route(':id/:section', 'routes/memberships/unknown-section.tsx'),
    ]),

    // Account: the spec's dashboard, add-user-info, the address pages of its sign-in service.
    ...prefix('account', [
      index('routes/account/dashboard.tsx'),
      route('profile/complete', 'routes/account/profile-complete.tsx'),
      route('notify-me', 'routes/account/notify-me.tsx'),
      // The fan's saved cards, as the PSP keeps them, each deletable (issue 14).
      route('payment-methods', 'routes/account/payment-methods.tsx'),
      // The fan's orders and each one's receipt (`orderId` is the order's uuid).
      ...prefix('orders', [
        index('routes/account/orders/list.tsx'),
        route(':orderId', 'routes/account/orders/receipt.tsx'),
        // Withdrawing items of it (issue 31): the choice, then the confirmation.
        route(':orderId/withdrawal', 'routes/account/orders/withdrawal.tsx'),
      ]),
      ...prefix('addresses', [
        index('routes/account/addresses/list.tsx'),
        route('new', 'routes/account/addresses/new.tsx'),
        route('choose', 'routes/account/addresses/choose.tsx'),
        route(':addressId', 'routes/account/addresses/edit.tsx'),
      ]),
    ]),
  ]),

  // Support pages; they exist only outside production.
  ...prefix('dev', [
    route('outbox', 'routes/dev/outbox.tsx'),
    route('stock', 'routes/dev/stock.tsx'),
    route('coupons', 'routes/dev/coupons.tsx'),
    route('vouchers', 'routes/dev/vouchers.tsx'),
    route('reload-docs', 'routes/dev/reload-docs.tsx'),
    // Every component of the library, for reviewers (issue 16); the dialog's page without JavaScript.
    route('components', 'routes/dev/components.tsx'),
    route('components/dialog', 'routes/dev/components-dialog.tsx'),
    // A 500 on purpose, for the error page's tests (issue 30).
    route('fail', 'routes/dev/fail.tsx'),
  ]),

  // The spec's misspelt gift link: the same page (query kept), so links already sent still work.
  route('reedem-gift', 'routes/gift/reedem-gift.ts'),

  // Unknown paths go home (spec); it also keeps the root middleware running for every URL.
  route('*', 'routes/site/catch-all.ts'),
] satisfies RouteConfig;
