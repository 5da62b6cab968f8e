import { describe, expect, it } from 'vitest';
import { CheckoutHttpClient } from './http-client';

describe('the HTTP client', () => {
  it('never sends the key to anything but the Checkout API', async () => {
    const client = new CheckoutHttpClient({ checkoutApiUrl: 'http://127.0.0.1:9/_psp/checkout', apiKey: 'SIMULATOR-API-KEY-0123456789' });
    await expect(client.request('https://pal-test.adyen.com/pal/servlet/Payment/v68/authorise', '{}', {}, true)).rejects.toThrow(/not a Checkout API URL/);
  });
});
