import { expect, type Page } from '@playwright/test';
import type { Language } from '../support/shop';
import { CHECKOUT_TEXTS, giveWaivers, openCheckoutWithMembershipTerms } from './checkout';

/**
 * The payment simulator's hosted pages (app/locales/{it,en}/psp.json), in the session's locale
 * (the fan's language), and the shop's own payment pages (payment.json).
 */
export const PAYMENT_TEXTS = {
  en: {
    /** The hosted page's heading and card button: "Pay" and the amount (the 15 € most tests pay by default). */
    pay: 'Pay',
    fifteenEuros: /€15/,
    cardNumber: 'Card number',
    expiryMonth: 'Expiry month',
    expiryYear: 'Expiry year',
    cvc: 'Security code (CVC)',
    holderName: 'Name on card',
    saveCard: 'Save this card for my next payments',
    refusedHeading: 'The payment was refused',
    password: 'Password',
    confirm: 'Confirm',
    toPayPal: 'Continue to PayPal',
    approvePayPal: 'Approve and pay',
    storedCvc: (lastFour: string) => `Security code (CVC) of the card ending in ${lastFour}`,
    payStored: (lastFour: string) => new RegExp(`with the card ending in ${lastFour}$`),
    methodLegend: 'How do you want to pay?',
    methodRequired: 'Choose how you want to pay.',
    card: 'Card (Visa, Mastercard)',
    paypal: 'PayPal',
    savedCards: 'Your saved cards',
    shopRefused: 'Payment refused',
    tryAgain: 'Try again',
    continueToPayment: 'Continue to payment',
    dropInLoading: 'Loading the card form…',
    dropInFailed: /^The card form could not be loaded\. You can still pay/,
    pspUnavailable: 'The payment service is not answering right now. Your order is reserved: try again in a moment.',
  },
  it: {
    pay: 'Paga',
    fifteenEuros: /15\s€/,
    cardNumber: 'Numero della carta',
    expiryMonth: 'Mese di scadenza',
    expiryYear: 'Anno di scadenza',
    cvc: 'Codice di sicurezza (CVC)',
    holderName: 'Nome sulla carta',
    saveCard: 'Salva questa carta per i prossimi pagamenti',
    refusedHeading: 'Il pagamento è stato rifiutato',
    password: 'Password',
    confirm: 'Conferma',
    toPayPal: 'Continua su PayPal',
    approvePayPal: 'Approva e paga',
    storedCvc: (lastFour: string) => `Codice di sicurezza (CVC) della carta che termina con ${lastFour}`,
    payStored: (lastFour: string) => new RegExp(`con la carta che termina con ${lastFour}$`),
    methodLegend: 'Come vuoi pagare?',
    methodRequired: 'Scegli come vuoi pagare.',
    card: 'Carta (Visa, Mastercard)',
    paypal: 'PayPal',
    savedCards: 'Le tue carte salvate',
    shopRefused: 'Pagamento rifiutato',
    tryAgain: 'Riprova',
    continueToPayment: 'Vai al pagamento',
    dropInLoading: 'Caricamento del modulo della carta…',
    dropInFailed: /^Non è stato possibile caricare il modulo della carta\. Puoi comunque pagare/,
    pspUnavailable: 'Il servizio di pagamento non risponde in questo momento. Il tuo ordine è riservato: riprova tra poco.',
  },
} as const;

/** The Black & White promo price as the shop writes it (the spec's decimals: only those needed). */
export const BLACK_AND_WHITE_PRICE = { en: /€49\.90/, it: /49,90\s€/ } as const;

/** Adyen's test cards (the simulator's): Visa, and the Visa that asks for 3-D Secure. */
export const TEST_CARDS = { visa: '4111 1111 1111 1111', visa3ds: '4212 3456 7891 0006' } as const;

/** The fan on the PSP's hosted page: a plain form, the same steps with and without JavaScript. */
export class HostedCheckout {
  readonly texts: (typeof PAYMENT_TEXTS)[Language];
  private readonly amount: RegExp;

  /** `amount`: what the page asks for, as the shop writes it (15 € unless told). */
  constructor(
    private readonly page: Page,
    language: Language,
    amount?: RegExp,
  ) {
    this.texts = PAYMENT_TEXTS[language];
    this.amount = amount ?? this.texts.fifteenEuros;
  }

  /** "Pay" and the amount the page asks for, as the heading and the card button say it. */
  private payAmount(): RegExp {
    return new RegExp(`^${this.texts.pay} ${this.amount.source}$`);
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/_psp\/pay\//);
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.payAmount());
  }

  /** Types a test card and pays; `holderName` picks the simulator's outcome (APPROVED, DECLINED…). */
  async payByCard(holderName: string, { number = TEST_CARDS.visa, save = false }: { number?: string; save?: boolean } = {}): Promise<void> {
    const { page, texts } = this;
    await page.getByLabel(texts.cardNumber).fill(number);
    await page.getByLabel(texts.expiryMonth).fill('03');
    await page.getByLabel(texts.expiryYear).fill('2030');
    await page.getByLabel(texts.cvc, { exact: true }).fill('737');
    await page.getByLabel(texts.holderName).fill(holderName);
    if (save) await page.getByLabel(texts.saveCard).check();
    await page.getByRole('button', { name: this.payAmount() }).click();
  }

  /** Pays by card with nothing typed: the page comes back with its error summary. */
  async payWithEmptyCard(): Promise<void> {
    await this.page.getByRole('button', { name: this.payAmount() }).click();
  }

  async passChallenge(): Promise<void> {
    await this.page.getByLabel(this.texts.password).fill('password');
    await this.page.getByRole('button', { name: this.texts.confirm }).click();
  }

  async approvePayPal(): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.toPayPal }).click();
    await this.page.getByRole('button', { name: this.texts.approvePayPal }).click();
  }

  async payWithSavedCard(lastFour: string): Promise<void> {
    await this.page.getByLabel(this.texts.storedCvc(lastFour)).fill('737');
    await this.page.getByRole('button', { name: this.texts.payStored(lastFour) }).click();
  }
}

/**
 * Pays the fan's cart of one Black & White (waivers given, membership terms ticked) on the PSP's
 * page; the membership codes of the thank-you page.
 */
export async function payCartOnHostedPage(page: Page, language: Language): Promise<string[]> {
  await giveWaivers(page, language);
  await openCheckoutWithMembershipTerms(page, language);
  await page.getByRole('button', { name: CHECKOUT_TEXTS[language].pay, exact: true }).click();
  const hosted = new HostedCheckout(page, language, BLACK_AND_WHITE_PRICE[language]);
  await hosted.expectOpen();
  await hosted.payByCard('APPROVED');
  await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
  // With JavaScript the URL changes before React commits the new page: wait for the code itself.
  const codes = page.getByRole('main').getByRole('code').filter({ hasText: /^JM[0-9A-Z]{10}$/ });
  await expect(codes, 'the membership code on the thank-you page').toHaveCount(1);
  return codes.allTextContents();
}
