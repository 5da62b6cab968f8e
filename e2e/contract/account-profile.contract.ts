// Profile completion and the account dashboard without JavaScript (docs/forms.md, "Profile
// completion"): GET the form, POST its fields (`intent=refresh` narrows the birth-place lists and
// saves nothing), follow the 303, read the page. The browser keeps what it alone shows
// (e2e/profile.spec.ts: focus).
import { MARIO, MARIOS_FORM, PROFILE_TEXTS } from '../pages/profile';
import { errorSummaryOf, fieldOf, linksTo, pageOf } from '../support/account-html';
import { expect, expectSeeOther, formOf, test, textOf, type PlainBrowser } from '../support/contract';

const COMPLETE_FOR_CART = '/account/profile/complete?fields=taxcode&redirectUri=%2Fcart';
const COMPLETE_PATH = '/account/profile/complete';

/** The dashboard's profile: each row's words, and the "not provided" marks of the empty ones. */
async function dashboard(browser: PlainBrowser) {
  const page = await browser.open('/account');
  expect(page.status).toBe(200);
  const list = /<dl class="profile-summary">([\s\S]*?)<\/dl>/.exec(page.html)?.[1] ?? '';
  return {
    page,
    profile: textOf(list),
    gaps: [...list.matchAll(/<span class="profile-summary__missing">([^<]*)<\/span>/g)].map(([, words]) => words!),
  };
}

/** The completion form after Mario's date of birth, sex and province (a refresh opens the municipalities). */
async function romeChosen(browser: PlainBrowser, changes: Record<string, string> = {}) {
  const page = await browser.open(COMPLETE_FOR_CART);
  expect(page.status).toBe(200);
  const form = formOf(page, COMPLETE_PATH);
  expect(fieldOf(page.html, 'birthCountryCode')?.value, 'the spec’s default').toBe('IT');
  expect(fieldOf(page.html, 'birthCityCode')?.disabled, 'until a province is chosen').toBe(true);
  const refreshed = await pageOf(await browser.submit(form, { dob: MARIO.dob, gender: 'M', birthProvinceCode: 'RM', intent: 'refresh', ...changes }));
  expect(refreshed.status).toBe(200);
  expect(fieldOf(refreshed.html, 'birthCityCode')).toMatchObject({ disabled: false });
  expect(fieldOf(refreshed.html, 'birthCityCode')?.options).toContain('H501');
  return refreshed;
}

test.describe('profile completion without JavaScript', () => {
  test.use({ language: 'it' });
  const texts = PROFILE_TEXTS.it;

  test('the dashboard names the gaps; a wrong tax code is refused at the field (400, what was typed kept); a right one saves and goes back (303)', async ({ fan: { browser } }) => {
    const before = await dashboard(browser);
    expect(textOf(before.page.html)).toContain(texts.dashboardHeading);
    expect(before.gaps).toEqual(texts.gapsOfNewFan);
    expect(linksTo(before.page.html, new RegExp(`^${texts.addresses}$`))).toEqual(['/account/addresses']);
    expect(linksTo(before.page.html, new RegExp(`^${texts.notifyMe}$`))).toEqual(['/account/notify-me']);

    const rome = await romeChosen(browser);
    expect(textOf(rome.html)).toContain(texts.heading);
    const wrong = MARIO.wrongPlaceTaxCode.toLowerCase();
    const refused = await pageOf(await browser.submit(formOf(rome, COMPLETE_PATH), { birthCityCode: 'H501', taxCode: wrong }));
    expect(refused.status).toBe(400);
    expect(errorSummaryOf(refused.html)).toMatchObject({ links: [`${texts.taxCode}: ${texts.wrongPlace}`], targets: ['#profile-taxCode'], autofocus: true });
    expect(fieldOf(refused.html, 'taxCode')).toMatchObject({ value: wrong, invalid: true, description: expect.stringContaining(texts.wrongPlace) });
    expect(fieldOf(refused.html, 'dob')?.value).toBe(MARIO.dob);
    expect(fieldOf(refused.html, 'birthCityCode')?.value).toBe('H501');
    expect(fieldOf(refused.html, 'gender', 'M')?.checked).toBe(true);

    expectSeeOther(await browser.submit(formOf(refused, COMPLETE_PATH), { taxCode: MARIO.validTaxCode }), '/cart');
    const after = await dashboard(browser);
    for (const shown of [MARIO.shownDob, texts.gender, texts.birthPlace, MARIO.validTaxCode]) expect(after.profile).toContain(shown);
    expect(after.gaps, 'only the phone, which is optional').toEqual([texts.notProvided]);
  });

  test('the birth-place lists: “Update the lists” keeps what was typed, empties the stale municipality and asks for it without a summary', async ({ fan: { browser } }) => {
    const blank = await browser.open(COMPLETE_FOR_CART);
    expect(formOf(blank, COMPLETE_PATH).controls.filter((control) => control.name === 'intent').map((control) => [control.tag, control.value])).toEqual([['button', 'refresh']]);
    expect(blank.html).toMatch(new RegExp(`<button [^>]*name="intent">${texts.refresh}</button>`));
    expect(textOf(blank.html)).toContain('aggiorna gli elenchi prima di scegliere il comune');

    const rome = await romeChosen(browser, { phone: '+39 333 123 4567' });
    const milan = await pageOf(await browser.submit(formOf(rome, COMPLETE_PATH), { birthCityCode: 'H501', taxCode: MARIO.validTaxCode, birthProvinceCode: 'MI', intent: 'refresh' }));
    expect(milan.status).toBe(200);
    expect(fieldOf(milan.html, 'birthProvinceCode')).toMatchObject({ value: 'MI', autofocus: true });
    // The municipality of Rome went with its province: emptied, it asks for a choice.
    expect(fieldOf(milan.html, 'birthCityCode')).toMatchObject({ value: '', invalid: true, description: 'Campo obbligatorio.' });
    expect(fieldOf(milan.html, 'birthCityCode')?.options).toContain('F205');
    expect(errorSummaryOf(milan.html), 'not a refused save').toBeNull();
    // Everything else stays as typed.
    expect(fieldOf(milan.html, 'dob')?.value).toBe(MARIO.dob);
    expect(fieldOf(milan.html, 'gender', 'M')?.checked).toBe(true);
    expect(fieldOf(milan.html, 'phone')?.value).toBe('+39 333 123 4567');
    expect(fieldOf(milan.html, 'taxCode')?.value).toBe(MARIO.validTaxCode);
    expect((await dashboard(browser)).gaps, 'a refresh saves nothing').toEqual(texts.gapsOfNewFan);
  });
});

