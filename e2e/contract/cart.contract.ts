// The cart without JavaScript (docs/forms.md "The cart"): every change a POST of the page's own
// form answering 303 back to /cart with a notice, every refusal a 400 with the field's message.
// Each journey here runs in the language its browser journey (e2e/cart.spec.ts) does not.
import { formsOf, type HtmlForm } from '../../tests/support/html-forms';
import { CART_TEXTS, fillCart, saveAddress } from '../pages/cart';
import { CONFIGURE_TEXTS } from '../pages/configure';
import { MARIOS_FORM } from '../pages/profile';
import { PURCHASE_STEPS_TEXTS } from '../pages/purchase-steps';
import {
  cartLineHtml,
  cartLineNames,
  errorSummaryLinks,
  errorSummaryOf,
  figureOf,
  formWithIntent,
  headingOf,
  inputValue,
  isChecked,
  linkHrefs,
  linkNamesTo,
  noticeOf,
  purchaseStepsOf,
  selectOptions,
  shown,
} from '../support/cart-html';
import { ADDRESSES, completeProfile, itemIdIn } from '../support/cart-state';
import { expect, expectSeeOther, fieldsOf, formOf, locationOf, test, textOf, type Page, type PlainBrowser } from '../support/contract';

/** The address form's Italian part as a browser without JavaScript fills it: province, refresh, municipality, refresh, the rest. */
async function fillItalianAddress(browser: PlainBrowser, page: Page, address: { provinceCode: string; cityCode: string; postalCode: string; phone: string; street: string; number: string }) {
  const path = page.url.pathname;
  let current = page;
  const refresh = async (changes: Record<string, string>) => {
    const answer = await browser.submit(formOf(current, path), { ...changes, intent: 'refresh' });
    expect(answer.status(), 'the lists narrowed').toBe(200);
    const html = await answer.text();
    current = { ...current, html, forms: formsOf(html, path) };
  };
  await refresh({ provinceCode: address.provinceCode });
  await refresh({ cityCode: address.cityCode });
  return browser.submit(formOf(current, path), { postalCode: address.postalCode, phone: address.phone, street: address.street, number: address.number });
}

