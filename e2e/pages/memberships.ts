import { expect, type Page } from '@playwright/test';
import type { Language } from '../support/shop';
import { CHECKOUT_TEXTS, couponCartReady, giveWaivers, openCheckoutWithMembershipTerms } from './checkout';

/** The My Membership pages' texts (app/locales/{it,en}/membership.json) the tests are driven by. */
export const MEMBERSHIP_TEXTS = {
  en: {
    dashboardLink: 'My membership',
    heading: 'My membership',
    tabs: { yours: 'Your membership', gifted: 'Gifted', managed: 'Managed', redeemed: 'Redeemed' },
    empty: {
      gifted: 'You have not given any active membership.',
      managed: 'You do not manage any active membership held by someone else.',
      redeemed: 'You have not redeemed any gifted membership.',
    },
    active: 'Active',
    roles: 'Holder, Manager',
    holderHeading: "Holder's details",
    renewalLink: 'Renewal preferences',
    upgradeLink: 'Product upgrade',
    upgradeAvailable: 'This membership can be upgraded from Stadium to Black & White.',
    shippingTab: 'Shipping',
    billingTab: 'Billing',
    shippingLegend: 'Where to ship the renewal',
    billingLegend: "Who the renewal's invoice is made out to",
    saveShipping: 'Save the shipping address',
    saveBilling: 'Save the billing address',
    shippingSaved: 'Renewal shipping address saved.',
    billingSaved: 'Renewal billing address saved.',
    chosenShipping: 'Chosen shipping address',
    chosenBilling: 'Chosen billing address',
    none: 'None',
    invalidAction: 'This change does not exist: reload the page and try again.',
    invalidConfig: 'Choose one of the options.',
    notFound: 'Resource not found.',
  },
  it: {
    dashboardLink: 'La mia membership',
    heading: 'La mia membership',
    tabs: { yours: 'La tua membership', gifted: 'Regalate', managed: 'Gestite', redeemed: 'Riscattate' },
    empty: {
      gifted: 'Non hai regalato membership attive.',
      managed: 'Non gestisci membership attive intestate ad altri.',
      redeemed: 'Non hai riscattato membership regalate.',
    },
    active: 'Attiva',
    roles: 'Titolare, Gestore',
    holderHeading: 'Dati del titolare',
    renewalLink: 'Preferenze di rinnovo',
    upgradeLink: 'Upgrade del prodotto',
    upgradeAvailable: 'Questa membership può passare da Stadium a Black & White.',
    shippingTab: 'Spedizione',
    billingTab: 'Fatturazione',
    shippingLegend: 'Dove spedire il rinnovo',
    billingLegend: 'A chi intestare la fattura del rinnovo',
    saveShipping: "Salva l'indirizzo di spedizione",
    saveBilling: "Salva l'indirizzo di fatturazione",
    shippingSaved: 'Indirizzo di spedizione del rinnovo salvato.',
    billingSaved: 'Indirizzo di fatturazione del rinnovo salvato.',
    chosenShipping: 'Indirizzo di spedizione scelto',
    chosenBilling: 'Indirizzo di fatturazione scelto',
    none: 'Nessuno',
    invalidAction: 'Questa modifica non esiste: ricarica la pagina e riprova.',
    invalidConfig: 'Scegli una delle opzioni.',
    notFound: 'Risorsa non trovata.',
  },
} as const;

/** Checks out the fan's zero-total Stadium (a fresh coupon, its start waived): the membership is issued active at once; its code. */
export async function buyStadiumForMyself(page: Page, language: Language): Promise<string> {
  const texts = CHECKOUT_TEXTS[language];
  await couponCartReady(page);
  await giveWaivers(page, language);
  await openCheckoutWithMembershipTerms(page, language);
  await page.getByRole('button', { name: texts.confirm }).click();
  await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
  // With JavaScript the URL changes before React commits the new page: wait for the code itself.
  const code = page.getByRole('main').getByRole('code').filter({ hasText: /^JM[0-9A-Z]{10}$/ });
  await expect(code, 'the membership code on the thank-you page').toHaveCount(1);
  return (await code.textContent())!;
}
