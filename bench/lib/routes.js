// @ts-check
import { randomUUID } from 'node:crypto';
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
// - setup:    optional async (baseUrl, jar) => found, run once per server after the fan signed up
//             (e.g. put 10 items in the cart through the real form); what it answers is added to
//             what `path` functions get (e.g. the id of an item it made).

/**
 * @typedef {{ signInPath: string, [more: string]: string }} Found
 * @typedef {object} BenchRoute
 * @property {string} name
 * @property {string | ((found: Found) => string)} path
 * @property {'visitor' | 'sign-in' | 'fan'} [as]
 * @property {boolean} [hydrates]
 * @property {(baseUrl: string, jar: import('./session.js').CookieJar) => Promise<Record<string, string> | void>} [setup]
 */

/** A fixed key: the bench's form page is one that never made an item, so it renders, not redirects. */
export const BENCH_SUBMISSION_KEY = '6f1c2d4e-8a3b-4c5d-9e7f-0a1b2c3d4e5f';

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
  // My Membership (issue 15): links only; the bench fan has none, so its empty state.
  { name: 'my membership list', path: '/mymembership/manage', as: 'fan', hydrates: false },
  // The buyer data form for J1897 (issue 11): the bench fan's profile must be complete to see it.
  // A new item's form carries a submission key (issue 12); without one the page redirects to add it.
  { name: 'buy form', path: `/products/j1897/configure/buy?submission=${BENCH_SUBMISSION_KEY}`, as: 'fan', hydrates: true, setup: completeBenchProfile },
  // The cart with 10 items (issue 12), and the address page of the one that ships.
  { name: 'cart, 10 items', path: '/cart', as: 'fan', hydrates: true, setup: fillBenchCart },
  { name: 'item address page', path: (found) => found.shippedItemPath ?? '/cart', as: 'fan', hydrates: true },
  { name: 'temporary address form', path: (found) => `${found.shippedItemPath ?? '/cart'}/temporary`, as: 'fan', hydrates: true },
  // Checkout (issue 13) with that cart, once its shipped item has an address (else it redirects to /cart).
  { name: 'checkout', path: '/checkout', as: 'fan', hydrates: true, setup: shipBenchCartItem },
];

/**
 * The routes `--route` names (all of them when none is named), in the table's order.
 * @param {readonly string[]} names
 * @returns {BenchRoute[]}
 */
export function selectRoutes(names) {
  const unknown = names.filter((name) => !ROUTES.some((route) => route.name === name));
  if (unknown.length > 0) {
    throw new BenchError(`--route: no route named ${unknown.map((name) => JSON.stringify(name)).join(', ')}; the names are ${ROUTES.map((route) => JSON.stringify(route.name)).join(', ')}`);
  }
  return names.length === 0 ? ROUTES : ROUTES.filter((route) => names.includes(route.name));
}

/**
 * Completes the bench fan's profile through the real form (Bench Fan, born in Rome on
 * 1 January 1980: tax code FNABCH80A01H501C), as a purchase needs. Runs once per server
 * (also by `npm run bench:lighthouse`).
 * @param {string} baseUrl
 * @param {import('./session.js').CookieJar} jar
 */
