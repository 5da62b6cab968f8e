// Notify-me without JavaScript (docs/forms.md "Notify-me" and its development pages): ask, the
// fan's list, support's restock on /dev/stock and the one mail in /dev/outbox, as HTTP.
import { shopToday } from '../pages/dev';
import { pageText } from '../support/configure-state';
import { expect, expectSeeOther, formOf, locationOf, test, textOf, type Page, type PlainBrowser } from '../support/contract';

/** The product this file sells out and restocks itself (Young stays sold out: the catalogue's tests expect it). */
const RESTOCKED = { id: 'junior', name: 'Junior 5–10' };

type Listed = { name: string; href: string; text: string; buttonLabel: string };

/** The fan's requests as /account/notify-me lists them. */
function requestsOf(page: Page): Listed[] {
  return page.html
    .split('<li class="notify-list__item">')
    .slice(1)
    .map((item) => ({
      name: textOf(/<h2><a href="[^"]*"[^>]*>([^<]*)<\/a><\/h2>/.exec(item)?.[1] ?? ''),
      href: /<h2><a href="([^"]*)"/.exec(item)?.[1] ?? '',
      text: pageText(item.split('</li>')[0]!),
      buttonLabel: textOf(/<button[^>]*aria-label="([^"]*)"/.exec(item)?.[1] ?? ''),
    }));
}

/** The mails /dev/outbox lists: subject and text. */
function mailsOf(page: Page): { subject: string; text: string }[] {
  return page.html
    .split('<li class="notify-list__item outbox-mail">')
    .slice(1)
    .map((mail) => ({ subject: textOf(/<h2>([^<]*)<\/h2>/.exec(mail)?.[1] ?? ''), text: pageText(mail.split('</li>')[0]!) }));
}

/** The form with `id` on the page (/dev/stock has two posting to itself, told apart by their buttons' `intent`). */
function formWithId(page: Page, id: string) {
  const form = page.forms.find((candidate) => candidate.id === id);
  if (!form) throw new Error(`no form #${id} on ${page.url.pathname}`);
  return form;
}

/** Switches the shop's language as the header's switch does (POST /language), staying on `page`. */
async function switchLanguage(browser: PlainBrowser, page: Page, language: 'it' | 'en'): Promise<void> {
  const form = page.forms.find((candidate) => candidate.action === '/language');
  if (!form) throw new Error(`no language switch on ${page.url.pathname}`);
  const switched = await browser.submit(form, { lng: language });
  expect(switched.status()).toBe(303);
}

/** The notify-me page's forms that ask (none once the fan is waiting, or the product is on sale). */
const askForms = (page: Page) => page.forms.filter((form) => /\/notify-me$/.test(form.action) && form.action.startsWith('/products/'));

