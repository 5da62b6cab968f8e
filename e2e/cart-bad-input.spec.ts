import { AuthPages, newFan } from './pages/auth';
import { fillCart, saveAddress } from './pages/cart';
import { signUpFanWithProfile } from './pages/configure';
import { MARIOS_FORM } from './pages/profile';
import { expect, test } from './support/test';
import { renderedHtml } from './support/shop';

// Issue 12: the cart's forms refuse bad input (400 with the field's message, never an echo of a
// huge value), answer 404 for anything that is not the fan's, and change nothing then — checked
// over HTTP, as support staff or a script would post.
test.describe('cart: bad input and ownership', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no browser involved: once is enough');

  test("another fan's item and address are not found; unknown intents and items are refused", async ({ page, auth, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signUpFanWithProfile(page, auth, 'en');
    await fillCart(page.request);
    const cart = await renderedHtml(await page.request.get('/cart'));
    // Each item that ships links its temporary-address page from the cart.
    const itemIds = [...cart.matchAll(/href="\/cart\/([0-9a-f-]{36})\/temporary"/g)].map((match) => match[1]!);
    expect(itemIds.length, 'the two items that ship link their temporary-address page').toBe(2);
    const membershipId = /id="item-([0-9a-f-]{36})"[^>]*>J1897</.exec(cart)?.[1] ?? 'missing';
    expect(itemIds).toContain(membershipId);

    // Another fan (another Mario Rossi: the tax code must match the name), in a browser of their own.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await new AuthPages(other, { baseURL: baseURL!, language: 'en' }).signUp(newFan('Mario'));
    expect((await other.request.post('/account/profile/complete', { form: MARIOS_FORM })).ok()).toBe(true);
    await saveAddress(other.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Po' });
    const othersBook = await renderedHtml(await other.request.get('/account/addresses'));
    const othersAddressId = /\/account\/addresses\/([0-9a-f-]{36})"/.exec(othersBook)?.[1];
    expect(othersAddressId).toBeTruthy();

    // Mario's item, as the other fan: not found everywhere.
    expect((await other.request.get(`/cart/${membershipId}`)).status()).toBe(404);
    expect((await other.request.get(`/cart/${membershipId}/temporary`)).status()).toBe(404);
    expect((await other.request.post('/cart', { form: { intent: 'remove', itemId: membershipId } })).status()).toBe(404);
    expect((await other.request.post('/cart', { form: { intent: 'waiver', itemId: membershipId, waiver: 'on' } })).status()).toBe(404);
    expect((await other.request.post(`/cart/${membershipId}`, { form: { intent: 'choose', addressId: othersAddressId! } })).status()).toBe(404);
    // The other fan's address, as Mario: not found either.
    expect((await page.request.post(`/cart/${membershipId}`, { form: { intent: 'choose', addressId: othersAddressId! } })).status()).toBe(404);
    await otherContext.close();

    expect((await page.request.post('/cart', { form: { intent: 'empty-everything' } })).status()).toBe(400);
    expect((await page.request.get('/cart/not-an-id')).status()).toBe(404);
    // A gift ships nothing: it has no address page.
    const giftId = /id="item-([0-9a-f-]{36})"[^>]*>Kids 0–4</.exec(cart)?.[1];
    expect(giftId).toBeTruthy();
    expect((await page.request.get(`/cart/${giftId}`)).status()).toBe(404);
    expect((await page.request.get(`/cart/${giftId}/temporary`)).status()).toBe(404);
    // The address page takes only the saved-address choice.
    expect((await page.request.post(`/cart/${membershipId}`, { form: { firstName: 'Mario' } })).status()).toBe(400);
    // Nothing changed: the three items are still there, without addresses.
    const after = await renderedHtml(await page.request.get('/cart'));
    expect([...after.matchAll(/<h3 id="item-/g)]).toHaveLength(3);
    expect(after).toContain('No address yet: choose one below or add a new one.');
  });

  test('a voucher code: too long, odd characters and unknown codes get the field message (400), never an echo', async ({ page, auth }) => {
    await signUpFanWithProfile(page, auth, 'en');
    await fillCart(page.request);
    const huge = 'A'.repeat(50_000);
    const tooLong = await page.request.post('/cart', { form: { intent: 'voucher', voucherCode: huge } });
    expect(tooLong.status()).toBe(400);
    const body = await renderedHtml(tooLong);
    expect(body).toContain('A voucher code has at most 30 characters.');
    expect(body).not.toContain('A'.repeat(100));
    const odd = await page.request.post('/cart', { form: { intent: 'voucher', voucherCode: 'SCONTO_10' } });
    expect(odd.status()).toBe(400);
    expect(await renderedHtml(odd)).toContain('A voucher code has only letters, digits and hyphens.');
    const expired = await page.request.post('/cart', { form: { intent: 'voucher', voucherCode: 'scaduto' } });
    expect(expired.status()).toBe(400);
    expect(await renderedHtml(expired)).toContain('This voucher has expired.');
    expect((await page.request.post('/cart', { form: { intent: 'voucher' } })).status()).toBe(400);
    // The waiver of an item that needs none (the gift) is refused.
    const cart = await renderedHtml(await page.request.get('/cart'));
    const giftId = /id="item-([0-9a-f-]{36})"[^>]*>Kids 0–4</.exec(cart)?.[1];
    expect((await page.request.post('/cart', { form: { intent: 'waiver', itemId: giftId!, waiver: 'on' } })).status()).toBe(400);
  });

  test('a restricted address is refused at the field, for a saved and a temporary address', async ({ page, auth }) => {
    await signUpFanWithProfile(page, auth, 'en');
    await fillCart(page.request);
    await saveAddress(page.request, { countryCode: 'US', state: 'NY', city: 'New York', postalCode: '10001', street: '5th Avenue' });
    const book = await renderedHtml(await page.request.get('/account/addresses'));
    const usAddressId = /\/account\/addresses\/([0-9a-f-]{36})"/.exec(book)?.[1];
    const cart = await renderedHtml(await page.request.get('/cart'));
    const membershipId = /id="item-([0-9a-f-]{36})"[^>]*>J1897</.exec(cart)?.[1];
    const chosen = await page.request.post(`/cart/${membershipId}`, { form: { intent: 'choose', addressId: usAddressId! } });
    expect(chosen.status()).toBe(400);
    expect(await renderedHtml(chosen)).toContain('This product is not sold in this country.');
    // The cart page's own form (issue 30) says it at the item, with the alternative product.
    const onCart = await page.request.post('/cart', { form: { intent: 'address', itemId: membershipId!, addressId: usAddressId! } });
    expect(onCart.status()).toBe(400);
    const onCartPage = await renderedHtml(onCart);
    expect(onCartPage).toContain('This product is not sold in this country.');
    expect(onCartPage).toContain('See the alternative: Black &amp; White');
    expect((await page.request.post('/cart', { form: { intent: 'address', itemId: membershipId!, addressId: '' } })).status()).toBe(400);
    const temporary = await page.request.post(`/cart/${membershipId}/temporary`, {
      form: { firstName: 'Mario', lastName: 'Rossi', phone: '+7 495 1234567', countryCode: 'RU', city: 'Moskva', postalCode: '101000', street: 'Tverskaya' },
    });
    expect(temporary.status()).toBe(400);
    expect(await renderedHtml(temporary)).toContain('We do not ship to this country.');
    expect(await renderedHtml(await page.request.get('/cart'))).toContain('No address yet: choose one below or add a new one.');
  });
});