export async function completeBenchProfile(baseUrl, jar) {
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

/** How many items the bench cart holds: gifts of Kids, and J1897 for the fan (which ships). */
export const BENCH_CART_ITEMS = 10;

/**
 * Adds one item through a new-item configure form (a fresh submission key, as the page has),
 * which answers with the cart.
 * @param {string} baseUrl
 * @param {import('./session.js').CookieJar} jar
 * @param {string} formPath
 * @param {Record<string, string>} fields
 */
export async function addToCart(baseUrl, jar, formPath, fields) {
  const added = await browse(jar, new URL(`${formPath}?submission=${randomUUID()}`, baseUrl).href, { method: 'POST', body: new URLSearchParams(fields) });
  if (added.status !== 200 || new URL(added.url).pathname !== '/cart') {
    throw new BenchError(`adding to the bench cart (${formPath}) failed: ${added.status} at ${new URL(added.url).pathname}: ${added.html.slice(0, 300)}`);
  }
  return added.html;
}

/**
 * Fills the bench fan's cart through the real configure forms: J1897 for the fan (it ships a
 * welcome pack, so it has an address page) and gifts of Kids to friends. Runs once per server,
 * after `completeBenchProfile` (also by `npm run bench:lighthouse`).
 * @param {string} baseUrl
 * @param {import('./session.js').CookieJar} jar
 * @returns {Promise<Record<string, string>>} the shipped item's address page (`shippedItemPath`)
 */
export async function fillBenchCart(baseUrl, jar) {
  const cart = await addToCart(baseUrl, jar, '/products/j1897/configure/buy', { buyFor: 'BUY_CARD' });
  const shippedItemPath = shippedItemPathIn(cart);
  if (!shippedItemPath) throw new BenchError('the bench cart shows no address page for J1897');
  for (let friend = 1; friend < BENCH_CART_ITEMS; friend += 1) {
    await addToCart(baseUrl, jar, '/products/kids/configure/gift', { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: `friend${friend}@example.org` });
  }
  return { shippedItemPath };
}

/**
 * Saves an address in Turin for the bench fan and ships the cart's J1897 there, through the real
 * forms, so that /checkout renders. Runs once per server, after `fillBenchCart` (or, in
 * `npm run bench:slow`, after one J1897 added with `addToCart`).
 * @param {string} baseUrl
 * @param {import('./session.js').CookieJar} jar
 */
export async function shipBenchCartItem(baseUrl, jar) {
  const address = { firstName: 'Bench', lastName: 'Fan', phone: '+39 333 1234567', countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' };
  const saved = await browse(jar, new URL('/account/addresses/new', baseUrl).href, { method: 'POST', body: new URLSearchParams(address) });
  if (saved.status !== 200) throw new BenchError(`saving the bench fan's address failed: ${saved.status} at ${new URL(saved.url).pathname}`);
  const itemPath = shippedItemPathIn((await browse(jar, new URL('/cart', baseUrl).href)).html);
  if (!itemPath) throw new BenchError('the bench cart shows no address page for J1897');
  const addressId = /name="addressId"[^>]*value="([0-9a-f-]{36})"/.exec((await browse(jar, new URL(itemPath, baseUrl).href)).html)?.[1];
  if (!addressId) throw new BenchError(`${itemPath} offers no saved address`);
  const shipped = await browse(jar, new URL(itemPath, baseUrl).href, { method: 'POST', body: new URLSearchParams({ intent: 'choose', addressId }) });
  if (shipped.status !== 200 || new URL(shipped.url).pathname !== '/cart') {
    throw new BenchError(`shipping the bench J1897 failed: ${shipped.status} at ${new URL(shipped.url).pathname}`);
  }
  // The memberships ask for the withdrawal waiver (the cart's checkbox, one form per item).
  for (const itemId of waiverItemsIn(shipped.html)) {
    const waived = await browse(jar, new URL('/cart', baseUrl).href, { method: 'POST', body: new URLSearchParams({ intent: 'waiver', itemId, waiver: 'on' }) });
    if (waived.status !== 200) throw new BenchError(`giving the waiver of cart item ${itemId} failed: ${waived.status}`);
  }
  const checkout = await browse(jar, new URL('/checkout', baseUrl).href);
  if (new URL(checkout.url).pathname !== '/checkout') throw new BenchError(`the bench cart cannot check out: /checkout went to ${new URL(checkout.url).pathname}`);
}

/**
 * The items whose waiver the cart page asks for (their waiver forms' `itemId`).
 * @param {string} html
 */
export function waiverItemsIn(html) {
  return [...html.matchAll(/name="itemId" value="([0-9a-f-]{36})"(?:(?!<\/form>)[\s\S])*?name="waiver"/g)].map((match) => /** @type {string} */ (match[1]));
}

/**
 * The address page (`/cart/<uuid>`) of the first item that ships, or null. Since issue 30 the cart
 * links only its temporary-address page (`/cart/<uuid>/temporary`); the item page is still served.
 * @param {string} html
 */
export function shippedItemPathIn(html) {
  // Either link, so that `--compare` with a build from before issue 30 finds it too.
  return /href="(\/cart\/[0-9a-f-]{36})(?:\/temporary)?"/.exec(html)?.[1] ?? null;
}

/** The route every other one is read against. */
export const FLOOR = 'floor';

/** Targets against the minimal React Router app (issues 10, 32): CPU per request, × the minimal app. */
export const FIXTURE_TARGETS = /** @type {Record<string, number>} */ ({ floor: 1.5, '/products': 3, 'cart, 10 items': 4 });

/** First-load budgets, gzip, 1 KB = 1000 bytes: JS for pages that hydrate / that do not, CSS for all. */
export const BUDGETS = { hydratingJsKB: 150, staticJsKB: 0, cssKB: 20 };
