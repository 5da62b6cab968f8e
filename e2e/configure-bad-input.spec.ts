import type { Page } from '@playwright/test';
import { signUpFanWithProfile } from './pages/configure';
import { expect, test } from './support/test';
import { renderedHtml } from './support/shop';

// Issue 11, deliverable 9: bad input to the configure forms is refused (400 or 404) with its
// message, and nothing is saved — checked over HTTP, as support staff or a script would post.
test.describe('configure: bad input', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no browser involved: once is enough');

  const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const CARD = '/products/jcard/configure/buy';
  const cardForm = (front?: { name: string; mimeType: string; buffer: Buffer }) => ({
    buyFor: 'BUY_CARD',
    variantId: 'jcard-48',
    customization: 'MARIO',
    documentType: 'IDENTITY',
    ...(front ? { documentFront: front } : {}),
  });

  test.beforeEach(async ({ page, auth }) => {
    await signUpFanWithProfile(page, auth, 'en');
  });

  async function expectCartEmpty(page: Page) {
    const cart = await page.request.get('/cart');
    expect(await renderedHtml(cart)).toContain('Your cart is empty.');
  }

  test('card documents: too large, not a document, missing front, a sold-out size', async ({ page }) => {
    const tooLarge = Buffer.concat([PNG_HEAD, Buffer.alloc(4_194_305 - PNG_HEAD.length)]);
    const large = await page.request.post(CARD, { multipart: cardForm({ name: 'scan.png', mimeType: 'image/png', buffer: tooLarge }) });
    expect(large.status()).toBe(400);
    expect(await renderedHtml(large)).toContain('Unable to load a file greater than 4Mb');
    // Nothing else is lost: what was typed comes back, with no false "required", and the good
    // front is asked for again (a refused post keeps no file).
    const largeBack = await page.request.post(CARD, {
      multipart: {
        ...cardForm({ name: 'front.png', mimeType: 'image/png', buffer: PNG_HEAD }),
        customization: 'ZOE',
        documentBack: { name: 'back.png', mimeType: 'image/png', buffer: tooLarge },
      },
    });
    expect(largeBack.status()).toBe(400);
    const refusedPage = await renderedHtml(largeBack);
    expect(refusedPage).toContain('Unable to load a file greater than 4Mb');
    expect(refusedPage).toContain('This file was fine, but another one was not: choose it again.');
    expect(refusedPage).toMatch(/name="customization"[^>]*value="ZOE"|value="ZOE"[^>]*name="customization"/);
    expect(refusedPage).not.toContain('This field is required.');

    // A Windows program renamed .pdf and declared a PDF: the bytes decide.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
    const program = await page.request.post(CARD, { multipart: cardForm({ name: 'id.pdf', mimeType: 'application/pdf', buffer: exe }) });
    expect(program.status()).toBe(400);
    expect(await renderedHtml(program)).toContain('Upload a JPEG or PNG image, a PDF or a Word document.');

    const missing = await page.request.post(CARD, { multipart: cardForm() });
    expect(missing.status()).toBe(400);
    expect(await renderedHtml(missing)).toContain('Front of the document: This field is required.');

    const soldOut = await page.request.post(CARD, {
      multipart: { ...cardForm({ name: 'id.png', mimeType: 'image/png', buffer: PNG_HEAD }), variantId: 'jcard-64' },
    });
    expect(soldOut.status()).toBe(400);
    expect(await renderedHtml(soldOut)).toContain('This size is sold out: please choose another one.');
    await expectCartEmpty(page);
  });

  test('forged choices: a buy-for the age rule does not offer, unknown products, processes and items', async ({ page }) => {
    // Mario (46) cannot hold a Kids membership himself.
    const forged = await page.request.post('/products/kids/configure/buy', { form: { buyFor: 'BUY_CARD' } });
    expect(forged.status()).toBe(400);
    const nonsense = await page.request.post('/products/j1897/configure/buy', { form: { buyFor: 'BUY_EVERYTHING' } });
    expect(nonsense.status()).toBe(400);
    expect((await page.request.get('/products/j1897/configure/buy?buyFor=BUY_NOTHING')).status()).toBe(400);

    expect((await page.request.get('/products/no-such-product/configure/buy')).status()).toBe(404);
    expect((await page.request.post('/products/no-such-product/configure/buy', { form: { buyFor: 'BUY_CARD' } })).status()).toBe(404);
    expect((await page.request.get('/products/jcard/configure/gift')).status()).toBe(404);
    expect((await page.request.get('/products/j1897/configure/rent')).status()).toBe(404);
    // Stadium is had by coupon only.
    expect((await page.request.get('/products/stadium/configure/buy')).status()).toBe(404);
    const foreignItem = '/products/j1897/configure/buy?cartItem=0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11';
    expect((await page.request.get(foreignItem)).status()).toBe(404);
    expect((await page.request.post(foreignItem, { form: { buyFor: 'BUY_CARD' } })).status()).toBe(404);
    expect((await page.request.get('/products/j1897/configure/buy?cartItem=not-an-id')).status()).toBe(404);
    await expectCartEmpty(page);
  });

  test('a forged price or holder for myself changes nothing: the price is the shop\'s, the holder the profile', async ({ page }) => {
    const added = await page.request.post('/products/j1897/configure/buy', {
      form: { buyFor: 'BUY_CARD', unitPriceCents: '0', priceCents: '0', firstName: 'Someone', lastName: 'Else', taxCode: 'XXXXXX00X00X000X' },
    });
    expect(added.ok()).toBe(true);
    const cart = await renderedHtml(await page.request.get('/cart'));
    // The holder is the fan's profile; the price the catalogue's, with no "it has changed" note from a forged snapshot.
    expect(cart).toContain('Mario Rossi');
    expect(cart).not.toContain('Someone');
    expect(cart).toContain('€149');
    expect(cart).not.toContain('The price has changed');
  });

  test('the tax code check (on blur): code 0 for a match, the reason and its message otherwise, 400 without what it needs', async ({ page }) => {
    const check = (query: Record<string, string>) => page.request.get(`/configure/tax-code?${new URLSearchParams(query).toString()}`);
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
