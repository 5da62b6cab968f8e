/** Adyen test settings of the right shapes (not real credentials), for configurations in tests. */
export const ADYEN_TEST_ENV = {
  ADYEN_API_KEY: 'AQE-test-api-key-0123456789',
  ADYEN_MERCHANT_ACCOUNT: 'FanShopECOM',
  ADYEN_CLIENT_KEY: 'test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
  ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
} as const;
