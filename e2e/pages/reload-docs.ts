import { expect, type Page } from '@playwright/test';
import type { AuthPages, Fan } from './auth';
import { saveAddress } from './cart';
import { cardShippedToViaRoma, CHECKOUT_TEXTS } from './checkout';
import { signUpFanWithProfile } from './configure';
import { HostedCheckout } from './payment';
import { javaScriptEnabled, showShopIn, waitForHydration, type Language } from '../support/shop';

/** The reload-docs page's texts (reloadDocs.json, configureParts.json, forms.json, orders.json). */
export const RELOAD_DOCS_TEXTS = {
  en: {
    heading: 'Upload the identity document again',
    type: 'Document type',
    passport: 'Passport',
    front: 'Front of the document',
    back: 'Back of the document',
    submit: 'Send the document',
    summaryTitle: 'Please fix the following:',
    frontRequired: 'Front of the document: This field is required.',
    thankYouHeading: 'Thank you: we have your document',
  },
  it: {
    heading: "Carica di nuovo il documento d'identità",
    type: 'Tipo di documento',
    passport: 'Passaporto',
    front: 'Fronte del documento',
    back: 'Retro del documento',
    submit: 'Invia il documento',
    summaryTitle: 'Correggi i seguenti campi:',
    frontRequired: 'Fronte del documento: Campo obbligatorio.',
    thankYouHeading: 'Grazie, abbiamo ricevuto il documento',
  },
} as const;

/**
 * A fan of their own who bought the club card (shipped to Via Roma) and paid by card on the
 * PSP's hosted page (Italian pages, as the card's helpers are); the paid order's id.
 */
export async function paidCardOrder(page: Page, auth: AuthPages): Promise<{ fan: Fan; orderId: string }> {
  const fan = await signUpFanWithProfile(page, auth, 'it');
  await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
  await cardShippedToViaRoma(page);
  await page.goto('/checkout');
  const texts = CHECKOUT_TEXTS.it;
  const terms = page.getByRole('checkbox', { name: texts.membershipTerms });
  // Ticked before React hydrates, a box can be unticked again by hydration.
  if (javaScriptEnabled()) await waitForHydration(terms);
  await terms.check();
  for (const declaration of texts.cardDeclarations) await page.getByRole('checkbox', { name: declaration }).check();
  await page.getByRole('button', { name: texts.pay, exact: true }).click();
  const hosted = new HostedCheckout(page, 'it');
  await hosted.expectOpen();
  await hosted.payByCard('APPROVED');
  await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
  return { fan, orderId: new URL(page.url()).searchParams.get('orderId')! };
}

/** Support asks for new documents on /dev/reload-docs (English) and the link is read from the mail in /dev/outbox. */
export async function askForDocumentsByMail(page: Page, orderId: string, fanEmail: string): Promise<string> {
  await showShopIn(page, 'en');
  await page.goto('/dev/reload-docs');
  await page.getByLabel('Order item or order id').fill(orderId);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('status')).toContainText('Mail with the link queued for 1 card.');
  await page.goto(`/dev/outbox?to=${encodeURIComponent(fanEmail)}`);
  const mail = page.getByRole('listitem').filter({ hasText: /carica di nuovo il documento/ });
  await expect(mail).toHaveCount(1);
  const link = /https?:\/\/\S+\/reload-docs\?id=[0-9a-f-]{36}&exp=\d+&v=[A-Za-z0-9_-]{16}&hash=[A-Za-z0-9_-]{43}/.exec((await mail.textContent()) ?? '')?.[0];
  expect(link, 'the reload-docs link in the mail').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

export async function showIn(page: Page, language: Language, path: string): Promise<void> {
  await showShopIn(page, language);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: RELOAD_DOCS_TEXTS[language].heading })).toBeVisible();
}
