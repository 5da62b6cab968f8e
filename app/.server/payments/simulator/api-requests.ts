import { invalid } from './api-errors';

/**
 * Readers of the Checkout API v72 request bodies the simulator answers (field names and limits
 * from Adyen's OpenAPI spec, CheckoutService-v72.json). Each either gives a typed request or
 * throws Adyen's 422. Error codes from docs.adyen.com "Error codes and messages" where it names
 * one (100 amount missing, 101 invalid card number, 103 CVC length, 000 generic); the others
 * (130 reference, 137 amount, 138 currency, 129 expiry, 14_030 return URL, 800 unknown token,
 * 905 payment method) are Adyen's as remembered from its API, not checked against its docs.
 */

type Json = Record<string, unknown>;

export type Amount = { value: number; currency: 'EUR' };

/** Amounts the simulator takes: positive euro cents that fit the database's integer. */
const MAX_AMOUNT_VALUE = 2_000_000_000;
/** Adyen's limit on `reference` (CheckoutService-v72: maxLength 80). */
const MAX_REFERENCE_LENGTH = 80;
/** `returnUrl`: maxLength 1024 in the spec. */
const MAX_RETURN_URL_LENGTH = 1024;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body as an object, or Adyen's "Unable to parse message". */
export function bodyObject(body: unknown): Json {
  if (!isObject(body)) throw invalid('000', 'Unable to parse message: the body must be a JSON object');
  return body;
}

export function optionalString(body: Json, field: string, limits: { min?: number; max: number }): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid('000', `Field '${field}' must be a string`);
  if (value.length < (limits.min ?? 0) || value.length > limits.max) {
    throw invalid('000', `Field '${field}' must be ${limits.min ?? 0} to ${limits.max} characters long`);
  }
  return value;
}

function optionalBoolean(body: Json, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid('000', `Field '${field}' must be true or false`);
  return value;
}

