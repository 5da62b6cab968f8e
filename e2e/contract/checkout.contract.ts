// Checkout without JavaScript (docs/forms.md "Checkout"): one form, every button posting every
// field; refused → 400 with every field's message, placed → 303 to the thank-you page or the PSP.
// Each journey here runs in the language its browser journey (e2e/checkout.spec.ts) does not.
import { saveAddress } from '../pages/cart';
import { academyInCart, CHECKOUT_TEXTS, paidGiftInCart } from '../pages/checkout';
import { keptWithdrawalStartDay, ORDERS_TEXTS } from '../pages/orders';
import { cartLineHtml, descriptionOf, errorSummaryOf, headingOf, inputValue, isChecked, labelOf, linkHrefs, linkNamesTo, selectOptions, shown } from '../support/cart-html';
import { ADDRESSES, checkoutForm, clubCardInCart, completeProfile, payFields, stadiumWithCouponInCart } from '../support/cart-state';
import { expect, expectSeeOther, locationOf, test, textOf, type PlainBrowser } from '../support/contract';
import type { HtmlForm } from '../../tests/support/html-forms';

/** The checkout form's terms boxes, by name, in the page's order (the invoicing toggle is no term). */
function boxesOf(form: HtmlForm): string[] {
  return form.controls.filter((control) => control.type === 'checkbox' && control.name !== 'invoiceWithVat').map((control) => control.name);
}

/** Posts checkout's pay with every box ticked but those in `unticked`, `changes` added. */
async function pay(browser: PlainBrowser, form: HtmlForm, { unticked = [], changes = {} }: { unticked?: string[]; changes?: Record<string, string> } = {}) {
  const fields = payFields(form, changes);
  for (const name of unticked) delete fields[name];
  return browser.post('/checkout', fields);
}

/** No floating cart or coupon button on the page: the cart, checkout and every step after. */
function expectNoFloatingControls(html: string, label: string) {
  expect(html).not.toContain(`aria-label="${label}"`);
  expect(linkNamesTo(html, '/coupon')).not.toContain('Coupon');
}

