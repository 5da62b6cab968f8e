// @ts-check
// What the virtual fans of `npm run bench:load` do, through the shop's real pages and forms as
// docs/forms.md gives them (no JavaScript): made before the clock (sign-up, profile, a billing
// address), then the three scenarios of the mix. Each step is one request; a redirect is its own
// step. Every change is checked against the cart page the shop shows next.
import { setTimeout as sleep } from 'node:timers/promises';
import { completeBenchProfile } from './routes.js';
import { BenchError } from './server.js';
import { browse, signUpFan } from './session.js';
import { cartItemIdsIn, checkoutFormIn, FlowError, formActionIn, isOk, redirectsTo, refreshTargetIn } from './load-fan.js';

/** The billing (and shipping) address every bench fan saves: Turin. */
export const BENCH_ADDRESS = Object.freeze({ firstName: 'Bench', lastName: 'Fan', phone: '+39 333 1234567', countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });

/** The gift the cart and checkout scenarios add: a Kids membership (15 €) to a friend by e-mail. */
const GIFT_PRODUCT = 'kids';
/** Carts stay small: from this many items on, a cart scenario removes what it added. */
const CART_CAP = 4;
/** How often the payment return's "still checking" page is loaded again before giving up. */
const RETURN_RETRIES = 10;

/**
 * A fan as the clock finds it: signed up through the real pages, profile complete (a purchase
 * needs it), an address saved (checkout bills it). Not timed.
 * @param {import('./load-fan.js').Fan} fan
 */
export async function prepareFan(fan) {
  await signUpFan(fan.baseUrl, { email: fan.email, jar: fan.jar });
  await completeBenchProfile(fan.baseUrl, fan.jar);
  const saved = await browse(fan.jar, new URL('/account/addresses/new', fan.baseUrl).href, { method: 'POST', body: new URLSearchParams(BENCH_ADDRESS) });
  if (saved.status !== 200) throw new BenchError(`saving ${fan.email}'s address failed: ${saved.status} at ${new URL(saved.url).pathname}`);
}

/**
 * 60 %: the catalogue, then one of the products it lists, chosen by `random`.
 * @param {import('./load-fan.js').Fan} fan
 * @param {() => number} random
 */
export async function browseCatalogue(fan, random) {
  const list = await fan.request('GET /products', '/products', { expect: isOk });
  const products = [...new Set([...list.html.matchAll(/href="(\/products\/[a-z0-9-]+)"/g)].map((match) => /** @type {string} */ (match[1])))];
  if (products.length === 0) throw new FlowError('/products lists no product');
  const product = /** @type {string} */ (products[Math.floor(random() * products.length)]);
  await fan.request('GET product page', product, { expect: isOk });
}

/**
 * 30 %: adds a gift through the configure form, changes it through the same form, and removes it
 * again half the time (always once the cart holds CART_CAP items).
 * @param {import('./load-fan.js').Fan} fan
 * @param {() => number} random
 */
export async function editCart(fan, random) {
  const itemId = await addGift(fan, random);
  const editPath = `/products/${GIFT_PRODUCT}/configure/gift?cartItem=${itemId}`;
  await fan.request('GET configure form (edit)', editPath, { expect: isOk });
  await fan.request('POST edit item → 303', editPath, { form: giftFields(random), expect: redirectsTo('/cart') });
  await readCart(fan, 'after editing an item');
  if (fan.cartItems.size >= CART_CAP || random() < 0.5) {
    await fan.request('POST remove item → 303', '/cart', { form: { intent: 'remove', itemId }, expect: redirectsTo('/cart') });
    fan.cartItems.delete(itemId); // the shop's 303 says so; the cart page must agree
    await readCart(fan, 'after removing an item');
  }
}

/**
 * 10 %: checks the cart out (a gift is added first if it is empty) and pays on the simulator's
 * hosted page with Adyen's approved test card, back to the shop's thank-you page.
 * @param {import('./load-fan.js').Fan} fan
 * @param {() => number} random
 */
