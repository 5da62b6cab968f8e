// Bad input to the configure forms is refused (400 or 404) with its message, and nothing is
// saved — posted as support staff or a script would post it (docs/forms.md).
import type { APIResponse } from '@playwright/test';
import { completeMariosProfile, openCart, pageOf, pageText } from '../support/configure-state';
import { expect, test, type PlainBrowser } from '../support/contract';

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const CARD = '/products/jcard/configure/buy';

type Upload = { name: string; mimeType: string; buffer: Buffer };

const cardForm = (front?: Upload) => ({
  buyFor: 'BUY_CARD',
  variantId: 'jcard-48',
  customization: 'MARIO',
  documentType: 'IDENTITY',
  ...(front ? { documentFront: front } : {}),
});

test.describe('configure: bad input', () => {
  test.use({ language: 'en' });

  let origin = '';
  /** A multipart post from the shop's own page, as the card's form sends it. */
  const postCard = (browser: PlainBrowser, multipart: Record<string, string | Upload>): Promise<APIResponse> =>
    browser.http.post(CARD, { multipart, headers: { Origin: origin }, maxRedirects: 0 });

  test.beforeEach(async ({ fan, baseURL }) => {
    origin = new URL(baseURL!).origin;
    await completeMariosProfile(fan.browser);
  });

  async function expectCartEmpty(browser: PlainBrowser) {
    expect((await openCart(browser)).text).toContain('Your cart is empty.');
  }

  test('card documents: too large, not a document, missing front, a sold-out size', async ({ fan: { browser } }) => {
    const tooLarge = Buffer.concat([PNG_HEAD, Buffer.alloc(4_194_305 - PNG_HEAD.length)]);
    const large = await postCard(browser, cardForm({ name: 'scan.png', mimeType: 'image/png', buffer: tooLarge }));
    expect(large.status()).toBe(400);
    expect(pageText(await large.text())).toContain('Unable to load a file greater than 4Mb');
    // Nothing else is lost: what was typed comes back, with no false "required", and the good
    // front is asked for again (a refused post keeps no file).
    const largeBack = await pageOf(
      await postCard(browser, {
        ...cardForm({ name: 'front.png', mimeType: 'image/png', buffer: PNG_HEAD }),
        customization: 'ZOE',
        documentBack: { name: 'back.png', mimeType: 'image/png', buffer: tooLarge },
      }),
    );
    expect(largeBack.status).toBe(400);
    const refusedText = pageText(largeBack.html);
    expect(refusedText).toContain('Unable to load a file greater than 4Mb');
    expect(refusedText).toContain('This file was fine, but another one was not: choose it again.');
    expect(refusedText).not.toContain('This field is required.');
    const customization = largeBack.forms.flatMap((form) => form.controls).find((control) => control.name === 'customization');
    expect(customization?.value).toBe('ZOE');

    // A Windows program renamed .pdf and declared a PDF: the bytes decide.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
    const program = await postCard(browser, cardForm({ name: 'id.pdf', mimeType: 'application/pdf', buffer: exe }));
    expect(program.status()).toBe(400);
    expect(pageText(await program.text())).toContain('Upload a JPEG or PNG image, a PDF or a Word document.');

    const missing = await postCard(browser, cardForm());
    expect(missing.status()).toBe(400);
    expect(pageText(await missing.text())).toContain('Front of the document: This field is required.');

    const soldOut = await postCard(browser, { ...cardForm({ name: 'id.png', mimeType: 'image/png', buffer: PNG_HEAD }), variantId: 'jcard-64' });
    expect(soldOut.status()).toBe(400);
    expect(pageText(await soldOut.text())).toContain('This size is sold out: please choose another one.');
    await expectCartEmpty(browser);
  });

  test('forged choices: a buy-for the age rule does not offer, unknown products, processes and items', async ({ fan: { browser } }) => {
    const status = async (answer: Promise<APIResponse>) => (await answer).status();
    // GETs follow redirects as a browser does (a new item's page goes on to its submission key first).
    const get = (path: string) => status(browser.http.get(path));
    const post = (path: string, fields: Record<string, string>) => status(browser.post(path, fields));
    // Mario (46) cannot hold a Kids membership himself.
    expect(await post('/products/kids/configure/buy', { buyFor: 'BUY_CARD' })).toBe(400);
    expect(await post('/products/j1897/configure/buy', { buyFor: 'BUY_EVERYTHING' })).toBe(400);
    expect(await get('/products/j1897/configure/buy?buyFor=BUY_NOTHING')).toBe(400);

    expect(await get('/products/no-such-product/configure/buy')).toBe(404);
    expect(await post('/products/no-such-product/configure/buy', { buyFor: 'BUY_CARD' })).toBe(404);
    expect(await get('/products/jcard/configure/gift')).toBe(404);
    expect(await get('/products/j1897/configure/rent')).toBe(404);
    // Stadium is had by coupon only.
    expect(await get('/products/stadium/configure/buy')).toBe(404);
    const foreignItem = '/products/j1897/configure/buy?cartItem=0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11';
    expect(await get(foreignItem)).toBe(404);
    expect(await post(foreignItem, { buyFor: 'BUY_CARD' })).toBe(404);
    expect(await get('/products/j1897/configure/buy?cartItem=not-an-id')).toBe(404);
    await expectCartEmpty(browser);
  });

  test("a forged price or holder for myself changes nothing: the price is the shop's, the holder the profile", async ({ fan: { browser } }) => {
    const added = await browser.post('/products/j1897/configure/buy', {
      buyFor: 'BUY_CARD',
      unitPriceCents: '0',
      priceCents: '0',
      firstName: 'Someone',
      lastName: 'Else',
      taxCode: 'XXXXXX00X00X000X',
    });
    expect(added.status()).toBe(303);
    const cart = (await openCart(browser)).text;
    // The holder is the fan's profile; the price the catalogue's, with no "it has changed" note from a forged snapshot.
    expect(cart).toContain('Mario Rossi');
    expect(cart).not.toContain('Someone');
    expect(cart).toContain('€149');
    expect(cart).not.toContain('The price has changed');
  });

  test('the tax code check (on blur): code 0 for a match, the reason and its message otherwise, 400 without what it needs', async ({ fan: { browser } }) => {
    const check = (query: Record<string, string>) => browser.http.get(`/configure/tax-code?${new URLSearchParams(query).toString()}`);
    const mario = {
      surname: 'Rossi',
      name: 'Mario',
      gender: 'M',
      birthDate: '01/01/1980',
      birthCountryCode: 'IT',
      birthCityCode: 'H501',
      fiscalCode: 'rssmra80a01h501u',
    };
    expect(await (await check(mario)).json()).toEqual({ code: 0 });
    const milan = await (await check({ ...mario, fiscalCode: 'RSSMRA80A01F205X' })).json();
    expect(milan).toMatchObject({ code: 1, reason: 'birthPlace' });
    expect(milan.message).toBeTruthy();
    expect(await (await check({ ...mario, fiscalCode: 'RSSMRA80A01H501X' })).json()).toMatchObject({ code: 1, reason: 'checksum' });
    // Born abroad: the place is not compared (only an Italian-born holder's is), the rest still is.
    const emma = { surname: 'Rossi', name: 'Emma', gender: 'F', birthDate: '15/03/2018', birthCountryCode: 'FR', birthCityCode: '' };
    expect(await (await check({ ...emma, fiscalCode: 'RSSMME18C55Z110A' })).json()).toEqual({ code: 0 });
    expect(await (await check({ ...emma, fiscalCode: 'RSSMME18C55Z404Q' })).json()).toEqual({ code: 0 });
    expect(await (await check({ ...emma, gender: 'M', fiscalCode: 'RSSMME18C55Z404Q' })).json()).toMatchObject({ code: 1, reason: 'gender' });
    expect(await (await check({ ...mario, birthCityCode: 'F205' })).json()).toMatchObject({ code: 1, reason: 'birthPlace' });
    expect((await check({ ...mario, birthDate: '1980-01-01' })).status()).toBe(400);
    expect((await check({ ...mario, surname: 'R'.repeat(500) })).status()).toBe(400);
  });
});

test.describe('configure: a profile not complete yet', () => {
  // A browser never posts this form then (the page shows what is missing instead); curl or a tab
  // opened before the fan's birth date was cleared does.
  test('a post of the form answers 303 back to the page, which lists what is missing — never a 500', async ({ fan: { browser } }) => {
    for (const path of ['/products/j1897/configure/buy', '/products/kids/configure/gift']) {
      const posted = await browser.post(path, { buyFor: 'BUY_MEMBERSHIP_FOR_ME' });
      expect([posted.status(), posted.headers().location], path).toEqual([303, path]);
      expect(pageText((await browser.open(path)).html)).toMatch(/date of birth|data di nascita/i);
    }
  });
});
