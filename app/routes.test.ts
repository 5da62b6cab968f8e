import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from './routes';

/** The files of every route under the secured layout (whose middleware sends anyone signed out to sign in and back). */
function securedFiles(entries: readonly RouteConfigEntry[], inside = false): string[] {
  return entries.flatMap((entry) => {
    const secured = inside || entry.file === 'routes/secured.tsx';
    return [...(inside ? [entry.file] : []), ...securedFiles(entry.children ?? [], secured)];
  });
}

describe('the URL map', () => {
  it('secures the thank-you page and the return from the PSP (spec: secured routes), not the public pay page', async () => {
    const secured = securedFiles(await routes);
    expect(secured).toContain('routes/orders/thank-you.tsx');
    expect(secured).toContain('routes/payment/payment-return.tsx');
    expect(secured).toContain('routes/cart/cart.tsx');
    expect(secured).not.toContain('routes/payment/pay-order.tsx');
    expect(secured).not.toContain('routes/catalogue/products.tsx');
  });
});
