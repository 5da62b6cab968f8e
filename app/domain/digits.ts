/**
 * The spec's number inputs (§5 "General inputs") strip non-digits: quantities, VAT numbers.
 * ASCII digits only: other scripts' digits would not be read as numbers downstream.
 */
const NON_DIGITS = /[^0-9]/g;

export function keepDigits(value: string): string {
  return value.replace(NON_DIGITS, '');
}

/**
 * `keepDigits` for an input being typed in: the caret stays after the same digits it followed,
 * so a letter typed mid-number vanishes without throwing the caret to the end.
 */
export function keepDigitsAtCaret(value: string, caret: number): { value: string; caret: number } {
  return { value: keepDigits(value), caret: keepDigits(value.slice(0, caret)).length };
}
