import { expect, type Page } from '@playwright/test';
import type { Language } from '../support/shop';
import { payCartOnHostedPage } from './payment';

/** The renewal page's texts (app/locales/{it,en}/followUp.json, membership.json's link) the tests are driven by. */
export const RENEWAL_TEXTS = {
  en: {
    renewLink: 'Renew for the 2026/27 season',
    heading: 'Renew Black & White for 2026/27',
    preferencesHeading: 'Your renewal preferences',
    automaticRenewal: 'Automatic renewal',
    addToCart: 'Continue and add to cart',
    cartDetail: 'Renewal of membership',
    alreadyRenewed: 'This membership has already been renewed.',
    notFound: 'Resource not found.',
  },
  it: {
    renewLink: 'Rinnova per la stagione 2026/27',
    heading: 'Rinnova Black & White per la stagione 2026/27',
    preferencesHeading: 'Le tue preferenze di rinnovo',
    automaticRenewal: 'Rinnovo automatico',
    addToCart: 'Continua e aggiungi al carrello',
    cartDetail: 'Rinnovo della membership',
    alreadyRenewed: 'Questa membership è già stata rinnovata.',
    notFound: 'Risorsa non trovata.',
  },
} as const;

/** Black & White for the signed-in fan themselves (profile complete, an address saved), paid: its code. */
export async function buyBlackAndWhiteForMyself(page: Page, language: Language): Promise<string> {
  const added = await page.request.post('/products/black-and-white/configure/buy', { form: { buyFor: 'BUY_CARD' } });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
  const [code] = await payCartOnHostedPage(page, language);
  return code!;
}
