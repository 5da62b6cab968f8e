// A fan's account state built by posting the documented forms (docs/forms.md) over HTTP, for
// tests that need it but do not test it: the pages that build it are proven by their own tests
// (e2e/addresses.spec.ts, e2e/profile.spec.ts, e2e/checkout.spec.ts and the contract tests).
// `request` is a browser context's (page.request: the same cookies) or a plain browser's.
import { expect, type APIRequestContext } from '@playwright/test';
import { formsOf, type HtmlForm } from '../../tests/support/html-forms';
import { mintCoupon } from '../pages/configure';
import { MARIOS_FORM } from '../pages/profile';
import { fieldsOf } from './contract';

/** A Turin address in the form's fields (Moncalieri's Belfiore code); a new form starts with the fan's names. */
export const TURIN_ADDRESS = { countryCode: 'IT', provinceCode: 'TO', cityCode: 'F335', postalCode: '10024', street: 'Via Roma', number: '12', phone: '+39 333 123 4567' };

/** Saves an address as the new-address form posts it; answers its id (the `address_id` a caller gets back). */
export async function addressSaved(request: APIRequestContext, fields: Record<string, string>): Promise<string> {
  const saved = await request.post('/account/addresses/new?redirect_uri=%2Faccount%2Faddresses', {
    form: { firstName: 'Mario', lastName: 'Rossi', phone: '+39 333 1234567', ...fields },
    maxRedirects: 0,
  });
  expect(saved.status(), 'the address is saved (303)').toBe(303);
  const id = new URL(saved.headers().location ?? '', 'http://shop').searchParams.get('address_id');
  expect(id, 'the saved address’s id').toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

/** Completes the profile as Mario Rossi born in Rome (the fan must be named Mario Rossi). */
export async function profileCompleted(request: APIRequestContext): Promise<void> {
  const saved = await request.post('/account/profile/complete', { form: MARIOS_FORM, maxRedirects: 0 });
  expect(saved.status(), 'the profile is completed (303)').toBe(303);
}

async function formsAt(request: APIRequestContext, path: string): Promise<HtmlForm[]> {
  const page = await request.get(path);
  expect(page.status(), path).toBe(200);
  return formsOf(await page.text(), new URL(page.url()).pathname);
}

/**
 * Checks out the cart as the checkout form posts it (the page's own `checkoutKey` and billing
 * address, the terms ticked): the PSP's page, or the thank-you page when nothing is to be paid.
 */
export async function checkoutPlaced(request: APIRequestContext, terms: readonly string[] = ['membershipTerms', 'guardianDeclaration']): Promise<string> {
  const checkout = (await formsAt(request, '/checkout')).find((form) => form.controls.some((control) => control.name === 'checkoutKey'));
  expect(checkout, 'the checkout form').toBeTruthy();
  const fields: Record<string, string | string[]> = { ...fieldsOf(checkout!), intent: 'pay' };
  for (const box of terms) fields[box] = 'on';
  const placed = await request.post(checkout!.action, { form: flat(fields), maxRedirects: 0 });
  expect(placed.status(), 'the order is placed (303)').toBe(303);
  return placed.headers().location!;
}

/** A form's fields as `request.post({ form })` takes them: one value each (checkout's are). */
function flat(fields: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : value.at(-1) ?? '']));
}

/**
 * The fan's zero-total Stadium (a fresh coupon, its start waived) bought for themselves: the
 * membership is issued active at once. Needs a complete profile and an address in Italy to bill
 * it to. Answers the thank-you page's path and the membership's code.
 */
export async function stadiumBoughtWithCoupon(request: APIRequestContext): Promise<{ thankYou: string; code: string }> {
  const couponCode = await mintCoupon(request, 'stadium');
  const added = await request.post('/products/stadium/configure/coupon', { form: { couponCode, buyFor: 'BUY_CARD' }, maxRedirects: 0 });
  expect(added.status(), 'added to the cart (303)').toBe(303);
  const waivers = (await formsAt(request, '/cart')).filter((form) => form.controls.some((control) => control.name === 'intent' && control.value === 'waiver'));
  expect(waivers.length, 'the coupon’s Stadium asks for a waiver').toBe(1);
  for (const waiver of waivers) {
    const given = await request.post(waiver.action, { form: flat({ ...fieldsOf(waiver), intent: 'waiver', waiver: 'on' }), maxRedirects: 0 });
    expect(given.status(), 'the waiver is kept (303)').toBe(303);
  }
  const thankYou = await checkoutPlaced(request);
  expect(thankYou).toMatch(/^\/thankyou\?orderId=[0-9a-f-]{36}$/);
  const code = /JM[0-9A-Z]{10}/.exec(await (await request.get(thankYou)).text())?.[0];
  expect(code, 'the membership code on the thank-you page').toBeTruthy();
  return { thankYou, code: code! };
}
