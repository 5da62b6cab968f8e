// @ts-check
// The pure parts of `npm run bench:load` (bench/load.js): choosing a fan's next scenario, the
// per-step timings and failures, and the reconciliation of what the fans were told against what
// the database holds. No I/O here: load-stats.test.js covers it.
import { percentile } from './in-process.js';

/** The mix: 60 % browse the catalogue, 30 % configure and edit a cart, 10 % check out and pay. */
export const MIX = Object.freeze([
  { scenario: 'browse', weight: 60 },
  { scenario: 'cart', weight: 30 },
  { scenario: 'checkout', weight: 10 },
]);

/**
 * The scenario a draw in [0, 1) falls on, by cumulative weight.
 * @template {string} Name
 * @param {readonly { scenario: Name, weight: number }[]} mix
 * @param {number} draw
 * @returns {Name}
 */
export function pickScenario(mix, draw) {
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  let point = draw * total;
  for (const entry of mix) {
    if (point < entry.weight) return entry.scenario;
    point -= entry.weight;
  }
  const last = mix.at(-1);
  if (!last) throw new Error('an empty mix');
  return last.scenario;
}

/**
 * A small seeded generator (mulberry32), so that a run's choices can be repeated with `--seed`.
 * @param {number} seed
 * @returns {() => number} draws in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many failure messages a recorder keeps as examples (the counts are always complete). */
const EXAMPLES_KEPT = 12;

/**
 * Every request's step, time and status; failures by kind. A `5xx` is a server error (target 0);
 * `unexpected` an answer the flow did not expect (a status or redirect); `network` no answer at all.
 */
export class StepRecorder {
  /** @type {Map<string, { ms: number[], statuses: Map<number, number> }>} */
  steps = new Map();
  requests = 0;
  serverErrors = 0;
  /** @type {{ unexpected: number, network: number }} */
  errors = { unexpected: 0, network: 0 };
  /** Requests sent again after their connection closed with no answer, as a browser does (load-fan.js). */
  resent = 0;
  /** @type {string[]} */
  examples = [];
  /** @type {Map<string, number[]>} */
  scenarios = new Map();

  /** @param {string} step @param {number} ms @param {number} status */
  request(step, ms, status) {
    const entry = this.steps.get(step) ?? { ms: [], statuses: new Map() };
    entry.ms.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    this.steps.set(step, entry);
    this.requests += 1;
    if (status >= 500) {
      this.serverErrors += 1;
      this.#example(`${step}: ${status}`);
    }
  }

  /** @type {Map<string, number>} failures by kind and step ("network GET /products") */
  failuresByStep = new Map();

  /** @param {'unexpected' | 'network'} kind @param {string} message @param {string} [step] */
  failure(kind, message, step = '(flow)') {
    this.errors[kind] += 1;
    const key = `${kind} ${step}`;
    this.failuresByStep.set(key, (this.failuresByStep.get(key) ?? 0) + 1);
    this.#example(`${kind}: ${message}`);
  }

  /** A request sent again on a new connection (its reused one closed with no answer). @param {string} message */
  resend(message) {
    this.resent += 1;
    this.#example(`sent again: ${message}`);
  }

  /** A whole scenario's time (every step of it, think time excluded). @param {string} name @param {number} ms */
  scenario(name, ms) {
    const list = this.scenarios.get(name) ?? [];
    list.push(ms);
    this.scenarios.set(name, list);
  }

  /** @param {string} text */
  #example(text) {
    if (this.examples.length < EXAMPLES_KEPT) this.examples.push(text.slice(0, 300));
  }
}

/**
 * What a run's recorder amounts to over `seconds` of wall time.
 * @param {StepRecorder} recorder
 * @param {number} seconds
 */
export function summariseRecorder(recorder, seconds) {
  const steps = [...recorder.steps].map(([step, { ms, statuses }]) => ({
    step,
    count: ms.length,
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    maxMs: ms.length > 0 ? Math.max(...ms) : null,
    statuses: Object.fromEntries([...statuses].toSorted(([a], [b]) => a - b)),
  }));
  const scenarios = [...recorder.scenarios].map(([scenario, ms]) => ({ scenario, count: ms.length, p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99) }));
  return {
    seconds,
    requests: recorder.requests,
    requestsPerSecond: seconds > 0 ? recorder.requests / seconds : null,
    serverErrors: recorder.serverErrors,
    errors: { ...recorder.errors },
    resentLikeABrowser: recorder.resent,
    failuresByStep: Object.fromEntries(recorder.failuresByStep),
    examples: [...recorder.examples],
    steps,
    scenarios,
  };
}

