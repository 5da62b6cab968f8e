// The cart's forms refuse bad input (400 with the field's message, never an echo of a huge
// value), answer 404 for anything that is not the fan's, and change nothing then: posted as
// support staff or a script would (docs/forms.md "The cart").
import { newFan } from '../pages/auth';
import { fillCart, saveAddress } from '../pages/cart';
import { cartLineNames, shown } from '../support/cart-html';
import { addressIdOf, ADDRESSES, completeProfile, itemIdIn } from '../support/cart-state';
import { expect, plainBrowser, test } from '../support/contract';
import { signUpOverHttp } from '../support/http-sign-up';

const NO_ADDRESS_YET = 'No address yet: choose one below or add a new one.';

test.describe('cart: bad input and ownership', () => {
  test.use({ language: 'en' });

  test("another fan's item and address are not found; unknown intents and items are refused", async ({ fan: { browser }, baseURL }) => {
    const { http } = browser;
    await completeProfile(http);
    await fillCart(http);
    const cart = shown(await (await http.get('/cart')).text());
    // Each item that ships links its temporary-address page from the cart.
    const itemIds = [...cart.matchAll(/href="\/cart\/([0-9a-f-]{36})\/temporary"/g)].map((match) => match[1]!);
    expect(itemIds.length, 'the two items that ship link their temporary-address page').toBe(2);
    const membershipId = itemIdIn(cart, 'J1897');
    expect(itemIds).toContain(membershipId);

    // Another fan (another Mario Rossi: the tax code must match the name), with a browser of their own.
    const other = await plainBrowser(baseURL!, { cookies: await signUpOverHttp(baseURL!, newFan('Mario')), language: 'en' });
    try {
      await completeProfile(other.http);
      await saveAddress(other.http, { ...ADDRESSES.viaRoma, street: 'Via Po' });
      const othersAddressId = await addressIdOf(other.http, 'Via Po');

      // Mario's item, as the other fan: not found everywhere.
      expect((await other.http.get(`/cart/${membershipId}`)).status()).toBe(404);
      expect((await other.http.get(`/cart/${membershipId}/temporary`)).status()).toBe(404);
      expect((await other.post('/cart', { intent: 'remove', itemId: membershipId })).status()).toBe(404);
      expect((await other.post('/cart', { intent: 'waiver', itemId: membershipId, waiver: 'on' })).status()).toBe(404);
      expect((await other.post(`/cart/${membershipId}`, { intent: 'choose', addressId: othersAddressId })).status()).toBe(404);
      // The other fan's address, as Mario: not found either, on the item's page and on the cart's own form.
      expect((await browser.post(`/cart/${membershipId}`, { intent: 'choose', addressId: othersAddressId })).status()).toBe(404);
      expect((await browser.post('/cart', { intent: 'address', itemId: membershipId, addressId: othersAddressId })).status()).toBe(404);
    } finally {
      await other.http.dispose();
    }

    expect((await browser.post('/cart', { intent: 'empty-everything' })).status()).toBe(400);
    expect((await http.get('/cart/not-an-id')).status()).toBe(404);
    // A gift ships nothing: it has no address page.
    const giftId = itemIdIn(cart, 'Kids 0–4');
    expect((await http.get(`/cart/${giftId}`)).status()).toBe(404);
    expect((await http.get(`/cart/${giftId}/temporary`)).status()).toBe(404);
    // The address page takes only the saved-address choice.
    expect((await browser.post(`/cart/${membershipId}`, { firstName: 'Mario' })).status()).toBe(400);
    // Nothing changed: the three items are still there, without addresses.
    const after = shown(await (await http.get('/cart')).text());
    expect(cartLineNames(after)).toEqual(['J1897', 'Kids 0–4', 'Club Card']);
    expect(after).toContain(NO_ADDRESS_YET);
  });

  test('a voucher code: too long, odd characters and unknown codes get the field message (400), never an echo', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    await fillCart(browser.http);
    const tooLong = await browser.post('/cart', { intent: 'voucher', voucherCode: 'A'.repeat(50_000) });
    expect(tooLong.status()).toBe(400);
    const body = shown(await tooLong.text());
    expect(body).toContain('A voucher code has at most 30 characters.');
    expect(body).not.toContain('A'.repeat(100));
    const odd = await browser.post('/cart', { intent: 'voucher', voucherCode: 'SCONTO_10' });
    expect(odd.status()).toBe(400);
    expect(shown(await odd.text())).toContain('A voucher code has only letters, digits and hyphens.');
    const expired = await browser.post('/cart', { intent: 'voucher', voucherCode: 'scaduto' });
    expect(expired.status()).toBe(400);
    expect(shown(await expired.text())).toContain('This voucher has expired.');
    expect((await browser.post('/cart', { intent: 'voucher' })).status()).toBe(400);
    // The waiver of an item that needs none (the gift) is refused.
    const giftId = itemIdIn(await (await browser.http.get('/cart')).text(), 'Kids 0–4');
    expect((await browser.post('/cart', { intent: 'waiver', itemId: giftId, waiver: 'on' })).status()).toBe(400);
  });

  test('a restricted address is refused at the field, for a saved and a temporary address', async ({ fan: { browser } }) => {
    const { http } = browser;
    await completeProfile(http);
    await fillCart(http);
    await saveAddress(http, ADDRESSES.newYork);
    const usAddressId = await addressIdOf(http, '5th Avenue');
    const membershipId = itemIdIn(await (await http.get('/cart')).text(), 'J1897');
    const chosen = await browser.post(`/cart/${membershipId}`, { intent: 'choose', addressId: usAddressId });
    expect(chosen.status()).toBe(400);
    expect(shown(await chosen.text())).toContain('This product is not sold in this country.');
    // The cart page's own form says it at the item, with the alternative product.
    const onCart = await browser.post('/cart', { intent: 'address', itemId: membershipId, addressId: usAddressId });
    expect(onCart.status()).toBe(400);
    const onCartPage = shown(await onCart.text());
    expect(onCartPage).toContain('This product is not sold in this country.');
    expect(onCartPage).toContain('See the alternative: Black &amp; White');
    expect((await browser.post('/cart', { intent: 'address', itemId: membershipId, addressId: '' })).status()).toBe(400);
    const temporary = await browser.post(`/cart/${membershipId}/temporary`, {
      firstName: 'Mario',
      lastName: 'Rossi',
      phone: '+7 495 1234567',
      ...ADDRESSES.moscow,
    });
    expect(temporary.status()).toBe(400);
    expect(shown(await temporary.text())).toContain('We do not ship to this country.');
    expect(shown(await (await http.get('/cart')).text())).toContain(NO_ADDRESS_YET);
  });
});
