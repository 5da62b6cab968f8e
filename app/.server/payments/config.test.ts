import { describe, expect, it } from 'vitest';
import { readConfig } from '../env';
import { hostedPageOrigins } from './config';
import { ADYEN_TEST_ENV, PRODUCTION_ENV } from '../env-testing';

/** Production with everything but a payment provider. */
const PRODUCTION = { ...PRODUCTION_ENV, ...Object.fromEntries(Object.keys(ADYEN_TEST_ENV).map((name) => [name, undefined])) };

describe('payments configuration', () => {
  it('is the simulator offline, below the public URL, with keys of its own derived from the session secret', () => {
    const payments = readConfig({ PORT: '4000' }).payments;
    expect(payments).toMatchObject({ simulated: true, environment: 'test', checkoutApiUrl: 'http://localhost:4000/_psp/checkout', merchantAccount: 'FanShopSimulator' });
    expect(payments.clientKey).toMatch(/^test_[0-9A-F]{32}$/);
    expect(payments.hmacKey).toMatch(/^[0-9A-F]{64}$/);
    const other = readConfig({ PORT: '4000', SESSION_SECRET: 'another-secret-that-is-long-enough-0987654321' }).payments;
    expect(other.hmacKey).not.toBe(payments.hmacKey);
    expect(other.apiKey).not.toBe(payments.apiKey);
  });

  it('talks to Adyen test with the four Adyen settings', () => {
    expect(readConfig(ADYEN_TEST_ENV).payments).toEqual({
      simulated: false,
      environment: 'test',
      clientEnvironment: 'test',
      checkoutApiUrl: 'https://checkout-test.adyen.com',
      apiKey: ADYEN_TEST_ENV.ADYEN_API_KEY,
      merchantAccount: 'FanShopECOM',
      clientKey: ADYEN_TEST_ENV.ADYEN_CLIENT_KEY,
      hmacKey: ADYEN_TEST_ENV.ADYEN_HMAC_KEY,
    });
  });

  it('talks to Adyen live at the account’s prefixed endpoint, with a live client key', () => {
    const live = { ...ADYEN_TEST_ENV, ADYEN_ENVIRONMENT: 'live', ADYEN_CLIENT_KEY: 'live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345', ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-FanShop' };
    expect(readConfig(live).payments).toMatchObject({
      environment: 'live',
      clientEnvironment: 'live',
      checkoutApiUrl: 'https://1797a841fbb37ca7-FanShop-checkout-live.adyenpayments.com/checkout',
    });
    // Drop-in loads from the account's region; the hosted page is there too.
    const us = readConfig({ ...live, ADYEN_LIVE_REGION: 'us' }).payments;
    expect(us.clientEnvironment).toBe('live-us');
    expect(hostedPageOrigins(us)).toEqual(['https://checkoutshopper-live-us.adyen.com']);
    expect(() => readConfig({ ...live, ADYEN_LIVE_REGION: 'mars' })).toThrow(/ADYEN_LIVE_REGION/);
    expect(() => readConfig({ ...live, ADYEN_LIVE_URL_PREFIX: undefined })).toThrow(/ADYEN_LIVE_URL_PREFIX is required with ADYEN_ENVIRONMENT=live/);
    expect(() => readConfig({ ...live, ADYEN_CLIENT_KEY: ADYEN_TEST_ENV.ADYEN_CLIENT_KEY })).toThrow(/ADYEN_CLIENT_KEY must be a live_ key/);
  });

  it.each(['ADYEN_MERCHANT_ACCOUNT', 'ADYEN_CLIENT_KEY', 'ADYEN_HMAC_KEY'])('refuses ADYEN_API_KEY without %s', (variable) => {
    expect(() => readConfig({ ...ADYEN_TEST_ENV, [variable]: undefined })).toThrow(new RegExp(`${variable} is required with ADYEN_API_KEY`));
  });

  it('refuses malformed settings, naming the variable', () => {
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ADYEN_HMAC_KEY: 'not hex' })).toThrow(/ADYEN_HMAC_KEY must be the HMAC key as hex digits/);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ADYEN_CLIENT_KEY: 'pub.v2.123' })).toThrow(/ADYEN_CLIENT_KEY must be a client key/);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ADYEN_ENVIRONMENT: 'staging' })).toThrow(/ADYEN_ENVIRONMENT/);
  });

  it('needs Adyen in production, unless the simulator is asked for by name; never both', () => {
    expect(() => readConfig(PRODUCTION)).toThrow(/ADYEN_API_KEY is required when NODE_ENV=production/);
    expect(readConfig({ ...PRODUCTION, PAYMENT_SIMULATOR: 'on' }).payments.simulated).toBe(true);
    expect(readConfig({ ...PRODUCTION, ...ADYEN_TEST_ENV }).payments.simulated).toBe(false);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, PAYMENT_SIMULATOR: 'on' })).toThrow(/exclude each other/);
    expect(() => readConfig({ PAYMENT_SIMULATOR: 'off' })).toThrow(/ADYEN_API_KEY is required with PAYMENT_SIMULATOR=off/);
  });
});