/**
 * @typedef {{ email: string, cartItems: Iterable<string>, unseenAdds?: number, orders: { id: string, items: number }[], uncertain: boolean }} ExpectedFan
 *   what the load generator was told by the server's answers; `unseenAdds`: items added (answered
 *   303) that no cart page showed the fan since, so their ids are unknown; `uncertain`: a change
 *   of the fan's got no answer, so its outcome is unknown and the fan is checked loosely
 * @typedef {{ email: string, id: string }} FoundCartItem
 * @typedef {{ email: string, id: string, status: string, items: number, memberships: number, confirmationMails: number }} FoundOrder
 */

const SETTLED = new Set(['paid', 'fulfilled']);

/**
 * Compares what each fan was told with what the database holds: every cart item the fan still
 * has is there once, and nothing else is in the cart but the items it added without seeing them; every order the fan was thanked for is
 * there once, paid, with the items the cart had, one membership per item and one confirmation
 * mail; and no fan has an order it was not told of (an order it placed but whose payment it
 * never got back to counts as `unconfirmed`, not as a mismatch, when `placedUnconfirmed` allows it).
 * @param {{ fans: ExpectedFan[], placedUnconfirmed?: Map<string, number> }} expected
 * @param {{ cartItems: FoundCartItem[], orders: FoundOrder[] }} found
 */
export function reconcile({ fans, placedUnconfirmed = new Map() }, found) {
  /** @type {string[]} */
  const problems = [];
  const byEmail = new Map(fans.map((fan) => [fan.email, fan]));
  const counts = { fans: fans.length, uncertainFans: 0, cartItemsExpected: 0, cartItemsFound: found.cartItems.length, ordersExpected: 0, ordersFound: found.orders.length, unconfirmedOrders: 0, unseenCartItems: 0 };
  /** @param {string} id @param {Map<string, number>} seen */
  const twice = (id, seen) => {
    seen.set(id, (seen.get(id) ?? 0) + 1);
    return seen.get(id) === 2;
  };
  const seenItems = new Map();
  const seenOrders = new Map();
  for (const item of found.cartItems) if (twice(item.id, seenItems)) problems.push(`cart item ${item.id} is there twice`);
  for (const order of found.orders) if (twice(order.id, seenOrders)) problems.push(`order ${order.id} is there twice`);
  for (const item of found.cartItems) if (!byEmail.has(item.email)) problems.push(`cart item ${item.id} belongs to no bench fan (${item.email})`);
  for (const order of found.orders) if (!byEmail.has(order.email)) problems.push(`order ${order.id} belongs to no bench fan (${order.email})`);

  for (const fan of fans) {
    if (fan.uncertain) counts.uncertainFans += 1;
    const expectedItems = new Set(fan.cartItems);
    counts.cartItemsExpected += expectedItems.size;
    const foundItems = new Set(found.cartItems.filter((item) => item.email === fan.email).map((item) => item.id));
    for (const id of expectedItems) if (!foundItems.has(id)) problems.push(`${fan.email}: cart item ${id} is missing`);
    const unknown = [...foundItems].filter((id) => !expectedItems.has(id));
    const unseen = fan.unseenAdds ?? 0;
    counts.unseenCartItems += Math.min(unknown.length, unseen);
    if (!fan.uncertain && unknown.length > unseen) problems.push(`${fan.email}: ${unknown.length - unseen} cart item(s) the fan never added (${unknown.join(', ')})`);

    counts.ordersExpected += fan.orders.length;
    const foundOrders = new Map(found.orders.filter((order) => order.email === fan.email).map((order) => [order.id, order]));
    for (const { id, items } of fan.orders) {
      const order = foundOrders.get(id);
      if (!order) {
        problems.push(`${fan.email}: order ${id} is missing`);
        continue;
      }
      if (!SETTLED.has(order.status)) problems.push(`${fan.email}: order ${id} is ${order.status}, not paid`);
      if (order.items !== items) problems.push(`${fan.email}: order ${id} has ${order.items} items, the cart had ${items}`);
      if (order.memberships !== items) problems.push(`${fan.email}: order ${id} issued ${order.memberships} memberships for ${items} items`);
      if (order.confirmationMails !== 1) problems.push(`${fan.email}: order ${id} has ${order.confirmationMails} confirmation mails`);
    }
    const told = new Set(fan.orders.map((order) => order.id));
    const extra = [...foundOrders.keys()].filter((id) => !told.has(id));
    const allowed = placedUnconfirmed.get(fan.email) ?? 0;
    counts.unconfirmedOrders += Math.min(extra.length, allowed);
    if (!fan.uncertain && extra.length > allowed) problems.push(`${fan.email}: ${extra.length - allowed} order(s) the fan was never told of (${extra.join(', ')})`);
  }
  return { ok: problems.length === 0, counts, problems };
}
