// The state the cart and checkout tests need but do not test — a fan with a profile, their
// addresses, a cart, a placed order — built by posting the documented forms (docs/forms.md) over
// HTTP, for a browser test (its context's request) and a contract test (a plain browser) alike.
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { formsOf, type HtmlForm } from '../../tests/support/html-forms';
import { newFan, type Fan } from '../pages/auth';
import { CARD_WITH_DOCUMENT } from '../pages/cart';
import { mintCoupon } from '../pages/configure';
import { MARIOS_FORM } from '../pages/profile';
import { fieldsOf } from './contract';
import { signUpOverHttp } from './http-sign-up';
import { languageCookie, type Language } from './shop';

/** The saved addresses the tests ship and bill to (the address form's fields). */
export const ADDRESSES = {
  /** Torino: every product may go there; the one a fan's first address, so the preferred one. */
  viaRoma: { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' },
  /** New York: J1897 is not sold in the US (Black & White is its alternative). */
  newYork: { countryCode: 'US', state: 'NY', city: 'New York', postalCode: '10001', street: '5th Avenue' },
  /** Moscow: the shop ships nothing to Russia. */
  moscow: { countryCode: 'RU', city: 'Moskva', postalCode: '101000', street: 'Tverskaya' },
  /** Paris: bills, but has no Italian tax code to show. */
  paris: { countryCode: 'FR', city: 'Paris', postalCode: '75001', street: 'Rue de Rivoli' },
} as const;

/**
 * A new fan with Mario's profile, signed in in `context` (its pages and its request) and shown
 * the shop in `language`: signed up over HTTP, the profile posted as its completion form is; no
 * page is opened.
 */
export async function fanWithProfileIn(context: BrowserContext, baseURL: string, language: Language): Promise<Fan> {
  const fan = newFan('Mario');
  await context.addCookies([...(await signUpOverHttp(baseURL, fan)), languageCookie(language, baseURL)]);
  await completeProfile(context.request);
  return fan;
}

/** Posts Mario's profile completion form (a purchase needs birth data and tax code). */
export async function completeProfile(request: APIRequestContext): Promise<void> {
  const saved = await request.post('/account/profile/complete', { form: MARIOS_FORM });
  expect(saved.ok(), `profile saved: ${saved.status()}`).toBe(true);
}

/**
 * Stadium with a fresh coupon (so the cart costs nothing), bought for oneself; its withdrawal
 * waiver left unticked. Stadium ships nowhere and is sold only in Italy, San Marino and the
 * Vatican: the fan needs an address there to bill it to.
 */
export async function stadiumWithCouponInCart(request: APIRequestContext): Promise<void> {
  const code = await mintCoupon(request, 'stadium');
  const added = await request.post('/products/stadium/configure/coupon', { form: { couponCode: code, buyFor: 'BUY_CARD' } });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
}

/** The club card with its identity document (it ships: to the preferred address, when the fan has one). */
export async function clubCardInCart(request: APIRequestContext): Promise<void> {
  const added = await request.post('/products/jcard/configure/buy', { multipart: CARD_WITH_DOCUMENT });
  expect(added.ok(), `card added: ${added.status()}`).toBe(true);
}

/** The id of the cart item named `name` on a cart page's HTML (its heading's `item-{id}`). */
export function itemIdIn(cartHtml: string, name: string): string {
  const id = new RegExp(`id="item-([0-9a-f-]{36})"[^>]*>${name}<`).exec(cartHtml)?.[1];
  if (!id) throw new Error(`no cart item named ${name}`);
  return id;
}

/** The ids of the cart's items by name, read from /cart. */
export async function cartItemIds(request: APIRequestContext, names: readonly string[]): Promise<Record<string, string>> {
  const html = await (await request.get('/cart')).text();
  return Object.fromEntries(names.map((name) => [name, itemIdIn(html, name)]));
}

/** The id of the fan's saved address whose summary names `street`, from the address book. */
export async function addressIdOf(request: APIRequestContext, street: string): Promise<string> {
  const book = await (await request.get('/account/addresses')).text();
  // Each address's card holds its lines, then its edit link.
  const id = new RegExp(`${street}[\\s\\S]*?href="/account/addresses/([0-9a-f-]{36})"`).exec(book)?.[1];
  if (!id) throw new Error(`no saved address at ${street}`);
  return id;
}

/** The checkout page's form, as /checkout shows it now. */
export async function checkoutForm(request: APIRequestContext): Promise<HtmlForm> {
  const page = await request.get('/checkout', { maxRedirects: 0 });
  expect(page.status(), 'checkout lets the cart in').toBe(200);
  const form = formsOf(await page.text(), '/checkout').find((each) => each.id === 'checkout');
  if (!form) throw new Error('no checkout form');
  return form;
}

/**
 * The checkout form's fields as its pay button sends them with every terms box on the page
 * ticked (and the billing address the page chose), `changes` replacing or adding fields.
 */
export function payFields(form: HtmlForm, changes: Record<string, string> = {}): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = { ...fieldsOf(form), intent: 'pay' };
  for (const box of form.controls.filter((control) => control.type === 'checkbox' && control.name !== 'invoiceWithVat')) fields[box.name] = 'on';
  return { ...fields, ...changes };
}

/** Places the cart's order as checkout's pay does, every box ticked: the answer's Location (the thank-you page or the PSP's). */
export async function placeOrder(request: APIRequestContext): Promise<string> {
  const form = await checkoutForm(request);
  const placed = await request.post('/checkout', { data: formBody(payFields(form)), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, maxRedirects: 0 });
  expect(placed.status(), 'the order placed').toBe(303);
  return placed.headers().location ?? '';
}

/** Fields as a urlencoded body (Playwright's `form` option takes one value per name). */
function formBody(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const each of typeof value === 'string' ? [value] : value) body.append(name, each);
  return body.toString();
}
