import { describe, expect, it } from 'vitest';
import { readConfig } from '../env';
import { hostedPageOrigins } from './config';
import { ADYEN_TEST_ENV, PRODUCTION_ENV } from '../env-testing';

/** Production with everything but a payment provider. */
const PRODUCTION = {
  ...PRODUCTION_ENV,
  ...Object.fromEntries([...Object.keys(ADYEN_TEST_ENV), 'ADYEN_WEBHOOK_USERNAME', 'ADYEN_WEBHOOK_PASSWORD'].map((name) => [name, undefined])),
};
const WEBHOOK_AUTH = { ADYEN_WEBHOOK_USERNAME: 'adyen-webhooks', ADYEN_WEBHOOK_PASSWORD: 'a-webhook-password-of-the-endpoint' };

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
      previousHmacKeys: [],
      webhookAuth: null,
      simulatorSupportPassword: null,
    });
  });

  it('takes the webhook endpoint’s Basic credentials both or neither, and requires them with Adyen in production', () => {
    expect(readConfig({ ...ADYEN_TEST_ENV, ...WEBHOOK_AUTH }).payments.webhookAuth).toEqual({ username: 'adyen-webhooks', password: 'a-webhook-password-of-the-endpoint' });
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ADYEN_WEBHOOK_USERNAME: 'adyen-webhooks' })).toThrow(/ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD go together/);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ADYEN_WEBHOOK_PASSWORD: 'a-webhook-password' })).toThrow(/go together/);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ...WEBHOOK_AUTH, ADYEN_WEBHOOK_USERNAME: 'with:colon' })).toThrow(/ADYEN_WEBHOOK_USERNAME must be printable ASCII without spaces or colons/);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, ...WEBHOOK_AUTH, ADYEN_WEBHOOK_PASSWORD: 'short' })).toThrow(/ADYEN_WEBHOOK_PASSWORD must be at least 8 characters/);
    expect(() => readConfig({ ...PRODUCTION, ...ADYEN_TEST_ENV })).toThrow(/ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD are required with ADYEN_API_KEY when NODE_ENV=production/);
    expect(readConfig({ ...PRODUCTION, ...ADYEN_TEST_ENV, ...WEBHOOK_AUTH }).payments.webhookAuth).not.toBeNull();
    // The simulator's webhooks come from the shop itself: credentials are optional there, in production too.
    expect(readConfig({ ...PRODUCTION, PAYMENT_SIMULATOR: 'on' }).payments.webhookAuth).toBeNull();
  });

  it('keeps the simulator’s support page behind a password when one is set', () => {
    expect(readConfig({}).payments.simulatorSupportPassword).toBeNull();
    expect(readConfig({ PAYMENT_SIMULATOR_SUPPORT_PASSWORD: 'a-support-password' }).payments.simulatorSupportPassword).toBe('a-support-password');
    expect(() => readConfig({ PAYMENT_SIMULATOR_SUPPORT_PASSWORD: 'short' })).toThrow(/PAYMENT_SIMULATOR_SUPPORT_PASSWORD must be at least 12 characters/);
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
    expect(readConfig({ ...PRODUCTION, ...ADYEN_TEST_ENV, ...WEBHOOK_AUTH }).payments.simulated).toBe(false);
    expect(() => readConfig({ ...ADYEN_TEST_ENV, PAYMENT_SIMULATOR: 'on' })).toThrow(/exclude each other/);
    expect(() => readConfig({ PAYMENT_SIMULATOR: 'off' })).toThrow(/ADYEN_API_KEY is required with PAYMENT_SIMULATOR=off/);
  });
});