test.describe('checkout without JavaScript, in Italian', () => {
  test.use({ language: 'it' });
  const texts = CHECKOUT_TEXTS.it;
  const orderTexts = ORDERS_TEXTS.it;

  test('a zero-total coupon order, right of withdrawal kept: the terms a membership asks, refused without one, then thank-you, receipt and mail say when it starts', async ({
    fan: { fan, browser },
  }) => {
    const { http } = browser;
    await completeProfile(http);
    // Stadium ships nowhere and is sold only in Italy, San Marino and the Vatican: an Italian
    // address bills it (the preferred one, chosen in advance), though nothing is paid.
    await saveAddress(http, ADDRESSES.viaRoma);
    // The withdrawal waiver left unticked: a choice, not a gate.
    await stadiumWithCouponInCart(http);

    // The floating cart and coupon buttons: on the catalogue with the cart full, never on the cart nor checkout.
    const catalogue = shown((await browser.open('/products')).html);
    expect(catalogue).toContain('aria-label="Carrello e coupon"');
    expect(linkNamesTo(catalogue, '/coupon')).toContain('Coupon');
    const cart = shown((await browser.open('/cart')).html);
    expectNoFloatingControls(cart, 'Carrello e coupon');
    // The waiver box links to the right it gives up.
    expect(linkHrefs(cart, texts.withdrawalLink)).toEqual(['/terms/withdrawal']);

    let page = await browser.open('/checkout');
    let html = shown(page.html);
    expect([page.status, headingOf(html)]).toEqual([200, texts.heading]);
    expectNoFloatingControls(html, 'Carrello e coupon');

    // A membership-only cart: the membership terms and the guardian declaration; no invoicing, nothing to pay.
    const form = await checkoutForm(http);
    expect(boxesOf(form)).toEqual(['membershipTerms', 'guardianDeclaration']);
    expect(form.controls.filter((control) => control.name === 'invoiceWithVat' || control.name === 'paymentMethod')).toEqual([]);
    expect(labelOf(html, 'checkout-membershipTerms').text).toMatch(texts.membershipTerms);
    expect(labelOf(html, 'checkout-guardianDeclaration').text).toMatch(texts.guardianDeclaration);

    // The terms box links to the text it accepts, outside its label; a declaration is its own text, no link.
    expect(labelOf(html, 'checkout-membershipTerms').hasLink).toBe(false);
    expect(linkHrefs(html, texts.membershipTermsLink)).toEqual(['/terms/membership']);
    expect(html.match(/href="\/terms\//g)).toHaveLength(1);
    // The page in the shop language, with the version recorded, and no script at all.
    const terms = await browser.open('/terms/membership');
    expect([terms.status, headingOf(terms.html)]).toEqual([200, texts.membershipTermsTitle]);
    expect(textOf(terms.html)).toMatch(/membership-2025-26\.1/);
    expect(terms.html).not.toContain('<script');
    expect((await browser.http.get('/terms/no-such-terms')).status()).toBe(404);
    expect(isChecked(html, 'membershipTerms')).toBe(false);

    // A box left unticked: refused (400), the error summary names it; the ticked one stays ticked.
    const refused = await pay(browser, form, { unticked: ['guardianDeclaration'] });
    expect(refused.status()).toBe(400);
    html = shown(await refused.text());
    expect(errorSummaryOf(html)).toContain(texts.guardianLabel);
    expect(errorSummaryOf(html)).not.toContain(texts.termsLabel);
    expect(isChecked(html, 'membershipTerms')).toBe(true);
    expect(descriptionOf(html, 'guardianDeclaration')).toBe(texts.tickBox);

    // Both ticked: the order is placed and fulfilled, straight to the thank-you page.
    // A payment just before midnight in Rome may be dated either day.
    const startDays = [keptWithdrawalStartDay(new Date())];
    const placed = await pay(browser, form);
    startDays.push(keptWithdrawalStartDay(new Date()));
    expectSeeOther(placed, /^\/thankyou\?orderId=[0-9a-f-]{36}$/);
    const startsOn = new RegExp(startDays.map((day) => orderTexts.withdrawalKept(day)).join('|'));
    page = await browser.open(locationOf(placed));
    html = shown(page.html);
    // The owner sees the order's summary, with the membership code just issued and when it starts.
    expect(textOf(html)).toMatch(/JM[0-9A-Z]{10}/);
    expect(textOf(html)).toMatch(startsOn);
    expectNoFloatingControls(html, 'Carrello e coupon');

    // The receipt says the right of withdrawal was kept, and the day the membership starts.
    const orderId = page.url.searchParams.get('orderId') ?? '';
    expect(textOf(shown((await browser.open(`/account/orders/${orderId}`)).html))).toMatch(startsOn);

    // The confirmation mail, in the fan language, names the membership issued and when it starts.
    const outbox = shown((await browser.open(`/dev/outbox?to=${encodeURIComponent(fan.email)}`)).html);
    const mails = [...outbox.matchAll(/<li[^>]*class="[^"]*outbox-mail[^"]*"[^>]*>([\s\S]*?)<\/li>/g)].map(([, mail]) => textOf(mail!));
    const confirmations = mails.filter((mail) => /ordine \d{9} confermato/.test(mail));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatch(/JM[0-9A-Z]{10}/);
    expect(confirmations[0]).toMatch(startsOn);
  });

  test('a voucher checkout does not know, and one typed wrong, are refused in words beside the box', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    await paidGiftInCart(browser.http);
    const form = await checkoutForm(browser.http);
    for (const [typed, refusal] of [
      ['NOSUCHCODE', 'Non conosciamo questo codice voucher.'],
      ['NO SUCH!', 'Un codice voucher ha solo lettere, cifre e trattini.'],
    ] as const) {
      const answer = await browser.post('/checkout', payFields(form, { intent: 'voucher', voucherCode: typed }));
      expect(answer.status(), typed).toBe(400);
      const html = shown(await answer.text());
      expect(errorSummaryOf(html)).toContain(refusal);
      expect(descriptionOf(html, 'voucherCode')).toContain(refusal);
      expect(textOf(html)).not.toContain('cart:errors');
    }
  });
});

test.describe('checkout without JavaScript, in English', () => {
  test.use({ language: 'en' });
  const texts = CHECKOUT_TEXTS.en;
  const orderTexts = ORDERS_TEXTS.en;

  test('VAT invoicing: Italy needs the SDI code and PEC; another country clears them; toggling off clears all', async ({ fan: { browser } }) => {
    const { http } = browser;
    await completeProfile(http);
    await saveAddress(http, ADDRESSES.viaRoma);
    await saveAddress(http, ADDRESSES.paris);
    await paidGiftInCart(http);
    const page = await browser.open('/checkout');
    // The page's CSS shows the tax code for an Italian billing address: the server marks which those are.
    const billing = [...page.html.matchAll(/<input[^>]*name="billingAddressId"[^>]*>[\s\S]*?<\/label>/g)].map(([choice]) => ({ italian: /data-italian=""/.test(choice), text: textOf(choice) }));
    expect(billing.find((choice) => choice.text.includes('Via Roma 1'))?.italian).toBe(true);
    expect(billing.find((choice) => choice.text.includes('Rue de Rivoli'))?.italian).toBe(false);
    const form = await checkoutForm(http);
    const invoicing = (changes: Record<string, string>) => pay(browser, form, { unticked: boxesOf(form), changes: { invoiceWithVat: 'on', ...changes } });

    // Italy asks for an 11-digit number, the SDI code and the PEC.
    const italian = await invoicing({ vatCountry: 'IT', vatNumber: '123' });
    expect(italian.status()).toBe(400);
    const summary = errorSummaryOf(shown(await italian.text()));
    for (const expected of [texts.vatItalian, texts.receiverCode, texts.emailPec]) expect(summary).toContain(expected);

    // Another country: the server ignores the Italian fields and shows them again empty.
    const french = await invoicing({ vatCountry: 'FR', vatNumber: '12345678901', receiverCode: 'ABC1234', emailPec: 'fatture@pec.example.it' });
    expect(french.status()).toBe(400);
    const frenchPage = shown(await french.text());
    expect(selectOptions(frenchPage, 'vatCountry').find((option) => option.selected)?.value).toBe('FR');
    // What was typed is shown again (the number), what France ignores is not.
    expect(inputValue(frenchPage, 'vatNumber')).toBe('12345678901');
    expect([inputValue(frenchPage, 'receiverCode'), inputValue(frenchPage, 'emailPec')]).toEqual(['', '']);

    // Toggled off: every invoicing field comes back empty.
    const off = await pay(browser, form, { unticked: [...boxesOf(form), 'invoiceWithVat'], changes: { vatCountry: 'FR', vatNumber: 'FR12345678' } });
    expect(off.status()).toBe(400);
    const offPage = shown(await off.text());
    expect(isChecked(offPage, 'invoiceWithVat')).toBe(false);
    expect(selectOptions(offPage, 'vatCountry').find((option) => option.selected)?.value ?? '').toBe('');
    expect(inputValue(offPage, 'vatNumber')).toBe('');
  });

  test('a VAT country that is no country (ZZ) is refused by the server: 400, the field’s message in either language, no order', async ({ fan: { browser } }) => {
    await completeProfile(browser.http);
    await saveAddress(browser.http, ADDRESSES.viaRoma);
    await paidGiftInCart(browser.http);
    const form = await checkoutForm(browser.http);
    // What the page's form would post, with every box ticked and a country no list offers.
    const fields = payFields(form, { paymentMethod: 'scheme', invoiceWithVat: 'on', vatNumber: 'ZZ123456789' });
    const messages = { en: 'Choose a country from the list.', it: "Scegli un paese dall'elenco." };
    for (const [language, vatCountry] of [['it', 'zz'], ['en', 'ZZ']] as const) {
      const answer = await browser.post(`/checkout?lng=${language}`, { ...fields, vatCountry });
      expect(answer.status(), language).toBe(400);
      const html = await answer.text();
      expect(html).toContain(`lang="${language}"`);
      expect(textOf(shown(html))).toContain(messages[language]);
    }
    // Nothing kept: no order, and the cart still goes to checkout.
    expect(textOf(shown((await browser.open('/account/orders')).html))).toContain(orderTexts.listEmpty);
    const checkout = await browser.open('/checkout?lng=en');
    expect([checkout.status, headingOf(checkout.html)]).toEqual([200, texts.heading]);
  });

  test('an order with something to pay: placed awaiting payment on the way to the PSP; listed with a pay link, its receipt offers to pay; the cart is spent', async ({ fan: { browser } }) => {
    const { http } = browser;
    await completeProfile(http);
    await saveAddress(http, ADDRESSES.viaRoma);
    await paidGiftInCart(http);

    // Billed to the only address; both boxes ticked; pay places the order and opens the PSP's page.
    const form = await checkoutForm(http);
    expect(isChecked((await browser.open('/checkout')).html, 'billingAddressId')).toBe(true);
    expect(boxesOf(form)).toEqual(['membershipTerms', 'guardianDeclaration']);
    expectSeeOther(await pay(browser, form), /^\/_psp\/pay\//);

    // The fan leaves without paying: the order waits in the list, which offers to pay it, naming it.
    const list = shown((await browser.open('/account/orders')).html);
    expect(textOf(list)).toContain(orderTexts.statuses.awaiting_payment);
    const number = /Order (\d{9})/.exec(textOf(list))?.[1] ?? '';
    expect(number).toMatch(/^\d{9}$/);
    expect(textOf(list).match(/Order \d{9}/g)?.length, 'one order listed').toBe(1);
    const payLinks = [...list.matchAll(/<a\b[^>]*href="(\/payment\?orderId=[0-9a-f-]{36})"[^>]*>([\s\S]*?)<\/a>/g)];
    // Its name is its aria-label.
    expect(payLinks.map(([link]) => /aria-label="([^"]*)"/.exec(link)?.[1])).toContain(`Pay now for order ${number}`);

    // Its receipt shows the pay-by time and offers to pay.
    const orderId = /orderId=([0-9a-f-]{36})/.exec(payLinks[0]![1]!)![1]!;
    const receipt = shown((await browser.open(`/account/orders/${orderId}`)).html);
    expect(headingOf(receipt)).toBe(orderTexts.order(number));
    const words = textOf(receipt);
    for (const expected of [orderTexts.statuses.awaiting_payment, 'Kids 0–4', '€15', orderTexts.codePending, orderTexts.buyerHeading, orderTexts.billingHeading, orderTexts.termsHeading]) {
      expect(words).toContain(expected);
    }
    expect(/<dt>Pay by<\/dt><dd>([^<]+)<\/dd>/.exec(receipt)?.[1]?.trim()).toBeTruthy();
    expect(linkHrefs(receipt, 'Pay now')).toEqual([`/payment?orderId=${orderId}`]);

    // The cart was checked out: checkout sends the fan back to the (empty) cart.
    const after = await http.get('/checkout', { maxRedirects: 0 });
    expect([after.status(), locationOf(after)]).toEqual([302, '/cart?checkout=refused']);
  });

  test('the terms follow the cart: the academy alone, then with the club card', async ({ fan: { browser } }) => {
    const { http } = browser;
    await completeProfile(http);
    await saveAddress(http, ADDRESSES.viaRoma);
    await academyInCart(http);

    // Only the academy: its terms and its season text, not the membership terms nor the guardian declaration.
    let html = shown((await browser.open('/checkout')).html);
    expect(headingOf(html)).toBe(texts.heading);
    expect(boxesOf(await checkoutForm(http))).toEqual(['academyTerms']);
    expect(labelOf(html, 'checkout-academyTerms').text).toMatch(texts.academyTerms);
    expect(textOf(html)).toMatch(texts.academyText);

    // With the club card (shipped to the preferred address): the membership terms come back, with the four card declarations.
    await clubCardInCart(http);
    const cart = shown((await browser.open('/cart')).html);
    expect(selectOptions(cartLineHtml(cart, 'Club Card'), 'addressId').find((option) => option.selected)?.label).toContain('Via Roma 1');
    html = shown((await browser.open('/checkout')).html);
    expect(headingOf(html)).toBe(texts.heading);
    const boxes = boxesOf(await checkoutForm(http));
    expect(boxes).toEqual(expect.arrayContaining(['membershipTerms', 'academyTerms', 'cardDataDeclaration', 'cardDocumentsDeclaration', 'cardPersonalUseDeclaration', 'cardLegalAgeDeclaration']));
    expect(boxes).not.toContain('guardianDeclaration');
    const declarations = ['cardDataDeclaration', 'cardDocumentsDeclaration', 'cardPersonalUseDeclaration', 'cardLegalAgeDeclaration'].map((name) => labelOf(html, `checkout-${name}`).text);
    texts.cardDeclarations.forEach((declaration, index) => expect(declarations[index]).toMatch(declaration));
  });
});