test.describe('the cart without JavaScript, in English', () => {
  test.use({ language: 'en' });
  const texts = CART_TEXTS.en;

  test('a physical membership, a virtual gift and the club card: addresses, waiver, voucher, delete, checkout', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    for (const address of [ADDRESSES.viaRoma, ADDRESSES.newYork, ADDRESSES.moscow]) await saveAddress(browser.http, address);
    await fillCart(browser.http);
    const reload = async () => {
      const page = await browser.open('/cart');
      expect(page.status).toBe(200);
      return { page, html: shown(page.html) };
    };

    // The cart lists the three items; those that ship start at the preferred address.
    let { page, html } = await reload();
    expect(headingOf(html)).toBe(texts.heading);
    expect(purchaseStepsOf(html)).toEqual({ label: PURCHASE_STEPS_TEXTS.en.label, current: 'Cart', done: ['Configure, completed'] });
    expect(cartLineNames(html)).toEqual(['J1897', 'Kids 0–4', 'Club Card']);
    const membershipId = itemIdIn(html, 'J1897');
    const giftId = itemIdIn(html, 'Kids 0–4');
    const cardId = itemIdIn(html, 'Club Card');
    // The gift ships nothing: only the membership and the card have an address, the preferred one.
    expect(cartLineHtml(html, 'Kids 0–4')).not.toContain('name="addressId"');
    for (const name of ['J1897', 'Club Card']) {
      expect(selectOptions(cartLineHtml(html, name), 'addressId').find((option) => option.selected)?.label).toContain('Via Roma 1');
      expect(textOf(cartLineHtml(html, name))).toContain('Via Roma 1');
    }
    expect(figureOf(html, texts.subtotal)).toBe('€174');
    expect(figureOf(html, texts.shipping)).toBe('€5');
    // Every item that ships has its address and the waiver is a choice: nothing blocks checkout.
    expect(linkHrefs(html, texts.checkout)).toEqual(['/checkout']);

    // J1897 cannot go to the US (not sold there: the alternative is linked) nor to Russia (no shipping).
    const membershipOptions = selectOptions(cartLineHtml(html, 'J1897'), 'addressId');
    expect(membershipOptions.find((option) => option.label.includes('New York'))).toMatchObject({ disabled: true, label: expect.stringContaining(texts.notSoldHere) });
    expect(membershipOptions.find((option) => option.label.includes('Moskva'))?.label).toContain(texts.noShipping);
    expect(linkHrefs(cartLineHtml(html, 'J1897'), texts.alternative)).toEqual(['/products/black-and-white']);

    // The club card moves to another saved address: its select and "Ship here", one POST.
    const newYork = selectOptions(cartLineHtml(html, 'Club Card'), 'addressId').find((option) => option.label.includes('New York'));
    expect(newYork?.disabled).toBe(false);
    expectSeeOther(await browser.submit(formWithIntent(page.forms, 'address', cardId), { addressId: newYork!.value }), '/cart');
    ({ page, html } = await reload());
    expect(noticeOf(html)).toContain(texts.addressSaved);
    expect(textOf(cartLineHtml(html, 'Club Card'))).toContain('5th Avenue');

    // The club card to a temporary address, kept on the item only.
    const temporaryPath = `/cart/${cardId}/temporary`;
    expect(linkHrefs(cartLineHtml(html, 'Club Card'), texts.forThisItemOnly)).toEqual([temporaryPath]);
    const temporary = await browser.open(temporaryPath);
    expect(temporary.status).toBe(200);
    expect(inputValueOfSelect(temporary.html, 'countryCode')).toBe('IT');
    const confirmed = await fillItalianAddress(browser, temporary, { provinceCode: 'MI', cityCode: 'F205', postalCode: '20121', phone: '02 1234567', street: 'Corso Como', number: '5' });
    expectSeeOther(confirmed, '/cart');
    ({ page, html } = await reload());
    expect(textOf(cartLineHtml(html, 'Club Card'))).toContain(texts.temporary);
    expect(textOf(cartLineHtml(html, 'Club Card'))).toContain('Corso Como 5');
    expect(figureOf(html, texts.shipping)).toBe('€10');
    expect(figureOf(html, texts.total)).toBe('€184');
    // The same page opens with it, and confirming it unchanged saves nothing (spec §4 "Address form").
    const again = await browser.open(temporaryPath);
    expect(inputValue(again.html, 'street')).toBe('Corso Como');
    expectSeeOther(await browser.submit(formOf(again, temporaryPath)), '/cart');
    ({ page, html } = await reload());
    expect(noticeOf(html)).toContain(texts.addressUnchanged);

    // The withdrawal waiver is a choice: checkout opens without it; ticked and saved, it is kept.
    expect(linkHrefs(html, texts.checkout)).toEqual(['/checkout']);
    expect(isChecked(cartLineHtml(html, 'J1897'), 'waiver')).toBe(false);
    expect(textOf(cartLineHtml(html, 'J1897'))).toContain(texts.waiverOptional);
    expectSeeOther(await browser.submit(formWithIntent(page.forms, 'waiver', membershipId), { intent: 'waiver', waiver: 'on' }), '/cart');
    ({ page, html } = await reload());
    expect(noticeOf(html)).toContain(texts.waived);
    expect(isChecked(cartLineHtml(html, 'J1897'), 'waiver')).toBe(true);
    expect(linkHrefs(html, texts.checkout)).toEqual(['/checkout']);

    // A voucher: an unknown code is refused at the field (400, what was typed kept); 10% comes off the items, not shipping.
    const refused = await browser.submit(formWithIntent(page.forms, 'voucher'), { intent: 'voucher', voucherCode: 'NO-SUCH-CODE' });
    expect(refused.status()).toBe(400);
    const refusedHtml = shown(await refused.text());
    expect(errorSummaryOf(refusedHtml)).toContain(texts.unknownVoucher);
    expect(errorSummaryLinks(refusedHtml)).toEqual(['#voucher-voucherCode']);
    expect(inputValue(refusedHtml, 'voucherCode')).toBe('NO-SUCH-CODE');
    const applyVoucher = async (code: string) => {
      expectSeeOther(await browser.post('/cart', { intent: 'voucher', voucherCode: code }), '/cart');
      return reload();
    };
    ({ page, html } = await applyVoucher('sconto10'));
    expect(figureOf(html, texts.total)).toBe('€166.60');
    expectSeeOther(await browser.submit(formWithIntent(page.forms, 'removeVoucher'), { intent: 'removeVoucher' }), '/cart');
    ({ page, html } = await reload());
    expect(figureOf(html, texts.total)).toBe('€184');
    ({ page, html } = await applyVoucher('SCONTO10'));
    expect(figureOf(html, texts.total)).toBe('€166.60');

    // Delete the gift (the page asks first, in a disclosure): "Cart modified", the count and totals follow.
    expect(cartLineHtml(html, 'Kids 0–4')).toMatch(/<details class="confirm-delete"><summary[^>]*>Delete/);
    expectSeeOther(await browser.submit(formWithIntent(page.forms, 'remove', giftId), { intent: 'remove' }), '/cart');
    ({ page, html } = await reload());
    expect(noticeOf(html)).toContain(texts.modified);
    expect(cartLineNames(html)).toEqual(['J1897', 'Club Card']);
    expect(linkNamesTo(html, '/cart')).toContain('Cart (2 items)');
    expect(figureOf(html, texts.total)).toBe('€153.10');

    // Modify goes back into configure with the item prefilled.
    const [modify] = linkHrefs(cartLineHtml(html, 'J1897'), texts.modify);
    expect(modify).toBe(`/products/j1897/configure/buy?cartItem=${membershipId}`);
    const configure = await browser.open(modify!);
    expect(configure.status).toBe(200);
    expect(textOf(shown(configure.html))).toContain(CONFIGURE_TEXTS.en.saveToCart);

    // Checkout lets the ready cart in.
    const checkout = await browser.open('/checkout');
    expect([checkout.status, checkout.url.pathname]).toEqual([200, '/checkout']);
    expect(headingOf(checkout.html)).toBe(texts.checkoutHeading);
    expect(purchaseStepsOf(checkout.html)).toMatchObject({ current: 'Checkout', done: ['Configure, completed', 'Cart, completed'] });
  });

  test('a double submit and going back after adding never make a second item', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    // The form page carries its submission key in its address.
    const opened = await browser.http.get('/products/kids/configure/gift', { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    const formPage = locationOf(opened);
    expect(formPage).toMatch(/^\/products\/kids\/configure\/gift\?submission=[0-9a-f-]{36}$/);
    const page = await browser.open(formPage);
    const form = formOf(page, '/products/kids/configure/gift');
    const gift = { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'amica@example.org' };
    // The same POST twice (a double click that got through): one item.
    const [first, second] = await Promise.all([browser.submit(form, gift), browser.submit(form, gift)]);
    expectSeeOther(first, '/cart');
    expectSeeOther(second, '/cart');
    expect(linkNamesTo((await browser.open('/cart')).html, '/cart')).toContain('Cart (1 item)');
    // Back to the form page: its key made an item, so the page is that item, to edit.
    const back = await browser.open(formPage);
    expect(back.url.search).toMatch(/cartItem=/);
    expect(textOf(shown(back.html))).toContain(CONFIGURE_TEXTS.en.saveToCart);
    expectSeeOther(await browser.submit(formOf(back, '/products/kids/configure/gift')), '/cart');
    expect(linkNamesTo((await browser.open('/cart')).html, '/cart')).toContain('Cart (1 item)');
  });

  test('a fan without birth data or tax code completes the profile first, and comes back to the same address', async ({ fan: { browser } }) => {
    const cart = await browser.http.get('/cart', { maxRedirects: 0 });
    expect([cart.status(), locationOf(cart)]).toEqual([302, '/account/profile/complete?fields=taxcode&redirectUri=%2Fcart']);
    const checkout = await browser.http.get('/checkout', { maxRedirects: 0 });
    expect([checkout.status(), locationOf(checkout)]).toEqual([302, '/account/profile/complete?fields=taxcode&redirectUri=%2Fcheckout']);
    // Completing it goes back there: to checkout, which sends the empty cart back to the cart.
    const completion = await browser.open(locationOf(checkout));
    expectSeeOther(await browser.submit(formOf(completion, '/account/profile/complete'), { ...MARIOS_FORM }), '/checkout');
    const after = await browser.http.get('/checkout', { maxRedirects: 0 });
    expect([after.status(), locationOf(after)]).toEqual([302, '/cart?checkout=refused']);
  });
});

