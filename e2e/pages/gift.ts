import { expect, type Page } from '@playwright/test';
import type { Language } from '../support/shop';
import { saveAddress } from './cart';
import { CHECKOUT_TEXTS, openCheckoutWithMembershipTerms } from './checkout';
import { DevPages } from './dev';
import { BLACK_AND_WHITE_PRICE, HostedCheckout } from './payment';

/** The redeem page's texts (app/locales/{it,en}/gift.json and configure.json) the tests are driven by. */
export const GIFT_TEXTS = {
  en: {
    confirmTitle: (gifter: string) => `${gifter} has given you a gift`,
    accept: 'Accept the gift',
    membershipTerms: "I have read and accept the general terms of sale of the club's memberships",
    guardianDeclaration: 'I declare that I am at least 18 years old',
    backHome: 'Back to home',
    holderTitle: (product: string) => `Who will hold ${product}?`,
    forMe: 'For me',
    forMinor: 'For a minor I look after',
    activate: 'Accept and activate',
    giftActive: 'Your gift is active',
    activated: (product: string) => `Gift accepted: you will find ${product} in your account.`,
    alreadyRedeemed: 'Membership already redeemed: you can find it in your account.',
    taken: 'This gift has already been redeemed by someone else.',
    notFound: "We can't find this gift: check that you opened the whole link from the e-mail.",
    managerWrongTitle: 'Impossible to redeem the gift',
    noHolderFitsTitle: "You can't redeem this gift",
    noHolderFits: (product: string) =>
      `${product} can't be held by someone your age, and only an adult (18 or older) can hold it for a minor, so you could never activate it. We haven't redeemed it: the gift stays available, and an adult can redeem it with the same link.`,
    product: 'Black & White',
  },
  it: {
    confirmTitle: (gifter: string) => `${gifter} ti ha fatto un regalo`,
    accept: 'Accetta il regalo',
    membershipTerms: 'Ho letto e accetto le condizioni generali di vendita delle membership del club',
    guardianDeclaration: 'Dichiaro di avere almeno 18 anni',
    backHome: 'Torna alla home',
    holderTitle: (product: string) => `Chi sarà titolare di ${product}?`,
    forMe: 'Per me',
    forMinor: 'Per un minore di cui mi occupo',
    activate: 'Accetta e attiva',
    giftActive: 'Il tuo regalo è attivo',
    activated: (product: string) => `Regalo accettato: trovi ${product} nel tuo account.`,
    alreadyRedeemed: 'Membership già riscattata: la trovi nel tuo account.',
    taken: "Questo regalo è già stato riscattato da un'altra persona.",
    notFound: "Non troviamo questo regalo: controlla di aver aperto il link completo dell'e-mail.",
    managerWrongTitle: 'Impossibile riscattare il regalo',
    noHolderFitsTitle: 'Non puoi riscattare questo regalo',
    noHolderFits: (product: string) =>
      `${product} non può avere un titolare della tua età e solo un adulto (almeno 18 anni) può esserne titolare per conto di un minore: non potresti mai attivarlo. Non l'abbiamo riscattato: il regalo resta disponibile e un adulto può riscattarlo con lo stesso link.`,
    product: 'Black & White',
  },
} as const;

/**
 * The signed-in fan (profile complete) gives Black & White to `recipientEmail` and pays on the
 * PSP's page; answers the redemption link (path and query) from the mail in the outbox.
 */
export async function giveBlackAndWhite(page: Page, language: Language, recipientEmail: string): Promise<string> {
  return giveMembership(page, language, recipientEmail, { productId: 'black-and-white', amount: BLACK_AND_WHITE_PRICE[language] });
}

/** As giveBlackAndWhite, for another membership (`amount`: what the PSP's page asks for). */
export async function giveMembership(page: Page, language: Language, recipientEmail: string, { productId, amount }: { productId: string; amount: RegExp }): Promise<string> {
  await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
  const added = await page.request.post(`/products/${productId}/configure/gift`, {
    form: { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: recipientEmail, giftMessage: 'Forza!' },
  });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
  await openCheckoutWithMembershipTerms(page, language);
  await page.getByRole('button', { name: CHECKOUT_TEXTS[language].pay, exact: true }).click();
  const hosted = new HostedCheckout(page, language, amount);
  await hosted.expectOpen();
  await hosted.payByCard('APPROVED');
  await expect(page).toHaveURL(/\/thankyou\?orderId=/);

  await new DevPages(page).openOutbox(recipientEmail);
  const mail = page.locator('main li');
  await expect(mail).toHaveCount(1);
  const link = /\/redeem-gift\?code=[0-9A-Z]+&giftCode=[0-9A-Z]{16}/.exec((await mail.textContent()) ?? '')?.[0];
  expect(link, 'the redemption link in the mail').toBeTruthy();
  return link ?? '';
}
