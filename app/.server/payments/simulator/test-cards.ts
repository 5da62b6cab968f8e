/**
 * What the simulator does with a card (issue 14): Adyen's test cards and Adyen's test outcomes
 * by holder name (LIBRARY-NOTES §Adyen, docs.adyen.com "Test card numbers" and "Testing 3D Secure
 * 2 authentication"), so that a fan's path through the shop can be tried offline exactly as on
 * Adyen's test platform. Pure: the hosted page and `/payments` both ask it.
 */

export type CardBrand = 'visa' | 'mc';
export type TestCard = { brand: CardBrand; lastFour: string; threeDSecure: boolean };

/** The cards the simulator knows: Adyen's Visa and Mastercard test cards, and a Visa enrolled in 3-D Secure 2 (challenge). */
const TEST_CARDS: Readonly<Record<string, Omit<TestCard, 'lastFour'>>> = {
  '4111111111111111': { brand: 'visa', threeDSecure: false },
  '5555555555554444': { brand: 'mc', threeDSecure: false },
  '4212345678910006': { brand: 'visa', threeDSecure: true },
};

/** The security code of every test card. */
export const TEST_CVC = '737';
/** What the 3-D Secure challenge page accepts (Adyen's test password for browsers). */
export const THREE_D_SECURE_PASSWORD = 'password';

/** A test card by its number as typed (spaces and hyphens allowed), or null for any other number. */
export function testCardOf(typedNumber: string): TestCard | null {
  const digits = cardDigits(typedNumber);
  const card = Object.hasOwn(TEST_CARDS, digits) ? TEST_CARDS[digits] : undefined;
  return card ? { ...card, lastFour: digits.slice(-4) } : null;
}

export type CardResult =
  | { resultCode: 'Authorised' }
  /** Adyen's refusal reason and its code, as the AUTHORISATION webhook's `reason` and the answer's `refusalReasonCode`. */
  | { resultCode: 'Refused'; refusalReason: string; refusalReasonCode: string }
  /** Adyen's answer carries a reason for an error too (CheckoutService-v72 `refusalReason`). */
  | { resultCode: 'Error'; refusalReason: string; refusalReasonCode: string }
  /** Not decided yet: the webhook brings the outcome later. */
  | { resultCode: 'Received' };

/** Adyen's plain refusal (holder name DECLINED). */
export const DECLINED = { resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2' } as const satisfies CardResult;

/** Adyen's test outcomes by holder name; any other name is an ordinary shopper, authorised. */
const BY_HOLDER_NAME: Readonly<Record<string, CardResult>> = {
  APPROVED: { resultCode: 'Authorised' },
  DECLINED,
  CARD_EXPIRED: { resultCode: 'Refused', refusalReason: 'Expired Card', refusalReasonCode: '6' },
  NOT_ENOUGH_BALANCE: { resultCode: 'Refused', refusalReason: 'Not enough balance', refusalReasonCode: '12' },
  ERROR: { resultCode: 'Error', refusalReason: 'Acquirer Error', refusalReasonCode: '4' },
  PENDING: { resultCode: 'Received' },
};

/** The outcome of paying with a known test card: a wrong security code is declined as Adyen does, else the holder name decides. */
export function cardResult(entry: { holderName: string; cvc: string }): CardResult {
  if (entry.cvc.trim() !== TEST_CVC) return { resultCode: 'Refused', refusalReason: 'CVC Declined', refusalReasonCode: '24' };
  const name = entry.holderName.trim().toUpperCase();
  return (Object.hasOwn(BY_HOLDER_NAME, name) ? BY_HOLDER_NAME[name] : undefined) ?? { resultCode: 'Authorised' };
}

/** A wrong 3-D Secure password: Adyen's refusal for an authentication that failed (code as remembered, not checked). */
export const THREE_D_SECURE_FAILED = { resultCode: 'Refused', refusalReason: '3D Not Authenticated', refusalReasonCode: '11' } as const satisfies CardResult;

/** A card whose expiry has passed, whatever the holder name. */
export const EXPIRED_CARD = { resultCode: 'Refused', refusalReason: 'Expired Card', refusalReasonCode: '6' } as const satisfies CardResult;

/** The digits of a card number as typed (spaces and hyphens dropped). */
export function cardDigits(typedNumber: string): string {
  return typedNumber.replace(/[\s-]/g, '');
}

/** Whether an expiry (month 1–12, four-digit year) is this month or later, in the simulator's clock. */
export function isUnexpired(expiry: { month: number; year: number }, today: Date): boolean {
  if (!Number.isInteger(expiry.month) || expiry.month < 1 || expiry.month > 12 || !Number.isInteger(expiry.year)) return false;
  const current = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) >= current;
}
