// @ts-check
// What `npm run bench` measures. Adding a page is one line here (see bench/README.md).
//
// - path:     the URL, or a function of what the bench found on the running server (the sign-in
//             page of a fresh interaction).
// - as:       whose cookies the requests carry: 'visitor' (none), 'sign-in' (a sign-in interaction
//             started at /login), 'fan' (a fan the bench signed up through the real pages).
// - hydrates: first-load JS budget: true → ≤ 150 KB gzip, false → 0 KB (no client behaviour);
//             omit for what is not a page (no weight measured).
// - setup:    optional async (baseUrl, jar) => void, run once per server after the fan signed up
//             (e.g. put 10 items in the cart through the real form).

/**
 * @typedef {{ signInPath: string }} Found
 * @typedef {object} BenchRoute
 * @property {string} name
 * @property {string | ((found: Found) => string)} path
 * @property {'visitor' | 'sign-in' | 'fan'} [as]
 * @property {boolean} [hydrates]
 * @property {(baseUrl: string, jar: import('./session.js').CookieJar) => Promise<void>} [setup]
 */

/** @type {BenchRoute[]} */
export const ROUTES = [
  // A file every build has (the site's CSS is inline since issue 10: the floor links none).
  { name: 'static asset', path: '/favicon.svg' },
  { name: '/healthz', path: '/healthz' },
  { name: 'floor', path: '/_bench/floor', hydrates: false },
  { name: '/products', path: '/products', hydrates: false },
  { name: 'product page', path: '/products/j1897', hydrates: false },
  { name: 'sign-in page', path: (found) => found.signInPath, as: 'sign-in', hydrates: true },
  { name: 'sign-up page', path: (found) => `${found.signInPath.replace(/\/?$/, '/')}sign-up`, as: 'sign-in', hydrates: true },
  { name: '/account', path: '/account', as: 'fan', hydrates: true },
  { name: 'profile form', path: '/account/profile/complete', as: 'fan', hydrates: true },
  { name: 'new address form', path: '/account/addresses/new', as: 'fan', hydrates: true },
  // Issue 11 (buy form) and 12 (cart) will add:
  // { name: 'buy form', path: '/products/j1897/buy', as: 'fan', hydrates: true },
  // { name: 'cart, 10 items', path: '/cart', as: 'fan', hydrates: true, setup: fillCart },
];

/** The route every other one is read against. */
export const FLOOR = 'floor';

/** Targets against the minimal React Router app (issue 10): CPU per request, × the minimal app. */
export const FIXTURE_TARGETS = /** @type {Record<string, number>} */ ({ floor: 1.5, '/products': 3 });

/** First-load budgets, gzip, 1 KB = 1000 bytes: JS for pages that hydrate / that do not, CSS for all. */
export const BUDGETS = { hydratingJsKB: 150, staticJsKB: 0, cssKB: 20 };
