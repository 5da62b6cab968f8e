/**
 * Coupon codes (spec §5 "Coupon code", §9): ten characters, uppercased, non-alphanumerics
 * stripped, shown as `ABCDE-FGHIJ`. The code alphabet is ASCII A–Z and 0–9: anything else is
 * stripped *before* uppercasing, because uppercasing can turn a non-ASCII letter into ASCII
 * ones (`ß` → `SS`, `ı` → `I`, `ﬁ` → `FI`) and so invent characters the fan never typed.
 */

export const COUPON_CODE_LENGTH = 10;

/** Where the display hyphen goes: after the fifth character. */
const GROUP_LENGTH = 5;

const NOT_CODE_CHARACTERS = /[^A-Za-z0-9]/g;

/** The code as stored and looked up: uppercase ASCII letters and digits, at most ten of them. */
export function normaliseCouponCode(input: string): string {
  return input.replace(NOT_CODE_CHARACTERS, '').toUpperCase().slice(0, COUPON_CODE_LENGTH);
}

/**
 * The code for reading: `ABCDE-FGHIJ`. A partial code shows the hyphen as soon as a sixth
 * character follows the fifth (`ABCDE`, `ABCDE-F`), so the field can be formatted as it is typed.
 */
export function formatCouponCode(input: string): string {
  const code = normaliseCouponCode(input);
  return code.length > GROUP_LENGTH ? `${code.slice(0, GROUP_LENGTH)}-${code.slice(GROUP_LENGTH)}` : code;
}

/**
 * `formatCouponCode` for an input being typed in: the caret stays after the same code
 * characters it followed (a stripped character or the inserted hyphen does not move it on).
 */
export function formatCouponCodeAtCaret(input: string, caret: number): { value: string; caret: number } {
  const value = formatCouponCode(input);
  const codeCharactersBefore = normaliseCouponCode(input.slice(0, caret)).length;
  const hyphenBefore = codeCharactersBefore > GROUP_LENGTH ? 1 : 0;
  return { value, caret: codeCharactersBefore + hyphenBefore };
}

/** True for a normalised code of exactly ten characters: the only kind worth looking up. */
export function isCompleteCouponCode(code: string): boolean {
  return code.length === COUPON_CODE_LENGTH && normaliseCouponCode(code) === code;
}

export type CouponCodeProblem = 'required' | 'incomplete' | 'tooLong';

/**
 * A typed code read for a form: the normalised code and what is wrong with it, if anything.
 * More than ten code characters is a format error (`tooLong`), not a code to look up: its first
 * ten are not what the fan typed, and a failed lookup would count against their attempts.
 * Whether the code exists, is unused and unexpired is the coupon service's question.
 */
export function readCouponCode(input: string): { code: string; problem: CouponCodeProblem | null } {
  const code = normaliseCouponCode(input);
  if (code === '') return { code, problem: 'required' };
  if (input.replace(NOT_CODE_CHARACTERS, '').length > COUPON_CODE_LENGTH) return { code, problem: 'tooLong' };
  return { code, problem: isCompleteCouponCode(code) ? null : 'incomplete' };
}
