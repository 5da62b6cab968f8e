/**
 * Customisation text printed on the club card (spec §5 "Customisation text", §9): letters and
 * digits only, between the customisation's minLength and maxLength (defaults 0 and 5).
 *
 * Unlike person names (any script), the text goes to a card printer, so its alphabet is ASCII
 * A–Z and 0–9, stored uppercase. Accents are folded rather than refused ("Nicolò" → "NICOLO",
 * what a printer without accents would print anyway); letters with no ASCII base (ß, Ø, Greek,
 * Cyrillic…) are refused, as are spaces and punctuation.
 */

export const DEFAULT_CUSTOMISATION_MIN_LENGTH = 0;
export const DEFAULT_CUSTOMISATION_MAX_LENGTH = 5;

/** The bounds as the product's customisation schema gives them; missing ones take the defaults. */
export type CustomisationBounds = { minLength?: number | null; maxLength?: number | null };

const COMBINING_MARKS = /\p{M}/gu;
const PRINTABLE = /^[A-Za-z0-9]*$/;

/**
 * Trimmed, accents folded, uppercased: the text as stored and printed. Text that cannot be
 * printed comes back trimmed but otherwise as typed, so the fan sees what to correct (and
 * uppercasing cannot make it pass: `ß`.toUpperCase() is "SS").
 */
export function normaliseCustomisationText(input: string): string {
  const trimmed = input.trim();
  const folded = trimmed.normalize('NFD').replace(COMBINING_MARKS, '');
  return PRINTABLE.test(folded) ? folded.toUpperCase() : trimmed;
}

export type CustomisationTextProblem = 'required' | 'characters' | 'tooShort' | 'tooLong';

export function customisationLengthBounds(bounds: CustomisationBounds = {}): { min: number; max: number } {
  return {
    min: bounds.minLength ?? DEFAULT_CUSTOMISATION_MIN_LENGTH,
    max: bounds.maxLength ?? DEFAULT_CUSTOMISATION_MAX_LENGTH,
  };
}

/**
 * The normalised text and what is wrong with it. Empty is fine when minLength is 0 (the
 * customisation is optional); otherwise `required`. Lengths count the normalised text, which
 * is ASCII, so characters and UTF-16 units agree.
 */
export function readCustomisationText(
  input: string,
  bounds: CustomisationBounds = {},
): { text: string; problem: CustomisationTextProblem | null } {
  const text = normaliseCustomisationText(input);
  const { min, max } = customisationLengthBounds(bounds);
  if (text === '') return { text, problem: min > 0 ? 'required' : null };
  if (!PRINTABLE.test(text)) return { text, problem: 'characters' };
  if (text.length < min) return { text, problem: 'tooShort' };
  if (text.length > max) return { text, problem: 'tooLong' };
  return { text, problem: null };
}
