import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { type AuthPages, type Fan, newFan } from './auth';
import { MARIOS_FORM } from './profile';
import { javaScriptEnabled, showShopIn, waitForHydration, type Language } from '../support/shop';

/** The configure pages' texts (app/locales/{it,en}/configure.json) the tests are driven by. */
export const CONFIGURE_TEXTS = {
  en: {
    addToCart: 'Continue and add to cart',
    saveToCart: 'Save to cart',
    ownHolder: 'The holder: you',
    manager: 'The manager: you',
    forMinor: 'For a minor I look after',
    holderFirstName: "Holder's first name",
    holderLastName: "Holder's last name",
    dob: 'Date of birth',
    male: 'Male',
    province: 'Province of birth',
    city: 'Municipality of birth',
    refresh: 'Update the lists',
    renewal: 'Renew automatically every season',
    giftSomeone: 'Send it to someone',
    byEmail: 'By e-mail',
    giftEmail: 'Their e-mail',
    giftMessage: 'Your message (optional)',
    couponLabel: 'Coupon code',
    couponContinue: 'Continue',
    documentType: 'Identity card',
    front: 'Front of the document',
    back: 'Back of the document (optional)',
    customization: 'Name on the card',
    cartHeading: 'Your cart',
    cartNav: 'Cart',
    change: 'Modify',
  },
  it: {
    addToCart: 'Continua e aggiungi al carrello',
    saveToCart: 'Salva nel carrello',
    ownHolder: 'Il titolare: tu',
    manager: 'Il gestore: tu',
    forMinor: 'Per un minore di cui mi occupo',
    holderFirstName: 'Nome del titolare',
    holderLastName: 'Cognome del titolare',
    dob: 'Data di nascita',
    male: 'Maschio',
    province: 'Provincia di nascita',
    city: 'Comune di nascita',
    refresh: 'Aggiorna gli elenchi',
    renewal: 'Rinnova automaticamente ogni stagione',
    giftSomeone: "Mandalo a un'altra persona",
    byEmail: 'Per e-mail',
    giftEmail: 'La sua e-mail',
    giftMessage: 'Il tuo messaggio (facoltativo)',
    couponLabel: 'Codice coupon',
    couponContinue: 'Continua',
    documentType: "Carta d'identità",
    front: 'Fronte del documento',
    back: 'Retro del documento (facoltativo)',
    customization: 'Nome sulla carta',
    cartHeading: 'Il tuo carrello',
    cartNav: 'Carrello',
    change: 'Modifica',
  },
} as const;

export type ConfigureTexts = (typeof CONFIGURE_TEXTS)[Language];

/**
 * A fan of their own (the cart fills up), signed up through the real pages, with Mario's
 * profile posted as the completion form would (docs/forms.md): a purchase needs it.
 */
export async function signUpFanWithProfile(page: Page, auth: AuthPages, language: Language): Promise<Fan> {
  const fan = await auth.signUp(newFan('Mario'));
  const saved = await page.request.post('/account/profile/complete', { form: MARIOS_FORM });
  expect(saved.ok()).toBe(true);
  await showShopIn(page, language);
  return fan;
}

/** A fresh single-use code for `productId`, minted on the support page (outside production, loopback). */
export async function mintCoupon(request: APIRequestContext, productId: string): Promise<string> {
  const minted = await request.post('/dev/coupons', { form: { productId, validDays: '30' } });
  expect(minted.ok()).toBe(true);
  const code = /Coupon ([A-Z0-9]{5}-[A-Z0-9]{5}) (?:minted|creato)/.exec(await minted.text())?.[1];
  expect(code, 'the minted code in the notice').toBeTruthy();
  return code!;
}

/** Submits the configure form and waits for the cart (a 303 to /cart with its notice). */
export async function addToCart(page: Page, texts: ConfigureTexts, button: 'addToCart' | 'saveToCart' = 'addToCart') {
  await page.getByRole('button', { name: texts[button] }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.cartHeading })).toBeVisible();
}

/** The header's cart link, named with its count ("Cart (2 items)"; the badge itself is hidden from assistive technology). */
export async function expectCartCount(page: Page, texts: ConfigureTexts, count: number) {
  const items = texts.cartNav === 'Cart' ? (count === 1 ? 'item' : 'items') : count === 1 ? 'articolo' : 'articoli';
  const link = page.getByRole('navigation').getByRole('link', { name: `${texts.cartNav} (${count} ${items})`, exact: true });
  await expect(link).toBeAttached();
}

/** Without JavaScript, the holder's birth-place lists narrow by a refresh submit. */
export async function chooseBirthPlace(page: Page, texts: ConfigureTexts, province: string, city: string) {
  const provinceList = page.getByLabel(texts.province, { exact: true });
  // A province chosen before React hydrates the list is never seen by it: the towns stay disabled.
  if (javaScriptEnabled()) await waitForHydration(provinceList);
  await provinceList.selectOption({ label: province });
  if (!javaScriptEnabled()) await page.getByRole('button', { name: texts.refresh }).click();
  const cityList = page.getByLabel(texts.city, { exact: true });
  await expect(cityList).toBeEnabled();
  await cityList.selectOption({ label: city });
}
