// What every form does with its fields (docs/forms.md, "Rules every form shares"), as the server
// answers a form sent without JavaScript: the error summary naming each field in both languages,
// bounds in the HTML, names trimmed by the server. The browser keeps the focus and the typing
// (e2e/forms.spec.ts).
import { ADDRESS_TEXTS } from '../pages/addresses';
import { errorSummaryOf, fieldOf, pageOf } from '../support/account-html';
import { expect, formOf, test } from '../support/contract';

const NEW_ADDRESS = '/account/addresses/new';
const NAMES = {
  it: { firstName: 'Nome', lastName: 'Cognome', province: 'Provincia', selectFromList: 'Seleziona dalla lista' },
  en: { firstName: 'First name', lastName: 'Last name', province: 'Province', selectFromList: 'Select from the list' },
} as const;

for (const language of ['it', 'en'] as const) {
  test.describe(`the shared form rules without JavaScript (${language})`, () => {
    test.use({ language });
    const texts = { ...ADDRESS_TEXTS[language], ...NAMES[language] };

    test('the error summary names each field in the page’s language, links to it and takes focus; bounds are in the HTML', async ({ fan: { browser } }) => {
      const page = await browser.open(NEW_ADDRESS);
      // Bounds reach the HTML, so the browser stops typing at the limit.
      expect(fieldOf(page.html, 'firstName')?.maxLength).toBe(80);
      expect(fieldOf(page.html, 'street')?.maxLength).toBe(255);
      // The new address starts with the fan's names: empty them too.
      const refused = await pageOf(await browser.submit(formOf(page, NEW_ADDRESS), { firstName: '', lastName: '' }));
      expect(refused.status).toBe(400);
      // The Italian form asks for province and municipality; the municipality waits for the province.
      expect(errorSummaryOf(refused.html)).toEqual({
        title: texts.summaryTitle,
        links: [
          `${texts.firstName}: ${texts.required}`,
          `${texts.lastName}: ${texts.required}`,
          `${texts.phone}: ${texts.required}`,
          `${texts.province}: ${texts.selectFromList}`,
          `${texts.cityIt}: ${texts.selectFromList}`,
          `${texts.street}: ${texts.required}`,
        ],
        targets: ['#address-firstName', '#address-lastName', '#address-phone', '#address-provinceCode', '#address-cityCode', '#address-street'],
        autofocus: true,
      });
      expect(fieldOf(refused.html, 'lastName')?.id, 'the link’s target is the field').toBe('address-lastName');
    });
  });
}

test.describe('names without JavaScript', () => {
  test('are trimmed by the server as the spec says: what is left is a valid name, not reported', async ({ fan: { browser } }) => {
    const page = await browser.open(NEW_ADDRESS);
    const refused = await pageOf(await browser.submit(formOf(page, NEW_ADDRESS), { firstName: " -D'Angelo2 ", lastName: 'Rossi.' }));
    expect(refused.status).toBe(400);
    const summary = errorSummaryOf(refused.html)!;
    expect(summary.links[0]).toBe(`${ADDRESS_TEXTS.it.phone}: ${ADDRESS_TEXTS.it.required}`);
    expect(summary.targets).not.toContain('#address-firstName');
    expect(summary.targets).not.toContain('#address-lastName');
  });
});

test.describe('a number input without JavaScript', () => {
  test('asks for a numeric keyboard and holds at most its digits', async ({ visitor }) => {
    const page = await visitor.open('/dev/stock');
    const quantity = fieldOf(page.html, 'quantity');
    expect(quantity?.maxLength).toBe(5);
    expect(page.html).toMatch(new RegExp(`<input [^>]*id="${quantity!.id}"[^>]*inputMode="numeric"|<input [^>]*inputMode="numeric"[^>]*id="${quantity!.id}"`));
  });
});
