/**
 * What Drop-in sends the shop to pay with (issue 14, the advanced flow): its `state.data.paymentMethod`,
 * checked before it goes on to the PSP. Only the fields Adyen defines for a card (encrypted by
 * Adyen's secured fields: the shop never sees a card number), a stored card (its id and the
 * security code typed in Adyen's field: spec "a saved card needs its CVC typed") or PayPal pass.
 */
import type { PaymentMethod } from './payment-attempt';

/** Adyen's encrypted values are a few KB; anything longer is not one. */
const MAX_VALUE_LENGTH = 8192;
const NEW_CARD_FIELDS = ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode', 'holderName'] as const;
const OPTIONAL_CARD_FIELDS = ['brand', 'checkoutAttemptId'] as const;
const PAYPAL_SUBTYPES = new Set(['sdk', 'redirect']);

export type DropInPaymentMethod = { method: PaymentMethod; stored: boolean; fields: Record<string, string> };

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_VALUE_LENGTH ? value : null;
}

/** Drop-in's payment method data, or null when it is not one the shop takes (→ 400). */
export function dropInPaymentMethodOf(value: unknown): DropInPaymentMethod | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const data = value as Record<string, unknown>;
  if (data.type === 'paypal') {
    const subtype = data.subtype === undefined ? null : textOf(data.subtype);
    if (subtype !== null && !PAYPAL_SUBTYPES.has(subtype)) return null;
    return { method: 'paypal', stored: false, fields: { type: 'paypal', ...(subtype ? { subtype } : {}) } };
  }
  if (data.type !== 'scheme') return null;
  const optional = Object.fromEntries(OPTIONAL_CARD_FIELDS.flatMap((name) => (textOf(data[name]) ? [[name, textOf(data[name]) as string]] : [])));
  const storedId = textOf(data.storedPaymentMethodId);
  const securityCode = textOf(data.encryptedSecurityCode);
  if (storedId !== null) {
    if (storedId.length > 64 || securityCode === null) return null;
    return { method: 'scheme', stored: true, fields: { type: 'scheme', storedPaymentMethodId: storedId, encryptedSecurityCode: securityCode, ...optional } };
  }
  const card: Record<string, string> = { type: 'scheme' };
  for (const name of NEW_CARD_FIELDS) {
    const text = textOf(data[name]);
    if (text === null) return null;
    card[name] = name === 'holderName' ? text.trim().slice(0, 100) : text;
  }
  return { method: 'scheme', stored: false, fields: { ...card, ...optional } };
}

/** Drop-in's fingerprint is a few KB of base64; anything longer is not one. */
export const MAX_RISK_CLIENT_DATA_LENGTH = 8192;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Drop-in's `state.data.riskData` (Adyen's device fingerprint for risk scoring): `{ clientData }`,
 * an opaque base64 text, passed on to the PSP as it came. Anything else — another shape, an
 * empty or oversized value, text that is not base64 — is null, and the payment goes without it.
 * Only `clientData` is kept: nothing else a client adds reaches the PSP.
 */
export function dropInRiskDataOf(value: unknown): { clientData: string } | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { clientData } = value as Record<string, unknown>;
  if (typeof clientData !== 'string' || clientData.length > MAX_RISK_CLIENT_DATA_LENGTH || !BASE64.test(clientData)) return null;
  return { clientData };
}