test.describe('notify-me without JavaScript', () => {
  test('a visitor is sent to sign in with the page to come back to; a fan asks once, twice changes nothing', async ({ visitor, fan }) => {
    const asked = await visitor.http.get('/products/young/notify-me', { maxRedirects: 0 });
    expect([asked.status(), locationOf(asked)]).toEqual([302, '/login?redirectUri=%2Fproducts%2Fyoung%2Fnotify-me']);
    // …and on to the sign-in service's page.
    expect((await visitor.open(locationOf(asked))).url.pathname).toMatch(/^\/sign-in\/[\w-]+\/$/);

    const page = await fan.browser.open('/products/young/notify-me');
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('Avvisami quando Young 11–13 torna disponibile');
    const form = formOf(page);
    expectSeeOther(await fan.browser.submit(form), '/products/young/notify-me');
    // The same form sent again (a second tab): the same answer, one request kept.
    expectSeeOther(await fan.browser.submit(form), '/products/young/notify-me');
    const after = textOf((await fan.browser.open('/products/young/notify-me')).html);
    expect(after).toContain(`ti scriveremo a ${fan.fan.email}`);
    const list = textOf((await fan.browser.open('/account/notify-me')).html);
    expect(list.match(/Young 11–13/g)?.length).toBe(1);
  });

  test('asked while sold out, restocked on /dev/stock: exactly one mail in /dev/outbox, in the language asked in', async ({ fan: { fan, browser } }) => {
    const today = shopToday();
    const stock = await browser.open('/dev/stock');
    expectSeeOther(await browser.submit(formWithId(stock, 'sell-out'), { intent: 'sell-out', productId: RESTOCKED.id }), '/dev/stock');
    expect(pageText((await browser.open('/dev/stock')).html)).toContain(`Prodotto segnato come esaurito: ${RESTOCKED.name}.`);

    // The fan asks, in Italian.
    const path = `/products/${RESTOCKED.id}/notify-me`;
    const ask = await browser.open(path);
    expect(pageText(ask.html)).toContain(`Avvisami quando ${RESTOCKED.name} torna disponibile`);
    expect(pageText(ask.html)).toContain(fan.email);
    expectSeeOther(await browser.submit(formOf(ask)), path);
    const waiting = await browser.open(path);
    expect(pageText(waiting.html)).toContain(`Ti avviseremo: appena ${RESTOCKED.name} torna in vendita ti scriveremo, una volta sola.`);
    expect(pageText(waiting.html)).toContain(`Appena ${RESTOCKED.name} torna in vendita ti scriveremo a ${fan.email}`);
    expect(askForms(waiting), 'no button to ask again').toEqual([]);
    expect(waiting.html).toContain('href="/account/notify-me"');

    const listed = requestsOf(await browser.open('/account/notify-me'));
    expect(listed.map(({ name, href }) => ({ name, href }))).toEqual([{ name: RESTOCKED.name, href: `/products/${RESTOCKED.id}` }]);
    expect(listed[0]!.text).toContain(`Richiesto il ${today}`);
    expect(listed[0]!.text).toContain('In attesa');

    // The same state in English.
    const listPage = await browser.open('/account/notify-me');
    await switchLanguage(browser, listPage, 'en');
    const inEnglish = requestsOf(await browser.open('/account/notify-me'));
    expect(inEnglish).toHaveLength(1);
    expect(inEnglish[0]!.text).toContain('Waiting');
    expect(inEnglish[0]!.buttonLabel).toBe(`Stop waiting for ${RESTOCKED.name}`);
    expect((await browser.open(path)).html).toMatch(/<h2[^>]*>We&#x27;ll tell you<\/h2>/);

    // Support restocks: one mail queued, in Italian, the language the fan asked in.
    const restock = formWithId(await browser.open('/dev/stock'), 'restock');
    expectSeeOther(await browser.submit(restock, { intent: 'restock', productId: RESTOCKED.id, quantity: '5' }), '/dev/stock');
    expect(pageText((await browser.open('/dev/stock')).html)).toContain(`${RESTOCKED.name} is available again`);
    const mails = mailsOf(await browser.open(`/dev/outbox?to=${encodeURIComponent(fan.email)}`));
    expect(mails.map((mail) => mail.subject)).toEqual([`${RESTOCKED.name} è di nuovo in vendita`]);
    expect(mails[0]!.text).toContain(fan.email);
    expect(mails[0]!.text).toContain('Not sent: it stays in the outbox');

    // The list says the mail went out; the page now sends the fan to the product.
    await switchLanguage(browser, await browser.open('/account/notify-me'), 'it');
    expect(requestsOf(await browser.open('/account/notify-me'))[0]!.text).toContain(`E-mail inviata il ${today}`);
    const onSale = await browser.open(path);
    expect(pageText(onSale.html)).toContain(`${RESTOCKED.name} è in vendita adesso: non serve aspettare.`);
    expect(onSale.html).toMatch(new RegExp(`<a [^>]*href="/products/${RESTOCKED.id}"[^>]*>Vai a ${RESTOCKED.name}</a>`));
  });

  test('a fan stops waiting from the list: a notice once, the list empty, the page asks again; anything else is a 400', async ({ fan: { browser } }) => {
    const path = '/products/young/notify-me';
    expectSeeOther(await browser.submit(formOf(await browser.open(path))), path);
    const list = await browser.open('/account/notify-me');
    const [request] = requestsOf(list);
    expect(request!.buttonLabel).toBe("Annulla l'avviso per Young 11–13");

    const stopped = await browser.submit(formOf(list, /^\/account\/notify-me/), { intent: 'cancel' });
    expectSeeOther(stopped, '/account/notify-me');
    const after = pageText((await browser.open('/account/notify-me')).html);
    expect(after).toContain('Hai tolto Young 11–13 dal tuo elenco.');
    expect(after).toContain('Non stai aspettando nessun prodotto.');
    expect(pageText((await browser.open('/account/notify-me')).html), 'the notice is said once').not.toContain('Hai tolto');
    expect(askForms(await browser.open(path))).toHaveLength(1);

    expect((await browser.post('/account/notify-me', { intent: 'delete-everything', productId: 'young' })).status()).toBe(400);
    expect((await browser.post('/account/notify-me', { intent: 'cancel' })).status()).toBe(400);
  });

  test('an unknown product is a 404; a product on sale needs no request', async ({ fan: { browser } }) => {
    const unknown = await browser.open('/products/no-such-product/notify-me');
    expect(unknown.status).toBe(404);
    expect(pageText(unknown.html)).toContain('Il prodotto che cerchi non esiste o non è più in vendita.');

    const onSale = await browser.open('/products/j1897/notify-me');
    expect(onSale.status).toBe(200);
    expect(pageText(onSale.html)).toContain('J1897 è in vendita adesso: non serve aspettare.');
    expect(onSale.html).toMatch(/<a [^>]*href="\/products\/j1897"[^>]*>Vai a J1897<\/a>/);
    expect(askForms(onSale)).toEqual([]);
  });
});
