import { expect, type Page } from '@playwright/test';
import type { Language } from '../support/shop';

/** The upgrade page's texts (app/locales/{it,en}/followUp.json) the tests are driven by. */
export const UPGRADE_TEXTS = {
  en: {
    buyLink: 'Upgrade to Black & White',
    heading: 'Upgrade to Black & White',
    toPay: 'To pay',
    addToCart: 'Continue and add to cart',
    upgradeInCart: 'Multiple upgrades in cart: your cart already has an upgrade. Complete or remove it first.',
    notActive: 'Cannot upgrade a membership that is not active: not yet started, or already over.',
    cartDetail: 'Upgrade of membership',
    j1897Link: 'Upgrade to J1897',
  },
  it: {
    buyLink: 'Passa a Black & White',
    heading: 'Passa a Black & White',
    toPay: 'Da pagare',
    addToCart: 'Continua e aggiungi al carrello',
    upgradeInCart: "Più upgrade nel carrello: nel carrello c'è già un upgrade. Completalo o rimuovilo prima.",
    notActive: "Non puoi fare l'upgrade di una membership non attiva: non ancora iniziata, o già terminata.",
    cartDetail: 'Upgrade della membership',
    j1897Link: 'Passa a J1897',
  },
} as const;

/** What the upgrade page says the fan pays. */
export function amountToPay(page: Page, language: Language) {
  return page.getByRole('term').filter({ hasText: UPGRADE_TEXTS[language].toPay }).locator('xpath=following-sibling::dd');
}

/** The page's answer to a refused submit (or the refusal said instead of the form). */
export async function expectRefusal(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message)).toBeVisible();
}
