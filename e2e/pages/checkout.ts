import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { javaScriptEnabled, waitForHydration, type Language } from '../support/shop';
import { CARD_WITH_DOCUMENT, CART_TEXTS, cartItem } from './cart';
import { mintCoupon } from './configure';

/** The checkout page's texts (app/locales/{it,en}/checkout.json) the tests are driven by. */
export const CHECKOUT_TEXTS = {
  en: {
    heading: 'Checkout',
    waived: 'Noted: your membership starts as soon as it is paid.',
    billingLegend: 'Your saved addresses',
    taxCode: 'Tax code',
    vatToggle: 'Invoice with a VAT number',
    vatCountry: 'VAT country',
    vatNumber: 'VAT number',
    receiverCode: 'Recipient code (SDI)',
    emailPec: 'Certified e-mail (PEC)',
    membershipTerms: /general terms of sale of the club's memberships/,
    membershipTermsLink: 'Read the general terms of sale of memberships',
    membershipTermsTitle: 'General terms of sale of memberships',
    withdrawalLink: 'Read about the right of withdrawal',
    guardianDeclaration: /at least 18 years old/,
    cardDeclarations: [/personal data given for the club card/, /identity document uploaded/, /club card is personal/, /holder is of legal age/],
    academyTerms: /terms of the academy programme/,
    academyText: /Academy 2025\/26/,
    confirm: 'Confirm order',
    pay: 'Pay',
    missingIntro: 'To go on, still to complete:',
    termsLabel: 'Membership terms',
    guardianLabel: 'Age and guardian declaration',
    tickBox: 'Tick this box to go on.',
    vatItalian: 'An Italian VAT number has 11 digits.',
    required: 'This field is required.',
  },
  it: {
    heading: 'Cassa',
    waived: 'Preso nota: la membership inizia appena pagata.',
    billingLegend: 'I tuoi indirizzi salvati',
    taxCode: 'Codice fiscale',
    vatToggle: 'Fattura con partita IVA',
    vatCountry: 'Paese della partita IVA',
    vatNumber: 'Partita IVA',
    receiverCode: 'Codice destinatario (SDI)',
    emailPec: 'Posta elettronica certificata (PEC)',
    membershipTerms: /condizioni generali di vendita delle membership/,
    membershipTermsLink: 'Leggi le condizioni generali di vendita delle membership',
    membershipTermsTitle: 'Condizioni generali di vendita delle membership',
    withdrawalLink: 'Leggi il diritto di recesso',
    guardianDeclaration: /almeno 18 anni/,
    cardDeclarations: [/dati personali indicati per la club card/, /documento d'identità caricato/, /club card è personale/, /titolare della club card è maggiorenne/],
    academyTerms: /condizioni del programma academy/,
    academyText: /Academy 2025\/26/,
    confirm: "Conferma l'ordine",
    pay: 'Paga',
    missingIntro: 'Per procedere manca ancora:',
    termsLabel: 'Condizioni della membership',
    guardianLabel: 'Dichiarazione di età e del genitore o tutore',
    tickBox: 'Spunta questa casella per procedere.',
    vatItalian: 'La partita IVA italiana è composta da 11 cifre.',
    required: 'Campo obbligatorio.',
  },
} as const;

export type CheckoutTexts = (typeof CHECKOUT_TEXTS)[Language];

/** The catalogue's floating cart and coupon buttons (catalogue:floating.label). */
const FLOATING_CONTROLS_LABEL = { en: 'Cart and coupon', it: 'Carrello e coupon' } as const;

/** No floating cart or coupon button on this page: the cart, checkout and every step after (issue 30). */
export async function expectNoFloatingControls(page: Page, language: Language): Promise<void> {
  await expect(page.getByRole('navigation', { name: FLOATING_CONTROLS_LABEL[language] })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Coupon$/ })).toHaveCount(0);
}

/**
 * A Stadium membership with a fresh coupon (so the cart costs nothing): checkout may open. Its
 * withdrawal waiver is left to the test (`giveWaivers`): unticked, it starts 14 days after payment.
 * Stadium ships nowhere and is sold only in Italy, San Marino and the Vatican: the fan needs an
 * address there to bill it to (saved by the test beforehand).
 */
export async function couponCartReady(page: Page): Promise<void> {
  const code = await mintCoupon(page.request, 'stadium');
  const added = await page.request.post('/products/stadium/configure/coupon', { form: { couponCode: code, buyFor: 'BUY_CARD' } });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
}

/** Waives the right of withdrawal of every item that asks (on the cart page): each starts as soon as paid. */
export async function giveWaivers(page: Page, language: Language): Promise<void> {
  const texts = CART_TEXTS[language];
  await page.goto('/cart');
  const boxes = page.getByRole('checkbox', { name: new RegExp(texts.waiverLabel) });
  for (const box of await boxes.all()) {
    await box.check();
    await page.getByRole('button', { name: new RegExp(`^${texts.saveChoice}`) }).first().click();
    await expect(page.getByRole('status')).toContainText(CHECKOUT_TEXTS[language].waived);
  }
}

/** A gift of Kids 0–4 (virtual, €30): a cart that costs something and ships nothing. */
export async function paidGiftInCart(request: APIRequestContext): Promise<void> {
  const added = await request.post('/products/kids/configure/gift', {
    form: { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'amica@example.org' },
  });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
}

/** The academy for oneself (virtual, €249, no waiver): a cart only academy products are in. */
export async function academyInCart(request: APIRequestContext): Promise<void> {
  const added = await request.post('/products/academy_2526_main/configure/buy', { form: { buyFor: 'BUY_CARD' } });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
}

/**
 * The club card with its document (Italian pages), shipped to the fan's saved Via Roma address:
 * the preferred one, which a new item that ships starts at (issue 30).
 */
export async function cardShippedToViaRoma(page: Page): Promise<void> {
  const texts = CART_TEXTS.it;
  const added = await page.request.post('/products/jcard/configure/buy', {
    multipart: CARD_WITH_DOCUMENT,
  });
  expect(added.ok(), `card added: ${added.status()}`).toBe(true);
  await page.goto('/cart');
  const shipTo = cartItem(page, 'Carta del club').getByRole('combobox', { name: new RegExp(`^${texts.shipTo}`) });
  await expect(shipTo.locator('option:checked')).toHaveText(/Via Roma 1/);
}

/**
 * Opens checkout and ticks the membership terms and the age declaration, once React has hydrated
 * the boxes (a box ticked before hydration can be unticked again by it).
 */
export async function openCheckoutWithMembershipTerms(page: Page, language: Language): Promise<void> {
  const texts = CHECKOUT_TEXTS[language];
  await page.goto('/checkout');
  const terms = page.getByRole('checkbox', { name: texts.membershipTerms });
  if (javaScriptEnabled()) await waitForHydration(terms);
  await terms.check();
  await page.getByRole('checkbox', { name: texts.guardianDeclaration }).check();
}
