// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cartItemIdsIn, checkoutFormIn, formActionIn, refreshTargetIn, resentLikeABrowser } from './load-fan.js';
import { formatRace, formatReconciliation } from './load-report.js';
import { MIX, pickScenario, reconcile, seededRandom, StepRecorder, summariseRecorder } from './load-stats.js';

const ID = (/** @type {number} */ n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

test('the mix falls 60/30/10 by cumulative weight, at its edges too', () => {
  assert.equal(pickScenario(MIX, 0), 'browse');
  assert.equal(pickScenario(MIX, 0.5999), 'browse');
  assert.equal(pickScenario(MIX, 0.6), 'cart');
  assert.equal(pickScenario(MIX, 0.8999), 'cart');
  assert.equal(pickScenario(MIX, 0.9), 'checkout');
  assert.equal(pickScenario(MIX, 0.99999), 'checkout');
  const random = seededRandom(7);
  const counts = { browse: 0, cart: 0, checkout: 0 };
  for (let draw = 0; draw < 10_000; draw += 1) counts[pickScenario(MIX, random())] += 1;
  assert.ok(Math.abs(counts.browse - 6000) < 250 && Math.abs(counts.cart - 3000) < 250 && Math.abs(counts.checkout - 1000) < 150, JSON.stringify(counts));
});

test('a seed repeats its draws, another seed does not', () => {
  const draws = (/** @type {number} */ seed) => Array.from({ length: 5 }, seededRandom(seed));
  assert.deepEqual(draws(1), draws(1));
  assert.notDeepEqual(draws(1), draws(2));
  for (const value of draws(3)) assert.ok(value >= 0 && value < 1);
});

test('the recorder counts 5xx, unexpected answers and no answers apart, and summarises per step', () => {
  const recorder = new StepRecorder();
  for (let ms = 1; ms <= 100; ms += 1) recorder.request('GET /products', ms, 200);
  recorder.request('POST add item → 303', 40, 303);
  recorder.request('POST add item → 303', 60, 502);
  recorder.failure('unexpected', 'GET /cart: 404', 'GET /cart');
  recorder.failure('network', 'GET /cart: ECONNRESET', 'GET /cart');
  recorder.failure('network', 'GET /cart: timeout', 'GET /cart');
  recorder.scenario('browse', 10);
  const summary = summariseRecorder(recorder, 10);
  assert.equal(summary.requests, 102);
  assert.equal(summary.requestsPerSecond, 10.2);
  assert.equal(summary.serverErrors, 1);
  assert.deepEqual(summary.errors, { unexpected: 1, network: 2 });
  assert.deepEqual(summary.failuresByStep, { 'unexpected GET /cart': 1, 'network GET /cart': 2 });
  assert.deepEqual(summary.examples, ['POST add item → 303: 502', 'unexpected: GET /cart: 404', 'network: GET /cart: ECONNRESET', 'network: GET /cart: timeout']);
  const products = summary.steps.find((step) => step.step === 'GET /products');
  assert.deepEqual(products, { step: 'GET /products', count: 100, p50Ms: 50, p99Ms: 99, maxMs: 100, statuses: { 200: 100 } });
  assert.deepEqual(summary.steps.find((step) => step.step === 'POST add item → 303')?.statuses, { 303: 1, 502: 1 });
  assert.deepEqual(summary.scenarios, [{ scenario: 'browse', count: 1, p50Ms: 10, p99Ms: 10 }]);
  assert.equal(summary.resentLikeABrowser, 0);
});

test('a request sent again is counted apart from failures, with an example', () => {
  const recorder = new StepRecorder();
  recorder.resend('GET /cart: fetch failed (other side closed)');
  recorder.request('GET /cart', 12, 200);
  const summary = summariseRecorder(recorder, 1);
  assert.equal(summary.resentLikeABrowser, 1);
  assert.deepEqual(summary.errors, { unexpected: 0, network: 0 });
  assert.deepEqual(summary.examples, ['sent again: GET /cart: fetch failed (other side closed)']);
});

/** @param {Partial<import('./load-stats.js').FoundOrder>} order */
const paidOrder = (order) => ({ email: 'a@x', id: ID(100), status: 'fulfilled', items: 2, memberships: 2, confirmationMails: 1, ...order });

test('a request whose connection closed or reset with no answer is sent again, as a browser would; refused or timed out never', () => {
  const closed = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
  const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
  const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
  assert.equal(resentLikeABrowser(closed), true);
  assert.equal(resentLikeABrowser(reset), true);
  assert.equal(resentLikeABrowser(refused), false);
  assert.equal(resentLikeABrowser(new DOMException('timed out', 'TimeoutError')), false);
});

test('reconciliation: what the fans were told is what the database holds', () => {
  const fans = [
    { email: 'a@x', cartItems: [ID(1)], orders: [{ id: ID(100), items: 2 }], uncertain: false },
    { email: 'b@x', cartItems: [], orders: [], uncertain: false },
  ];
  const result = reconcile({ fans }, { cartItems: [{ email: 'a@x', id: ID(1) }], orders: [paidOrder({})] });
  assert.deepEqual(result, { ok: true, counts: { fans: 2, uncertainFans: 0, cartItemsExpected: 1, cartItemsFound: 1, ordersExpected: 1, ordersFound: 1, unconfirmedOrders: 0, unseenCartItems: 0 }, problems: [] });
});

test('reconciliation: a lost item, an item made twice, a stray order and a wrong order are each named', () => {
  const fans = [{ email: 'a@x', cartItems: [ID(1), ID(2)], orders: [{ id: ID(100), items: 2 }], uncertain: false }];
  const found = {
    cartItems: [{ email: 'a@x', id: ID(1) }, { email: 'a@x', id: ID(1) }, { email: 'a@x', id: ID(3) }],
    orders: [paidOrder({ status: 'awaiting_payment', memberships: 1, confirmationMails: 2 }), paidOrder({ id: ID(101) })],
  };
  const { ok, problems } = reconcile({ fans }, found);
  assert.equal(ok, false);
  assert.deepEqual(problems, [
    `cart item ${ID(1)} is there twice`,
    `a@x: cart item ${ID(2)} is missing`,
    `a@x: 1 cart item(s) the fan never added (${ID(3)})`,
    `a@x: order ${ID(100)} is awaiting_payment, not paid`,
    `a@x: order ${ID(100)} issued 1 memberships for 2 items`,
    `a@x: order ${ID(100)} has 2 confirmation mails`,
    `a@x: 1 order(s) the fan was never told of (${ID(101)})`,
  ]);
});

test('reconciliation: an order placed whose payment the fan never saw through is allowed once, not twice; an uncertain fan is checked loosely', () => {
  const fans = [
    { email: 'a@x', cartItems: [], orders: [], uncertain: false },
    { email: 'b@x', cartItems: [], orders: [], uncertain: true },
  ];
  const found = {
    cartItems: [{ email: 'b@x', id: ID(5) }],
    orders: [paidOrder({ id: ID(100), status: 'awaiting_payment' }), paidOrder({ id: ID(101), status: 'awaiting_payment' })],
  };
  const once = reconcile({ fans, placedUnconfirmed: new Map([['a@x', 1]]) }, found);
  assert.deepEqual(once.problems, [`a@x: 1 order(s) the fan was never told of (${ID(100)}, ${ID(101)})`]);
  const twice = reconcile({ fans, placedUnconfirmed: new Map([['a@x', 2]]) }, found);
  assert.equal(twice.ok, true);
  assert.equal(twice.counts.unconfirmedOrders, 2);
  assert.equal(twice.counts.uncertainFans, 1);
  assert.match(formatReconciliation(twice), /^reconciliation OK: 1 cart items .*\(\+ 2 placed .*; 1 fans had a change go unanswered/);
  assert.deepEqual(reconcile({ fans }, { cartItems: [{ email: 'z@x', id: ID(9) }], orders: [] }).problems, [`cart item ${ID(9)} belongs to no bench fan (z@x)`]);
});

test('reconciliation: an add the shop answered but whose cart page went unanswered allows that many unknown items, not more', () => {
  const fans = [{ email: 'a@x', cartItems: [ID(1)], unseenAdds: 1, orders: [], uncertain: false }];
  const one = reconcile({ fans }, { cartItems: [{ email: 'a@x', id: ID(1) }, { email: 'a@x', id: ID(2) }], orders: [] });
  assert.equal(one.ok, true);
  assert.equal(one.counts.unseenCartItems, 1);
  const two = reconcile({ fans }, { cartItems: [{ email: 'a@x', id: ID(1) }, { email: 'a@x', id: ID(2) }, { email: 'a@x', id: ID(3) }], orders: [] });
  assert.deepEqual(two.problems, [`a@x: 1 cart item(s) the fan never added (${ID(2)}, ${ID(3)})`]);
});

test('the pages are read as a browser without JavaScript would post them', () => {
  const cart = `<form action="/cart" method="post"><input type="hidden" name="itemId" value="${ID(1)}"/><button name="intent" value="remove">x</button></form>` +
    `<form action="/cart" method="post"><input type="hidden" name="itemId" value="${ID(2)}"/></form>`;
  assert.deepEqual(cartItemIdsIn(cart), new Set([ID(1), ID(2)]));
  const checkout = `<input type="hidden" name="checkoutKey" value="${ID(7)}"/><input type="hidden" name="expectedTotalCents" value="1500"/>` +
    `<input id="b" type="radio" data-italian="" name="billingAddressId" checked="" value="${ID(8)}"/>` +
    `<input id="v" form="checkout" type="checkbox" class="c" name="invoiceWithVat" value="on"/>` +
    `<input id="m" form="checkout" type="checkbox" class="c" name="membershipTerms" value="on"/>` +
    `<input id="g" form="checkout" type="checkbox" class="c" name="guardianDeclaration" value="on"/>`;
  assert.deepEqual(checkoutFormIn(checkout), { intent: 'pay', checkoutKey: ID(7), paymentMethod: 'scheme', expectedTotalCents: '1500', billingAddressId: ID(8), membershipTerms: 'on', guardianDeclaration: 'on' });
  assert.equal(checkoutFormIn('<p>no form</p>'), null);
  assert.equal(formActionIn('<form method="post" action="/_psp/pay/CS1/paypal"></form><form method="post" action="/_psp/pay/CS1/card?lang=it&amp;x=1">', '/card'), '/_psp/pay/CS1/card?lang=it&x=1');
  assert.equal(refreshTargetIn('<meta http-equiv="refresh" content="2;url=/paymentgateway/card?sessionId=CS1&amp;since=5"/>'), '/paymentgateway/card?sessionId=CS1&since=5');
  assert.equal(refreshTargetIn('<meta charSet="utf-8"/>'), null);
});

test('the race says PASS only for a p99 within the target, and OK only for exactly as many orders as units', () => {
  const race = { buyers: 50, units: 10, instances: 2, outcomes: { placed: 10, soldOut: 40, other: 0 }, checked: { stockLeft: 0, ordersWithTheSize: 10, unitsOrdered: 10 }, correct: true, serverErrors: 0, examples: [], p50Ms: 400, p99Ms: 1000, maxMs: 1000, targetP99Ms: 1000, pass: true };
  assert.match(formatRace(race), /p99 1000 ms .* target p99 ≤ 1000 ms: PASS/);
  assert.match(formatRace(race), /exactly as many orders as units: OK/);
  assert.match(formatRace({ ...race, p99Ms: 1001, pass: false, correct: false }), /FAIL[\s\S]*WRONG/);
  assert.equal(formatRace({ skipped: 'PostgreSQL unreachable' }), '! the race was not run: PostgreSQL unreachable');
  assert.doesNotMatch(formatRace(race), /CPU/);
  assert.match(formatRace({ ...race, cpuMsPerCheckout: 41.26, wallMs: 1500 }), /the instances' CPU: 41\.3 ms per checkout \(both, over the race's 1500 ms\)/);
});