function optionalEnum<T extends string>(body: Json, field: string, allowed: readonly T[]): T | undefined {
  const value = optionalString(body, field, { max: 50 });
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw invalid('000', `Field '${field}' must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function readAmount(body: Json): Amount {
  const amount = body.amount;
  if (amount === undefined || amount === null) throw invalid('100', "Required object 'amount' is not provided.");
  if (!isObject(amount)) throw invalid('000', "Field 'amount' must be an object with value and currency");
  const { value, currency } = amount;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0 || value > MAX_AMOUNT_VALUE) {
    throw invalid('137', 'Invalid amount specified');
  }
  if (currency !== 'EUR') throw invalid('138', 'Unsupported currency specified');
  return { value, currency };
}

export function readReference(body: Json, field = 'reference'): string {
  const reference = optionalString(body, field, { max: MAX_REFERENCE_LENGTH });
  if (!reference?.trim()) throw invalid('130', `Required field '${field}' is not provided.`);
  return reference;
}

export function readReturnUrl(body: Json): string {
  const returnUrl = optionalString(body, 'returnUrl', { max: MAX_RETURN_URL_LENGTH });
  if (!returnUrl) throw invalid('14_030', 'Return URL is missing.');
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw invalid('000', "Field 'returnUrl' must be an absolute http or https URL");
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('000', "Field 'returnUrl' must be an absolute http or https URL");
  return returnUrl;
}

/** `shopperReference`: 3 to 256 characters (spec). */
export function readShopperReference(body: Json): string | undefined {
  return optionalString(body, 'shopperReference', { min: 3, max: 256 });
}

const RECURRING_PROCESSING_MODELS = ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'] as const;
const SHOPPER_INTERACTIONS = ['Ecommerce', 'ContAuth', 'Moto', 'POS'] as const;
/** What the simulator can take: card (`scheme`) and PayPal, as its `/paymentMethods` lists. */
export const SIMULATED_METHOD_TYPES = ['scheme', 'paypal'] as const;
export type SimulatedMethodType = (typeof SIMULATED_METHOD_TYPES)[number];

/** `captureDelayHours`: 0 to 672 (28 days, spec). */
function readCaptureDelayHours(body: Json): number | undefined {
  const value = body.captureDelayHours;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 672) {
    throw invalid('000', "Field 'captureDelayHours' must be a whole number from 0 to 672");
  }
  return value;
}

export type SessionRequest = {
  amount: Amount;
  reference: string;
  returnUrl: string;
  mode: 'hosted' | 'embedded';
  shopperReference?: string;
  shopperLocale?: string;
  shopperEmail?: string;
  countryCode?: string;
  expiresAt?: Date;
  allowedPaymentMethods?: SimulatedMethodType[];
  storePaymentMethodMode: 'askForConsent' | 'enabled' | 'disabled';
  recurringProcessingModel?: string;
  shopperInteraction?: string;
  captureDelayHours?: number;
};

/** A session may live at most 24 hours (spec, `expiresAt`). */
export const MAX_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function readSessionRequest(raw: unknown, now: Date): SessionRequest {
  const body = bodyObject(raw);
  const amount = readAmount(body);
  const reference = readReference(body);
  const returnUrl = readReturnUrl(body);
  const expiresAtText = optionalString(body, 'expiresAt', { max: 40 });
  let expiresAt: Date | undefined;
  if (expiresAtText !== undefined) {
    expiresAt = new Date(expiresAtText);
    const time = expiresAt.getTime();
    if (!/^\d{4}-\d{2}-\d{2}T/.test(expiresAtText) || Number.isNaN(time)) throw invalid('000', "Field 'expiresAt' must be an ISO 8601 date and time");
    if (time <= now.getTime() || time > now.getTime() + MAX_SESSION_LIFETIME_MS) {
      throw invalid('000', "Field 'expiresAt' must be in the future and at most 24 hours after the session is created");
    }
  }
  let allowedPaymentMethods: SimulatedMethodType[] | undefined;
  if (body.allowedPaymentMethods !== undefined && body.allowedPaymentMethods !== null) {
    const list = body.allowedPaymentMethods;
    if (!Array.isArray(list) || list.length > 50 || list.some((type) => typeof type !== 'string' || type.length > 50)) {
      throw invalid('000', "Field 'allowedPaymentMethods' must be a list of payment method types");
    }
    // Adyen ignores types it does not offer; a list with none the simulator has leaves nothing to pay with.
    allowedPaymentMethods = SIMULATED_METHOD_TYPES.filter((type) => list.includes(type));
    if (allowedPaymentMethods.length === 0) throw invalid('000', 'None of allowedPaymentMethods is available: the simulator offers scheme and paypal');
  }
  const countryCode = optionalString(body, 'countryCode', { max: 2 });
  if (countryCode !== undefined && !/^[A-Z]{2}$/.test(countryCode)) throw invalid('000', "Field 'countryCode' must be two upper-case letters");
  const shopperLocale = optionalString(body, 'shopperLocale', { max: 35 });
  if (shopperLocale !== undefined && !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(shopperLocale)) throw invalid('000', "Field 'shopperLocale' must be a locale such as it-IT");
  const mode = optionalEnum(body, 'mode', ['hosted', 'embedded'] as const) ?? 'embedded';
  return {
    amount,
    reference,
    returnUrl,
    mode,
    shopperReference: readShopperReference(body),
    shopperLocale,
    shopperEmail: optionalString(body, 'shopperEmail', { max: 300 }),
    countryCode,
    expiresAt,
    allowedPaymentMethods,
    // Adyen's default is disabled (spec, storePaymentMethodMode).
    storePaymentMethodMode: optionalEnum(body, 'storePaymentMethodMode', ['askForConsent', 'enabled', 'disabled'] as const) ?? 'disabled',
    recurringProcessingModel: optionalEnum(body, 'recurringProcessingModel', RECURRING_PROCESSING_MODELS),
    shopperInteraction: optionalEnum(body, 'shopperInteraction', SHOPPER_INTERACTIONS),
    captureDelayHours: readCaptureDelayHours(body),
  };
}

/** A card as `/payments` carries it, with Adyen's unencrypted test values (`test_…`). */
export type CardFields = { number: string; expiryMonth: number; expiryYear: number; cvc?: string; holderName: string };

export type PaymentMethodRequest =
  | { kind: 'card'; card: CardFields }
  | { kind: 'stored'; storedPaymentMethodId: string; cvc?: string }
  | { kind: 'paypal'; subtype?: string };

export type PaymentRequest = {
  amount: Amount;
  reference: string;
  returnUrl: string;
  paymentMethod: PaymentMethodRequest;
  shopperReference?: string;
  storePaymentMethod: boolean;
  captureDelayHours?: number;
  recurringProcessingModel?: string;
  shopperInteraction?: string;
};

/**
 * An encrypted field's test value: Adyen's test platform takes `test_` + the plain value
 * (docs.adyen.com "Test card numbers": `test_4111111111111111`, `test_03`, `test_2030`, `test_737`).
 * Real encrypted data cannot be read offline, so anything else is refused.
 */
function testValue(card: Json, field: string): string | undefined {
  const value = optionalString(card, field, { max: 15_000 });
  if (value === undefined) return undefined;
  return value.startsWith('test_') ? value.slice('test_'.length) : '';
}

function readCard(method: Json): CardFields {
  const number = testValue(method, 'encryptedCardNumber');
  if (!number || !/^\d{12,19}$/.test(number)) throw invalid('101', 'Invalid card number');
  const month = testValue(method, 'encryptedExpiryMonth') ?? '';
  const year = testValue(method, 'encryptedExpiryYear') ?? '';
  if (!/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year) || Number(month) < 1 || Number(month) > 12) throw invalid('129', 'Expiry Date Invalid');
  const cvc = testValue(method, 'encryptedSecurityCode');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw invalid('103', 'CVC is not the right length');
  return { number, expiryMonth: Number(month), expiryYear: Number(year), cvc, holderName: optionalString(method, 'holderName', { max: 200 }) ?? '' };
}

function readPaymentMethod(body: Json): PaymentMethodRequest {
  const method = body.paymentMethod;
  if (!isObject(method)) throw invalid('000', "Required object 'paymentMethod' is not provided.");
  const type = optionalString(method, 'type', { max: 50 }) ?? 'scheme';
  const storedPaymentMethodId = optionalString(method, 'storedPaymentMethodId', { max: 64 }) ?? optionalString(method, 'recurringDetailReference', { max: 64 });
  if (type === 'paypal') return { kind: 'paypal', subtype: optionalString(method, 'subtype', { max: 20 }) };
  if (type !== 'scheme') throw invalid('905', 'Payment details are not supported');
  if (storedPaymentMethodId !== undefined) {
    const cvc = testValue(method, 'encryptedSecurityCode');
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw invalid('103', 'CVC is not the right length');
    return { kind: 'stored', storedPaymentMethodId, cvc };
  }
  return { kind: 'card', card: readCard(method) };
}

export function readPaymentRequest(raw: unknown): PaymentRequest {
  const body = bodyObject(raw);
  const request: PaymentRequest = {
    amount: readAmount(body),
    reference: readReference(body),
    returnUrl: readReturnUrl(body),
    paymentMethod: readPaymentMethod(body),
    shopperReference: readShopperReference(body),
    storePaymentMethod: optionalBoolean(body, 'storePaymentMethod') ?? false,
    captureDelayHours: readCaptureDelayHours(body),
    recurringProcessingModel: optionalEnum(body, 'recurringProcessingModel', RECURRING_PROCESSING_MODELS),
    shopperInteraction: optionalEnum(body, 'shopperInteraction', SHOPPER_INTERACTIONS),
  };
  // One of the messages Adyen lists under 000 (docs.adyen.com "Error codes and messages").
  if ((request.storePaymentMethod || request.paymentMethod.kind === 'stored') && !request.shopperReference) {
    throw invalid('000', 'Recurring payments require a shopperReference');
  }
  return request;
}

export type DetailsRequest = { redirectResult?: string; orderID?: string; payerID?: string; paymentData?: string };

export function readDetailsRequest(raw: unknown): DetailsRequest {
  const body = bodyObject(raw);
  const details = body.details;
  if (!isObject(details)) throw invalid('000', "Required object 'details' is not provided.");
  const request: DetailsRequest = {
    redirectResult: optionalString(details, 'redirectResult', { max: 20_000 }),
    orderID: optionalString(details, 'orderID', { max: 200 }),
    payerID: optionalString(details, 'payerID', { max: 200 }),
    paymentData: optionalString(body, 'paymentData', { max: 200_000 }),
  };
  if (!request.redirectResult && !(request.orderID && request.paymentData)) {
    throw invalid('000', 'details must carry redirectResult, or orderID and payerID with paymentData');
  }
  return request;
}

export function readModificationReference(body: Json): string | undefined {
  return optionalString(body, 'reference', { max: MAX_REFERENCE_LENGTH });
}
