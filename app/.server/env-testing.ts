/** Adyen test settings of the right shapes (not real credentials), for configurations in tests. */
export const ADYEN_TEST_ENV = {
  ADYEN_API_KEY: 'AQE-test-api-key-0123456789',
  ADYEN_MERCHANT_ACCOUNT: 'FanShopECOM',
  ADYEN_CLIENT_KEY: 'test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
  ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
} as const;

/**
 * Every setting production requires, for tests that read a production configuration: one list,
 * so a new required setting is added here once. Tests take out what they check is required.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-real-secret-that-is-long-enough-1234567890',
  PUBLIC_URL: 'https://shop.example.org/',
  UPLOADS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  ...ADYEN_TEST_ENV,
  ADYEN_WEBHOOK_USERNAME: 'adyen-webhooks',
  ADYEN_WEBHOOK_PASSWORD: 'a-webhook-password-of-the-endpoint',
};
