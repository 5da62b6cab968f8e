// Configure and add to cart without JavaScript (docs/forms.md "Configure and add to cart"): GET
// the form, POST its fields, follow the 303 to the cart. Each flow here runs in the language its
// browser journey (e2e/configure.spec.ts, with JavaScript) does not, so both are walked.
import type { APIResponse } from '@playwright/test';
import type { HtmlForm } from '../../tests/support/html-forms';
import { mintCoupon } from '../pages/configure';
import { completeMariosProfile, lineNamed, openCart, pageOf, pageText } from '../support/configure-state';
import { expect, expectSeeOther, fieldsOf, formOf, locationOf, test, type Page, type PlainBrowser } from '../support/contract';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5273de10000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** The configure form of a configure page (it posts to its own address, query kept). */
const configureForm = (page: Page): HtmlForm => formOf(page, /\/configure\/(buy|gift|coupon)\?/);

/** The purchase step the page marks current ("1 Configure"), and whether any step is said done. */
function purchaseStepsOf(html: string): { current: string; anyDone: boolean } {
  const steps = /<ol class="steps"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
  return {
    current: pageText(/<li[^>]*aria-current="step"[^>]*>([\s\S]*?)<\/li>/.exec(steps)?.[1] ?? ''),
    anyDone: /data-state="done"/.test(steps),
  };
}

/** The error summary's links as text ("Date of birth: …"), none when the page has no summary. */
function summaryOf(html: string): string[] {
  const summary = /<div class="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return [...summary.matchAll(/<a href="#[^"]*">([\s\S]*?)<\/a>/g)].map((link) => pageText(link[1]!));
}

/** Sends `form` as a browser sends a form with files (multipart/form-data), `files` in its file fields. */
function submitWithFiles(browser: PlainBrowser, origin: string, form: HtmlForm, changes: Record<string, string>, files: Record<string, Upload>): Promise<APIResponse> {
  expect(form.enctype, 'a form with files is sent as multipart').toBe('multipart/form-data');
  const multipart: Record<string, string | Upload> = {};
  for (const [name, values] of Object.entries(fieldsOf(form))) {
    expect(values.length, `${name}: one value`).toBe(1);
    multipart[name] = values[0]!;
  }
  return browser.http.post(form.action, { multipart: { ...multipart, ...changes, ...files }, headers: { Origin: origin }, maxRedirects: 0 });
}

test.describe('configure without JavaScript, in English', () => {
  test.use({ language: 'en' });
  test.beforeEach(async ({ fan }) => completeMariosProfile(fan.browser));

  test('buy for myself: the entry goes on to the buy form, the item goes in with renewal, and is changed through cartItem', async ({ fan: { browser } }) => {
    // The entry picks the first process, keeping the query; the form page gets its submission key.
    const entry = await browser.http.get('/products/j1897/configure?buyFor=BUY_CARD', { maxRedirects: 0 });
    expect([entry.status(), locationOf(entry)]).toEqual([302, '/products/j1897/configure/buy?buyFor=BUY_CARD']);
    const keyed = await browser.http.get('/products/j1897/configure/buy?buyFor=BUY_CARD', { maxRedirects: 0 });
    expect(keyed.status()).toBe(302);
    expect(locationOf(keyed)).toMatch(/^\/products\/j1897\/configure\/buy\?buyFor=BUY_CARD&submission=[0-9a-f-]{36}$/);

    const page = await browser.open('/products/j1897/configure');
    expect(page.url.pathname + page.url.search).toMatch(/^\/products\/j1897\/configure\/buy\?submission=[0-9a-f-]{36}$/);
    const text = pageText(page.html);
    expect(text).toContain('The holder: you');
    expect(text).toContain('RSSMRA80A01H501U');
    expect(purchaseStepsOf(page.html)).toEqual({ current: '1 Configure', anyDone: false });

    expectSeeOther(await browser.submit(configureForm(page), { automaticRenewal: 'on' }), '/cart');
    const cart = await openCart(browser);
    expect(cart.text).toContain('Cart modified: J1897 added.');
    expect(cart.count).toBe(1);
    const item = lineNamed(cart, 'J1897');

    // Change it: the form comes back prefilled, posts to its own address (cartItem kept) and saves the same item.
    expect(item.modifyHref).toMatch(/^\/products\/j1897\/configure\/buy\?cartItem=[0-9a-f-]{36}$/);
    const edit = await browser.open(item.modifyHref);
    const editForm = configureForm(edit);
    expect(editForm.action).toContain('cartItem=');
    expect(editForm.controls.find((control) => control.name === 'automaticRenewal')?.checked).toBe(true);
    expect(pageText(edit.html)).toContain('Save to cart');
    expectSeeOther(await browser.submit(editForm, { automaticRenewal: null }), '/cart');
    const changed = await openCart(browser);
    expect(changed.count).toBe(1);
    const again = await browser.open(lineNamed(changed, 'J1897').modifyHref);
    expect(configureForm(again).controls.find((control) => control.name === 'automaticRenewal')?.checked).toBe(false);
  });

  test('gift to someone by e-mail with a message', async ({ fan: { browser } }) => {
    const page = await browser.open('/products/black-and-white/configure/gift');
    const gift = { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'amica@example.org', giftMessage: 'Forza! Buon compleanno' };
    expectSeeOther(await browser.submit(configureForm(page), gift), '/cart');
    const cart = await openCart(browser);
    const item = lineNamed(cart, 'Black & White');
    expect(item.text).toContain('A gift: the holder is whoever redeems it');
    expect(item.text).toContain('amica@example.org');
    expect(item.text).toContain('Forza! Buon compleanno');
    expect(cart.count).toBe(1);
  });
});

