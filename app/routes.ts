import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.ts'),
  route('products', 'routes/products.tsx'),
  route('products/:id', 'routes/product-detail.tsx'),
  route('error', 'routes/error.tsx'),
  // The framework floor for `npm run bench`: a trivial page through the same stack.
  route('_bench/floor', 'routes/bench-floor.tsx'),
  route('language', 'routes/language.tsx'),
  // Sign-in (shop side): start, callback, sign-out.
  route('login', 'routes/login.tsx'),
  route('authorize', 'routes/authorize.tsx'),
  route('logout/do', 'routes/logout.tsx'),
  // The embedded sign-in service's own pages (oidc-provider interactions; URLs end with '/').
  route('sign-in/:uid', 'routes/sign-in.tsx'),
  route('sign-in/:uid/sign-up', 'routes/sign-up.tsx'),
  route('cart', 'routes/cart.tsx'),

  // Account: dashboard and profile completion (the spec's dashboard and add-user-info pages).
  route('account', 'routes/account.tsx'),
  route('account/profile/complete', 'routes/account-profile-complete.tsx'),

  // Address book and the address chooser (the spec's address pages of the sign-in service).
  route('account/addresses', 'routes/account-addresses.tsx'),
  route('account/addresses/new', 'routes/account-address-new.tsx'),
  route('account/addresses/choose', 'routes/account-address-chooser.tsx'),
  route('account/addresses/:addressId', 'routes/account-address-edit.tsx'),

  // Notify-me, and the mail it sends; /dev/* exists only outside production.
  route('products/:id/notify-me', 'routes/product-notify-me.tsx'),
  route('account/notify-me', 'routes/account-notify-me.tsx'),
  route('dev/outbox', 'routes/dev-outbox.tsx'),
  route('dev/stock', 'routes/dev-stock.tsx'),

  // Unknown paths go home (spec); it also keeps the root middleware running for every URL.
  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
