// @ts-check
// One virtual fan of `npm run bench:load`: a browser without JavaScript (its own cookies, one
// request per hop, redirects followed by the flow itself so that each hop is timed as its own
// step) and what the shop's answers told it: the items in its cart, the orders it was thanked for.
import { performance } from 'node:perf_hooks';
import { BROWSER_HEADERS } from './load.js';
import { CookieJar } from './session.js';

const REQUEST_TIMEOUT_MS = 60_000;

/** A flow that cannot go on: the answer was not the one it expects (counted as `unexpected`). */
export class FlowError extends Error {
  /** @override */
  name = 'FlowError';

  /** @param {string} message @param {boolean} [recorded] already counted by the recorder */
  constructor(message, recorded = false) {
    super(message);
    this.recorded = recorded;
  }
}

/** A request that got no answer (refused, reset, timed out): its outcome is unknown. */
export class NoAnswer extends Error {
  /** @override */
  name = 'NoAnswer';
}

/**
 * @typedef {{ status: number, location: URL | null, html: string, url: URL }} Answer
 * @typedef {{ method?: string, form?: Record<string, string>, multipart?: FormData, expect?: (answer: Answer) => boolean }} RequestInit
 */

export class Fan {
  jar = new CookieJar();
  /** Cart item ids the shop's answers told of (the cart page, a remove's 303, a checkout's). */
  cartItems = new Set();
  /** Items added (the shop answered 303) that no cart page has shown yet: a GET /cart went unanswered. */
  unseenAdds = 0;
  /** @type {{ id: string, items: number }[]} orders the fan was thanked for, with the items their cart had */
  orders = [];
  /** A request got no answer: what it did is unknown. */
  uncertain = false;
  /** Checkouts the shop answered with the PSP's page (an order placed) that never reached the thank-you page. */
  placedUnconfirmed = 0;
  /** @type {string | null} the saved address that bills (made before the clock) */
  addressId = null;

  /**
   * @param {string} baseUrl
   * @param {string} email
   * @param {import('./load-stats.js').StepRecorder} recorder  swapped between warm-up and the measured window
   */
  constructor(baseUrl, email, recorder) {
    this.baseUrl = baseUrl;
    this.email = email;
    this.recorder = recorder;
  }

  /**
   * One request, timed to the end of its body and recorded under `step`; a 3xx is returned, not
   * followed. `expect` false → FlowError (the status is recorded all the same).
   * @param {string} step
   * @param {string | URL} target  a path of the shop or a URL
   * @param {RequestInit} [init]
   * @returns {Promise<Answer>}
   */
  async request(step, target, { method, form, multipart, expect } = {}) {
    const url = new URL(target, this.baseUrl);
    /** @type {Record<string, string>} */
    const headers = { ...BROWSER_HEADERS, cookie: this.jar.header() };
    /** @type {BodyInit | undefined} */
    let body;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form);
    } else if (multipart) {
      body = multipart; // fetch sets the boundary
    }
    if (body) headers.origin = url.origin;
    const started = performance.now();
    const verb = method ?? (body ? 'POST' : 'GET');
    let status;
    let html;
    let location;
    try {
      let response;
      try {
        response = await fetch(url, { method: verb, headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      } catch (error) {
        if (!resentLikeABrowser(error)) throw error;
        this.recorder.resend(`${step} ${url.pathname}: ${describeError(error)}`);
        response = await fetch(url, { method: verb, headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      }
      this.jar.store(response.headers);
      status = response.status;
      location = response.headers.get('location');
      html = await response.text();
    } catch (error) {
      // A change sent without an answer may or may not have been made.
      if (body) this.uncertain = true;
      const message = `${step} ${url.pathname}: ${describeError(error)}`;
      this.recorder.failure('network', message, step);
      throw new NoAnswer(message);
    }
    this.recorder.request(step, performance.now() - started, status);
    const answer = { status, location: location ? new URL(location, url) : null, html, url };
    if (expect && !expect(answer)) {
      const where = answer.location ? ` → ${answer.location.pathname}${answer.location.search}` : '';
      const message = `${step} ${url.pathname}${url.search}: ${status}${where}`;
      this.recorder.failure('unexpected', message, step);
      throw new FlowError(message, true);
    }
    return answer;
  }
}

/** @param {string} path @returns {(answer: Answer) => boolean} a redirect (any 3xx) to that path */
export const redirectsTo = (path) => (answer) => answer.status >= 300 && answer.status < 400 && answer.location?.pathname === path;
/** @param {Answer} answer */
export const isOk = (answer) => answer.status === 200;

/**
 * The ids of the cart items a cart page lists (each item's remove form carries one).
 * @param {string} html
 */
export function cartItemIdsIn(html) {
  return new Set([...html.matchAll(/name="itemId" value="([0-9a-f-]{36})"/g)].map((match) => /** @type {string} */ (match[1])));
}

/**
 * What checkout's form posts without JavaScript, read from its page: the page's key and total,
 * the chosen billing address, every terms box ticked, the card.
 * @param {string} html
 * @returns {Record<string, string> | null} null when the page has no checkout form
 */
export function checkoutFormIn(html) {
  const value = (/** @type {string} */ name) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
  const checkoutKey = value('checkoutKey');
  if (!checkoutKey) return null;
  /** @type {Record<string, string>} */
  const form = { intent: 'pay', checkoutKey, paymentMethod: 'scheme' };
  const total = value('expectedTotalCents');
  if (total !== undefined) form.expectedTotalCents = total;
  const billing = /<input[^>]*name="billingAddressId"[^>]*checked=""[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (billing) form.billingAddressId = billing;
  for (const match of html.matchAll(/<input[^>]*type="checkbox"[^>]*name="((?:\w+Terms)|(?:\w+Declaration))"/g)) form[/** @type {string} */ (match[1])] = 'on';
  return form;
}

/**
 * The action of the hosted payment page's form ending in `suffix` (the simulator's `/card`).
 * @param {string} html
 * @param {string} suffix
 */
export function formActionIn(html, suffix) {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((match) => /** @type {string} */ (match[1]).replaceAll('&amp;', '&'));
  return actions.find((action) => action.split('?')[0]?.endsWith(suffix)) ?? null;
}

/**
 * Where a page asks the browser to go after a while (the payment return's "still checking":
 * `<meta http-equiv="refresh" content="2;url=…">`), or null.
 * @param {string} html
 */
export function refreshTargetIn(html) {
  const meta = /<meta[^>]*http-equiv="refresh"[^>]*>/i.exec(html)?.[0];
  const target = meta && /content="\d+;\s*url=([^"]+)"/i.exec(meta)?.[1];
  return target ? target.replaceAll('&amp;', '&') : null;
}

/** An error with its cause (fetch's "fetch failed" hides the reason there). @param {unknown} error */
/**
 * Whether a browser would send this request again by itself: its connection closed before any
 * answer (a keep-alive connection the proxy closed as it was reused, e.g. nginx's old workers at a
 * reload). Chromium and Firefox resend any request once in that case, POSTs included, when the
 * connection had been used before (Chromium's `HttpNetworkTransaction::ShouldResendRequest`); the
 * shop's posts carry submission or checkout keys so that a resent one does nothing twice, and the
 * reconciliation would show it if it did. undici's fetch resends nothing and does not say whether
 * the connection was reused: a closed or reset one counts (a refused connection, a timeout never).
 * @param {unknown} error
 */
export function resentLikeABrowser(error) {
  const cause = error instanceof Error ? /** @type {{ code?: unknown }} */ (error.cause) : undefined;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}

export function describeError(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