test.describe('a new birth country without JavaScript', () => {
  test.use({ language: 'en' });
  const texts = PROFILE_TEXTS.en;

  test('empties province, municipality and tax code; abroad neither list is asked; back in Italy the lists start again', async ({ fan: { browser } }) => {
    const rome = await romeChosen(browser);
    const france = await pageOf(await browser.submit(formOf(rome, COMPLETE_PATH), { birthCityCode: 'H501', taxCode: MARIO.validTaxCode, birthCountryCode: 'FR', intent: 'refresh' }));
    expect(fieldOf(france.html, 'birthCountryCode')).toMatchObject({ value: 'FR', autofocus: true });
    expect(fieldOf(france.html, 'birthProvinceCode')).toBeNull();
    expect(fieldOf(france.html, 'birthCityCode')).toBeNull();
    // Emptied, and still required (`fields=taxcode`): it says so, without an error summary.
    expect(fieldOf(france.html, 'taxCode')).toMatchObject({ value: '', invalid: true, description: expect.stringContaining('This field is required.') });
    expect(errorSummaryOf(france.html)).toBeNull();
    expect(fieldOf(france.html, 'dob')?.value, 'what does not depend on the country stays').toBe(MARIO.dob);
    expect(textOf(france.html)).toContain(texts.heading);

    const italy = await pageOf(await browser.submit(formOf(france, COMPLETE_PATH), { birthCountryCode: 'IT', intent: 'refresh' }));
    expect(fieldOf(italy.html, 'birthProvinceCode')?.value).toBe('');
    expect(fieldOf(italy.html, 'birthCityCode')?.disabled).toBe(true);
  });

  test('bad query values and forged fields get the page or a 400, never a 500; the target stays on the shop', async ({ fan: { browser } }) => {
    const odd = '/account/profile/complete?fields=%E0%A4%A&fields=password&redirectUri=https%3A%2F%2Fevil.example%2F';
    const page = await browser.open(odd);
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain(texts.heading);

    const forged = { dob: '1980-02-30', gender: 'X', birthCountryCode: '<b>', birthProvinceCode: 'R'.repeat(500), taxCode: 'Z'.repeat(5000) };
    expect((await browser.post(odd, forged)).status()).toBe(400);
    expect((await browser.post(odd, { ...forged, intent: 'refresh', 'previous.dob': '\u0000' })).status()).toBe(200);
    // A municipality of another province than the one chosen is refused at the field.
    const stale = await pageOf(await browser.post(odd, { ...MARIOS_FORM, birthProvinceCode: 'MI' }));
    expect(stale.status).toBe(400);
    expect(fieldOf(stale.html, 'birthCityCode')).toMatchObject({ invalid: true, description: 'Select from the list' });

    expectSeeOther(await browser.post(odd, MARIOS_FORM), '/account');
  });
});