test.describe('configure without JavaScript, in Italian', () => {
  test.use({ language: 'it' });

  test.describe('with a complete profile', () => {
    test.beforeEach(async ({ fan }) => completeMariosProfile(fan.browser));

    test('buy on behalf of a Junior product: the lists narrow by the refresh, a holder too old is refused at the date of birth, one in the band goes in', async ({ fan: { browser } }) => {
      const page = await browser.open('/products/kids/configure/buy');
      // Mario is too old to hold a Kids membership: on behalf is the only choice.
      expect(pageText(page.html)).toContain('Il gestore: tu');
      const holder = { firstName: 'Luca', lastName: 'Rossi', dob: '2010-01-01', gender: 'M', birthProvinceCode: 'RM' };
      const form = configureForm(page);
      expect(form.controls.find((control) => control.name === 'birthCityCode')?.disabled, 'no municipality before a province').toBe(true);

      // The refresh saves nothing: the page comes back with what was typed and the province's municipalities.
      const refreshed = await pageOf(await browser.submit(form, { ...holder, intent: 'refresh' }));
      expect(refreshed.status).toBe(200);
      expect(summaryOf(refreshed.html), 'nothing was refused').toEqual([]);
      const refreshedForm = configureForm(refreshed);
      expect(refreshedForm.controls.find((control) => control.name === 'birthCityCode')?.disabled).toBe(false);
      expect(refreshedForm.controls.find((control) => control.name === 'previous.birthProvinceCode')?.value).toBe('RM');
      expect(refreshed.html).toContain('<option value="H501">Roma</option>');

      const tooOld = await pageOf(await browser.submit(refreshedForm, { birthCityCode: 'H501' }));
      expect(tooOld.status).toBe(400);
      expect(summaryOf(tooOld.html)).toEqual([expect.stringMatching(/^Data di nascita: /)]);

      // The refused page kept everything typed: a date in the band is all it takes.
      expectSeeOther(await browser.submit(configureForm(tooOld), { dob: '2023-03-10' }), '/cart');
      const cart = await openCart(browser);
      expect(lineNamed(cart, 'Kids 0–4').text).toContain('Luca Rossi');
      expect(cart.count).toBe(1);
    });

    test('a coupon through /coupon, typed loosely, leads to its membership, which costs nothing; the same code again is refused', async ({ fan: { browser } }) => {
      const code = await mintCoupon(browser.http, 'stadium');
      const entry = await browser.open('/coupon');
      // Lower case, no hyphen: the shop reads it as the spec says.
      const onward = await browser.submit(formOf(entry, '/coupon'), { couponCode: code.replace('-', '').toLowerCase() });
      expectSeeOther(onward, `/products/stadium/configure/coupon?couponCode=${code}`);
      const page = await browser.open(locationOf(onward));
      const form = configureForm(page);
      expect(form.controls.find((control) => control.name === 'couponCode')?.value).toBe(code);
      expectSeeOther(await browser.submit(form), '/cart');
      const cart = await openCart(browser);
      const item = lineNamed(cart, 'Stadium');
      expect(item.text).toContain(code);
      expect(item.text).toContain('0 €');
      expect(cart.count).toBe(1);

      const again = await browser.submit(formOf(await browser.open('/coupon'), '/coupon'), { couponCode: code });
      expect(again.status(), 'a used code is refused on /coupon itself').toBe(400);
      expect(pageText(await again.text())).toContain('Questo coupon è già stato usato.');
    });

    test('the club card with a size, a name and both sides of the document; changing it lists the stored documents', async ({ fan: { browser }, baseURL }) => {
      const page = await browser.open('/products/jcard/configure');
      expect(page.url.pathname + page.url.search).toMatch(/^\/products\/jcard\/configure\/buy\?submission=/);
      const form = configureForm(page);
      // The sold-out size is shown but cannot be chosen; the name's one limit is the product's 10.
      const sizes = form.controls.filter((control) => control.name === 'variantId');
      expect(sizes.filter((size) => size.disabled).map((size) => size.value)).toEqual(['jcard-64']);
      expect(form.controls.find((control) => control.name === 'customization')?.maxLength).toBe(10);

      const added = await submitWithFiles(browser, new URL(baseURL!).origin, form, { variantId: 'jcard-48', customization: 'Mario', documentType: 'IDENTITY' }, {
        documentFront: { name: 'front.png', mimeType: 'image/png', buffer: PNG },
        documentBack: { name: 'back.pdf', mimeType: 'application/pdf', buffer: PDF },
      });
      expectSeeOther(added, '/cart');
      const cart = await openCart(browser);
      const item = lineNamed(cart, 'Carta del club');
      expect(cart.count).toBe(1);
      const edit = pageText((await browser.open(item.modifyHref)).html);
      expect(edit).toContain('front.png (png)');
      expect(edit).toContain('back.pdf (pdf)');
    });

    test('the academy is bought for oneself: no renewal, nothing to ship, checkout open', async ({ fan: { browser } }) => {
      const page = await browser.open('/products/academy_2526_main/configure');
      expect(page.url.pathname + page.url.search).toMatch(/^\/products\/academy_2526_main\/configure\/buy\?submission=/);
      expect(pageText(page.html)).toContain('Il titolare: tu');
      const form = configureForm(page);
      expect(form.controls.map((control) => control.name)).not.toContain('automaticRenewal');
      expectSeeOther(await browser.submit(form), '/cart');
      const cart = await openCart(browser);
      const item = lineNamed(cart, 'Academy – Scuola calcio');
      // Its tag, worded by the page (not the raw code); no shipping address to choose.
      expect(item.text).toContain('Academy – Scuola calcio Academy');
      expect(item.text).not.toContain('Indirizzo di spedizione');
      expect(cart.count).toBe(1);
      expect((await browser.open('/cart')).html).toMatch(/<a class="button button--primary cart-box__checkout" href="\/checkout"[^>]*><span[^>]*>Vai alla cassa<\/span>/);
    });

    test('refused on behalf, then "for me": a page of its own without the other choice’s errors, and the item goes in', async ({ fan: { browser } }) => {
      const onBehalf = await browser.open('/products/black-and-white/configure/buy?buyFor=BUY_ON_BEHALF');
      const refused = await browser.submit(configureForm(onBehalf));
      expect(refused.status()).toBe(400);
      const refusedHtml = await refused.text();
      expect(summaryOf(refusedHtml)).toContain('Nome del titolare: Campo obbligatorio.');
      const forMe = /<a class="button" href="([^"]*buyFor=BUY_CARD[^"]*)"[^>]*>Per me<\/a>/.exec(refusedHtml)?.[1];
      expect(forMe, 'the "for me" link').toBeTruthy();
      const page = await browser.open(forMe!.replaceAll('&amp;', '&'));
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<a class="button" aria-current="true" href="[^"]*buyFor=BUY_CARD[^"]*"[^>]*>Per me<\/a>/);
      expect(pageText(page.html)).toContain('Il titolare: tu');
      expect(summaryOf(page.html)).toEqual([]);
      expectSeeOther(await browser.submit(configureForm(page)), '/cart');
      expect((await openCart(browser)).count).toBe(1);
    });
  });

  test('a missing profile blocks the purchase and links to its completion, which comes back here', async ({ fan: { browser } }) => {
    const page = await browser.open('/products/black-and-white/configure/buy');
    expect(page.status).toBe(200);
    expect(pageText(page.html)).toContain('Mancano alcuni dati');
    expect(page.forms.filter((form) => form.action.includes('/configure/'))).toEqual([]);
    // Back to this very page, its submission key included (domain/submission-key.ts).
    const link = /<a[^>]*href="([^"]*)"[^>]*>Completa il profilo<\/a>/.exec(page.html)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toBe(`/account/profile/complete?fields=taxcode&redirectUri=${encodeURIComponent(page.url.pathname + page.url.search)}`);
    expect(page.url.search).toMatch(/^\?submission=[0-9a-f-]{36}$/);
  });

  test('configuring a product that does not exist is the shop’s 404 page, not its data', async ({ fan: { browser } }) => {
    const page = await browser.open('/products/no-such-product/configure');
    expect(page.status).toBe(404);
    const text = pageText(page.html);
    expect(text).toContain('Risorsa non trovata.');
    expect(text).not.toContain('product-not-found');
  });
});