export async function checkOut(fan, random) {
  if (fan.unseenAdds > 0) await readCart(fan, 'before checkout');
  if (fan.cartItems.size === 0) await addGift(fan, random);
  const items = fan.cartItems.size;
  const page = await fan.request('GET /checkout', '/checkout', { expect: isOk });
  const form = checkoutFormIn(page.html);
  if (!form) throw new FlowError('/checkout shows no checkout form');
  const toPsp = (/** @type {import('./load-fan.js').Answer} */ answer) => answer.status === 303 && Boolean(answer.location?.pathname.startsWith('/_psp/pay/'));
  // The PSP too slow to answer: the order is placed all the same, and the fan is sent to pay it
  // on /payment?orderId=… (docs/forms.md, "Checkout"), as a fan would then.
  const toPayment = (/** @type {import('./load-fan.js').Answer} */ answer) => answer.status === 303 && answer.location?.pathname === '/payment';
  let placed = await fan.request('POST checkout (pay) → 303 PSP', '/checkout', { form, expect: (answer) => toPsp(answer) || toPayment(answer) });
  // Placed: the cart's items are the order's now, whatever becomes of the payment.
  fan.placedUnconfirmed += 1;
  fan.cartItems = new Set();
  if (toPayment(placed)) {
    const paymentUrl = /** @type {URL} */ (placed.location);
    await fan.request('GET /payment (PSP was slow)', paymentUrl, { expect: isOk });
    placed = await fan.request('POST /payment → 303 PSP', paymentUrl, { form: { paymentMethod: 'scheme' }, expect: (answer) => toPsp(answer) || toPayment(answer) });
    if (!toPsp(placed)) throw new FlowError(`${fan.email}: the PSP did not answer twice`);
  }
  const hosted = await fan.request('GET hosted payment page', /** @type {URL} */ (placed.location), { expect: isOk });
  const action = formActionIn(hosted.html, '/card');
  if (!action) throw new FlowError('the hosted payment page has no card form');
  const card = { cardNumber: '4111 1111 1111 1111', expiryMonth: '03', expiryYear: '2030', cvc: '737', holderName: 'APPROVED' };
  const paid = await fan.request('POST card → 303 return', new URL(action, hosted.url), {
    form: card,
    expect: (answer) => answer.status >= 300 && answer.status < 400 && Boolean(answer.location?.pathname.startsWith('/paymentgateway/')),
  });
  const returned = (/** @type {import('./load-fan.js').Answer} */ answer) => (answer.status >= 300 && answer.status < 400 && answer.location?.pathname === '/thankyou') || (answer.status === 200 && refreshTargetIn(answer.html) !== null);
  let back = await fan.request('GET payment return → 302 thank-you', /** @type {URL} */ (paid.location), { expect: returned });
  for (let retry = 0; back.status === 200 && retry < RETURN_RETRIES; retry += 1) {
    // "Still checking": the page refreshes itself after 2 s, as a browser would.
    await sleep(2000);
    back = await fan.request('GET payment return (refreshed)', new URL(/** @type {string} */ (refreshTargetIn(back.html)), back.url), { expect: returned });
  }
  const orderId = back.location?.searchParams.get('orderId');
  if (back.status === 200 || !orderId) throw new FlowError(`the payment return did not end on the thank-you page (${back.status})`);
  await fan.request('GET /thankyou', /** @type {URL} */ (back.location), { expect: isOk });
  fan.orders.push({ id: orderId, items });
  fan.placedUnconfirmed -= 1;
}

export const SCENARIOS = Object.freeze({ browse: browseCatalogue, cart: editCart, checkout: checkOut });

/** @param {() => number} random */
function giftFields(random) {
  return { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: `friend-${Math.floor(random() * 1e6)}@example.org` };
}

/**
 * A new gift through the new-item form (its address carries a fresh submission key); answers the
 * id the cart page shows for it (or, when earlier adds were never seen on a cart page, one of the
 * new ones: all are the fan's).
 * @param {import('./load-fan.js').Fan} fan
 * @param {() => number} random
 */
async function addGift(fan, random) {
  const formPath = `/products/${GIFT_PRODUCT}/configure/gift`;
  const opened = await fan.request('GET configure → 302 new form', formPath, { expect: redirectsTo(formPath) });
  const formUrl = /** @type {URL} */ (opened.location);
  await fan.request('GET configure form (new)', formUrl, { expect: isOk });
  await fan.request('POST add item → 303', formUrl, { form: giftFields(random), expect: redirectsTo('/cart') });
  fan.unseenAdds += 1;
  const before = new Set(fan.cartItems);
  const shown = await readCart(fan, 'after adding an item');
  return /** @type {string} */ ([...shown].find((id) => !before.has(id)));
}

/**
 * The cart page. It must list what the fan knows is there, plus as many new items as the fan
 * added since it last saw the page (each add answered 303); otherwise a change was lost or made
 * twice, and the flow stops as unexpected. Then what it lists is what the fan knows.
 * @param {import('./load-fan.js').Fan} fan
 * @param {string} when
 */
async function readCart(fan, when) {
  const cart = await fan.request('GET /cart', '/cart', { expect: isOk });
  const shown = cartItemIdsIn(cart.html);
  const missing = [...fan.cartItems].filter((id) => !shown.has(id));
  const fresh = [...shown].filter((id) => !fan.cartItems.has(id));
  if (missing.length > 0 || fresh.length !== fan.unseenAdds) {
    throw new FlowError(`${fan.email}: the cart page ${when} lacks ${missing.length} known items and shows ${fresh.length} new ones for ${fan.unseenAdds} adds`);
  }
  fan.cartItems = shown;
  fan.unseenAdds = 0;
  return shown;
}
