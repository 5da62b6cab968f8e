/**
 * How checkout's Drop-in is set up (issue 14), apart from Adyen's library so it can be tested as
 * it is: each method's settings, and the page's CSP nonce for what Adyen Web adds to the page.
 */
import type { PaymentMethodsConfiguration } from '@adyen/adyen-web';

/**
 * The CSP nonce the document was served with, read from its own elements (the site's inline
 * style, its scripts): browsers hide the `nonce` attribute but keep the property. Only this one
 * works: a client-side navigation keeps the first document and its policy, while a loader's
 * nonce belongs to a later request.
 */
export function documentNonce(document: Pick<Document, 'querySelector'>): string | undefined {
  return document.querySelector<HTMLElement>('[nonce]')?.nonce || undefined;
}

/**
 * Spec: visa and mc, holder name required, no billing address; a saved card needs its CVC.
 * PayPal gets the nonce for its SDK (`data-csp-nonce`), whose styles the enforced nonce-only
 * `style-src` would otherwise refuse. `onConfigSuccess`: the card fields work.
 */
export function paymentMethodsConfiguration({ cspNonce, onConfigSuccess }: { cspNonce: string | undefined; onConfigSuccess(): void }): PaymentMethodsConfiguration {
  return {
    card: { brands: ['visa', 'mc'], hasHolderName: true, holderNameRequired: true, billingAddressRequired: false, enableStoreDetails: true, onConfigSuccess },
    storedCard: { hideCVC: false, onConfigSuccess },
    paypal: cspNonce ? { cspNonce } : {},
  };
}
