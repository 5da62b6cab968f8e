// @ts-check
import { BenchError } from './server.js';
import { browse } from './session.js';
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
  // The buyer data form for J1897 (issue 11): the bench fan's profile must be complete to see it.
  { name: 'buy form', path: '/products/j1897/configure/buy', as: 'fan', hydrates: true, setup: completeBenchProfile },
  // Issue 12 (cart) will add:
  // { name: 'cart, 10 items', path: '/cart', as: 'fan', hydrates: true, setup: fillCart },
];

/**
 * Completes the bench fan's profile through the real form (Bench Fan, born in Rome on
 * 1 January 1980: tax code FNABCH80A01H501C), as a purchase needs. Runs once per server.
 * @param {string} baseUrl
 * @param {import('./session.js').CookieJar} jar
 */
async function completeBenchProfile(baseUrl, jar) {
  const form = new URLSearchParams({
    dob: '1980-01-01',
    gender: 'M',
    birthCountryCode: 'IT',
    birthProvinceCode: 'RM',
    birthCityCode: 'H501',
    taxCode: 'FNABCH80A01H501C',
  });
  const done = await browse(jar, new URL('/account/profile/complete', baseUrl).href, { method: 'POST', body: form });
  if (done.status !== 200 || new URL(done.url).pathname !== '/account') {
    throw new BenchError(`completing the bench fan's profile failed: ${done.status} at ${new URL(done.url).pathname}`);
  }
}

/** The route every other one is read against. */
export const FLOOR = 'floor';

/** Targets against the minimal React Router app (issue 10): CPU per request, × the minimal app. */
export const FIXTURE_TARGETS = /** @type {Record<string, number>} */ ({ floor: 1.5, '/products': 3 });

/** First-load budgets, gzip, 1 KB = 1000 bytes: JS for pages that hydrate / that do not, CSS for all. */
export const BUDGETS = { hydratingJsKB: 150, staticJsKB: 0, cssKB: 20 };