test.describe('the cart without JavaScript, in Italian', () => {
  test.use({ language: 'it' });
  const texts = CART_TEXTS.it;

  test('an item’s address in one step: a hint until checkout sends the fan back, a new address from the cart ships the item', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    await fillCart(browser.http);
    let page = await browser.open('/cart');
    const membershipId = itemIdIn(page.html, 'J1897');
    const cardId = itemIdIn(page.html, 'Carta del club');
    // The withdrawal question answered through its documented form: only addresses are missing.
    expectSeeOther(await browser.post('/cart', { intent: 'waiver', itemId: membershipId, waiver: 'on' }), '/cart');

    // No address book: a neutral hint, and checkout is a link.
    page = await browser.open('/cart');
    let html = shown(page.html);
    expect(textOf(cartLineHtml(html, 'J1897'))).toContain(texts.missingHint);
    expect(textOf(cartLineHtml(html, 'J1897'))).not.toContain(texts.missingError);
    expect(linkHrefs(html, texts.checkout)).toEqual(['/checkout']);

    // Going to checkout brings the fan back, and the missing addresses are now errors.
    const refused = await browser.http.get('/checkout', { maxRedirects: 0 });
    expect([refused.status(), locationOf(refused)]).toEqual([302, '/cart?checkout=refused']);
    page = await browser.open('/cart?checkout=refused');
    html = shown(page.html);
    expect(noticeOf(html)).toContain(texts.completeAddresses);
    expect(textOf(cartLineHtml(html, 'J1897'))).toContain(texts.missingError);
    expect(textOf(cartLineHtml(html, 'Carta del club'))).toContain(texts.missingError);

    // A new address added from the item, prefilled from the profile, ships it there.
    const newAddress = `/account/addresses/new?redirect_uri=%2Fcart&cartItem=${membershipId}`;
    expect(linkHrefs(cartLineHtml(html, 'J1897'), texts.addNewAddress)).toEqual([newAddress]);
    const form = await browser.open(newAddress);
    expect(inputValue(form.html, 'firstName')).toBe('Mario');
    const saved = await fillItalianAddress(browser, form, { provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', phone: '+39 333 1234567', street: 'Via Roma', number: '1' });
    expectSeeOther(saved, '/cart');
    page = await browser.open('/cart');
    html = shown(page.html);
    expect(noticeOf(html)).toContain(texts.addressAdded);
    expect(textOf(cartLineHtml(html, 'J1897'))).toContain('Via Roma 1');

    // The card takes the same address on the cart page, in one step, and checkout opens.
    const viaRoma = selectOptions(cartLineHtml(html, 'Carta del club'), 'addressId').find((option) => option.label.includes('Via Roma 1'));
    expectSeeOther(await browser.submit(formWithIntent(page.forms, 'address', cardId), { addressId: viaRoma!.value }), '/cart');
    html = shown((await browser.open('/cart')).html);
    expect(noticeOf(html)).toContain(texts.addressSaved);
    expect(textOf(cartLineHtml(html, 'Carta del club'))).toContain('Via Roma 1');
    const checkout = await browser.open('/checkout');
    expect([checkout.status, headingOf(checkout.html)]).toEqual([200, texts.checkoutHeading]);
  });

  test('an empty cart offers to continue shopping; checkout sends it back', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    const refused = await browser.http.get('/checkout', { maxRedirects: 0 });
    expect([refused.status(), locationOf(refused)]).toEqual([302, '/cart?checkout=refused']);
    const html = shown((await browser.open('/cart?checkout=refused')).html);
    expect(textOf(html)).toContain(texts.empty);
    expect(linkHrefs(html, texts.continuePurchase)).toContain('/products');
    // An empty cart is no step of a purchase.
    expect(purchaseStepsOf(html)).toBeNull();
  });

  test('welcome back after signing in to a cart with items (a flash notice), and the floating cart button', async ({ fan: { fan, browser } }) => {
    await completeProfile(browser.http);
    await fillCart(browser.http);
    // Signed out with the header's form: back home, a visitor.
    const signedOut = await browser.http.post('/logout/do', { form: {} });
    expect(new URL(signedOut.url()).pathname).toBe('/products');
    expect(linkHrefs(await signedOut.text(), 'Accedi')).not.toHaveLength(0);
    // Signing in from the cart's link comes back to the cart, which welcomes the fan.
    const signIn = await browser.open('/login?redirectUri=/cart');
    const form = signIn.forms.find((each) => each.controls.some((control) => control.name === 'password'));
    const signedIn = await browser.http.post(form!.action, { form: { ...singleValues(form!), email: fan.email, password: fan.password } });
    expect(new URL(signedIn.url()).pathname).toBe('/cart');
    expect(noticeOf(await signedIn.text())).toContain(texts.welcomeBack);
    const products = shown((await browser.open('/products')).html);
    const floating = /<nav aria-label="Carrello e coupon"[^>]*>([\s\S]*?)<\/nav>/.exec(products)?.[1] ?? '';
    expect(linkNamesTo(floating, '/cart')).toEqual(['Carrello (3 articoli)']);
    expect(linkNamesTo(floating, '/coupon')).toEqual(['Coupon']);
  });

  test('two tabs: an item removed in one is "already removed" in the other, and nothing else is lost', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    await fillCart(browser.http);
    // Both tabs show the same cart, and so the same delete form.
    const page = await browser.open('/cart');
    const remove = formWithIntent(page.forms, 'remove', itemIdIn(page.html, 'Kids 0–4'));
    expectSeeOther(await browser.submit(remove, { intent: 'remove' }), '/cart');
    expect(noticeOf((await browser.open('/cart')).html)).toContain('Carrello modificato');
    expectSeeOther(await browser.submit(remove, { intent: 'remove' }), '/cart');
    const html = shown((await browser.open('/cart')).html);
    expect(noticeOf(html)).toContain('era già stato tolto');
    expect(cartLineNames(html)).toEqual(['J1897', 'Carta del club']);
  });

  test('support staff mint a voucher on /dev/vouchers, and the fan’s cart takes it', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    await fillCart(browser.http);
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const mintPage = await browser.open('/dev/vouchers');
    const mint = formOf(mintPage, '/dev/vouchers');
    expectSeeOther(await browser.submit(mint, { code: code.toLowerCase(), discountType: 'amount', amount: '4' }), '/dev/vouchers');
    const minted = shown((await browser.open('/dev/vouchers')).html);
    expect(noticeOf(minted)).toContain(`Voucher ${code} creato.`);
    const row = new RegExp(`<tr>(?:(?!</tr>)[\\s\\S])*${code}(?:(?!</tr>)[\\s\\S])*</tr>`).exec(minted)?.[0] ?? '';
    expect(textOf(row)).toContain('4 €');
    // The same code again is refused at its field.
    const taken = await browser.submit(mint, { code, discountType: 'amount', amount: '4' });
    expect(taken.status()).toBe(400);
    expect(errorSummaryOf(shown(await taken.text()))).toContain('Esiste già un voucher con questo codice.');

    expectSeeOther(await browser.post('/cart', { intent: 'voucher', voucherCode: code }), '/cart');
    expect(figureOf(shown((await browser.open('/cart')).html), texts.total)).toBe('170 €');
  });
});

/** A form's fields with one value each (Playwright's `form` option), as the form sends them. */
function singleValues(form: HtmlForm): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldsOf(form)).map(([name, values]) => [name, values[0] ?? '']));
}

/** The value a `<select>` sends: its selected option's, else its first. */
function inputValueOfSelect(html: string, name: string): string {
  const options = selectOptions(html, name);
  return (options.find((option) => option.selected) ?? options[0])?.value ?? '';
}
