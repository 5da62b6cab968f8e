import { describe, expect, it } from 'vitest';
import { documentNonce, paymentMethodsConfiguration } from './drop-in-options';

/** A document whose first element with a nonce has this nonce property (the attribute itself reads empty in browsers). */
function documentWith(nonce: string | null): Pick<Document, 'querySelector'> {
  return { querySelector: (selector: string) => (selector === '[nonce]' && nonce !== null ? ({ nonce, getAttribute: () => '' } as unknown as HTMLElement) : null) } as Pick<Document, 'querySelector'>;
}

describe('documentNonce', () => {
  it('reads the nonce property of the page’s elements', () => {
    expect(documentNonce(documentWith('r4nd0m+n0nce=='))).toBe('r4nd0m+n0nce==');
  });

  it('is undefined on a page without one (Adyen Web then adds no nonce)', () => {
    expect(documentNonce(documentWith(null))).toBeUndefined();
    expect(documentNonce(documentWith(''))).toBeUndefined();
  });
});

describe('paymentMethodsConfiguration', () => {
  const onConfigSuccess = () => {};

  it('gives PayPal the page’s nonce, for its SDK’s styles under the nonce-only CSP', () => {
    expect(paymentMethodsConfiguration({ cspNonce: 'abc123', onConfigSuccess }).paypal).toEqual({ cspNonce: 'abc123' });
    expect(paymentMethodsConfiguration({ cspNonce: undefined, onConfigSuccess }).paypal).toEqual({});
  });

  it('keeps the spec’s card: visa and mc, holder name required, no billing address; a saved card asks its CVC', () => {
    const configuration = paymentMethodsConfiguration({ cspNonce: 'abc123', onConfigSuccess });
    expect(configuration.card).toEqual({
      brands: ['visa', 'mc'],
      hasHolderName: true,
      holderNameRequired: true,
      billingAddressRequired: false,
      enableStoreDetails: true,
      onConfigSuccess,
    });
    expect(configuration.storedCard).toEqual({ hideCVC: false, onConfigSuccess });
  });
});
