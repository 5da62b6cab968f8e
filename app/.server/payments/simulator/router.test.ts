import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../config';
import { checkoutApi, CheckoutHttpClient } from '../http-client';
import { paymentSimulator } from './router';

// The simulator answered through the real @adyen/api-library, as the shop calls it.
let server: Server;
let config: PaymentsConfig;

beforeAll(async () => {
  const app = express();
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  config = {
    simulated: true,
    environment: 'test',
    checkoutApiUrl: `http://127.0.0.1:${port}/_psp/checkout`,
    apiKey: 'SIMULATOR-API-KEY-0123456789',
    merchantAccount: 'FanShopSimulator',
    clientKey: 'test_0123456789ABCDEF',
    hmacKey: '00112233445566778899AABBCCDDEEFF',
  };
  app.use('/_psp', paymentSimulator(config));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the payment simulator, through @adyen/api-library', () => {
  it('lists card (visa, mc) and PayPal for the merchant account', async () => {
    const methods = await checkoutApi(config).PaymentsApi.paymentMethods({ merchantAccount: config.merchantAccount, shopperReference: 'fan-1' });
    expect(methods.paymentMethods?.map((method) => [method.type, method.brands ?? null])).toEqual([
      ['scheme', ['visa', 'mc']],
      ['paypal', null],
    ]);
    expect(methods.storedPaymentMethods).toEqual([]);
  });

  it('answers a wrong API key with Adyen’s 401, as the library’s HttpClientException', async () => {
    const attempt = checkoutApi({ ...config, apiKey: 'WRONG-KEY-0123456789' }).PaymentsApi.paymentMethods({ merchantAccount: config.merchantAccount });
    await expect(attempt).rejects.toMatchObject({ name: 'HttpClientException', statusCode: 401, errorCode: '000' });
  });

  it('answers another merchant account with Adyen’s 403 901', async () => {
    const attempt = checkoutApi(config).PaymentsApi.paymentMethods({ merchantAccount: 'SomeoneElse' });
    await expect(attempt).rejects.toMatchObject({ statusCode: 403, errorCode: '901', apiError: { message: 'Invalid Merchant Account' } });
  });
});

describe('the HTTP client', () => {
  it('never sends the key to anything but the Checkout API', async () => {
    await expect(new CheckoutHttpClient(config).request('https://pal-test.adyen.com/pal/servlet/Payment/v68/authorise', '{}', {}, true)).rejects.toThrow(/not a Checkout API URL/);
  });
});
