/**
 * Italian tax code (codice fiscale) of a natural person, checked offline (spec §5 "Tax code").
 * The server stays the authority for Italian-born holders; this catches typos before the round
 * trip and explains *which* part disagrees with the holder's data.
 *
 * Layout (0-based): 0–2 surname, 3–5 name, 6–7 year, 8 month letter, 9–10 day (+40 for women),
 * 11–14 birthplace (Belfiore code, `Z…` abroad), 15 check character.
 */

import { parseCalendarDay } from './shop-time';

export type TaxCodeFormatFailure = 'length' | 'pattern' | 'month' | 'day' | 'checksum';
export type TaxCodeFormatResult = { ok: true } | { ok: false; reason: TaxCodeFormatFailure };

export type TaxCodeHolderFailure = TaxCodeFormatFailure | 'surname' | 'name' | 'birthDate' | 'gender' | 'birthPlace';
export type TaxCodeHolderResult = { ok: true } | { ok: false; reason: TaxCodeHolderFailure };

export type TaxCodeHolder = {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: 'F' | 'M';
  /**
   * National (Belfiore) code of the birth municipality, e.g. `H501` for Rome, or `Z…` for a
   * foreign country; null: the place is not checked (a holder born abroad, spec §5).
   */
  birthPlaceCode: string | null;
};

const TAX_CODE_LENGTH = 16;

/** Month letters January…December. */
const MONTH_LETTERS = 'ABCDEHLMPRST';

/**
 * When two people would share a code, the office replaces digits from the right with these
 * letters (0→L … 9→V): "omocodia". Only the digit positions below may carry them.
 */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';
const DIGIT_POSITIONS: ReadonlySet<number> = new Set([6, 7, 9, 10, 12, 13, 14]);

// Letter or digit positions, with omocodic letters allowed where digits belong.
const TAX_CODE_PATTERN = /^[A-Z]{6}[0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$/;

/**
 * Value of a character at an odd (1st, 3rd, …) position for the check character. Index 0–25 is
 * the letter A–Z and, for digits, the digit with the same index (0 counts like A, 1 like B, …).
 */
const ODD_POSITION_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
] as const;

function compactUppercase(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Uppercase and without any whitespace, as the code is stored and compared. */
export function normaliseTaxCode(input: string): string {
  return compactUppercase(input);
}

/** The code with omocodic letters at digit positions turned back into digits; check character untouched. */
export function decodeOmocodia(code: string): string {
  return [...normaliseTaxCode(code)]
    .map((character, position) => {
      if (!DIGIT_POSITIONS.has(position)) return character;
      const digit = OMOCODIA_LETTERS.indexOf(character);
      return digit === -1 ? character : String(digit);
    })
    .join('');
}

/** Check character for the first 15 characters of an already pattern-valid code. */
function checkCharacterFor(first15: string): string {
  let sum = 0;
  for (let index = 0; index < first15.length; index += 1) {
    const character = first15.charAt(index);
    const ordinal = /[0-9]/.test(character) ? Number(character) : character.charCodeAt(0) - 65;
    // Index 0 is the 1st (odd) position.
    sum += index % 2 === 0 ? (ODD_POSITION_VALUES[ordinal] ?? 0) : ordinal;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Format check: length, positional pattern, month letter, day range and check character. */
export function checkTaxCodeFormat(code: string): TaxCodeFormatResult {
  const normalised = normaliseTaxCode(code);
  if (normalised.length !== TAX_CODE_LENGTH) return { ok: false, reason: 'length' };
  if (!TAX_CODE_PATTERN.test(normalised)) return { ok: false, reason: 'pattern' };
  if (!MONTH_LETTERS.includes(normalised.charAt(8))) return { ok: false, reason: 'month' };

  const day = Number(decodeOmocodia(normalised).slice(9, 11));
  const isMaleDay = day >= 1 && day <= 31;
  const isFemaleDay = day >= 41 && day <= 71;
  if (!isMaleDay && !isFemaleDay) return { ok: false, reason: 'day' };

  // The check character is computed over the code as issued, omocodic letters included.
  if (checkCharacterFor(normalised.slice(0, 15)) !== normalised.charAt(15)) return { ok: false, reason: 'checksum' };
  return { ok: true };
}

const VOWELS = 'AEIOU';

/**
 * A–Z only: accents folded (À→A, È→E) because NFD splits them off as separate marks, which are
 * then dropped with apostrophes, spaces, hyphens and anything else outside A–Z.
 */
function lettersOf(name: string): string {
  return name
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

// Y, J, K, W and X count as consonants: only A E I O U are vowels in this algorithm.
function splitLetters(name: string): { consonants: string[]; vowels: string[] } {
  const letters = [...lettersOf(name)];
  return {
    consonants: letters.filter((letter) => !VOWELS.includes(letter)),
    vowels: letters.filter((letter) => VOWELS.includes(letter)),
  };
}

function threeLetters(consonants: string[], vowels: string[]): string {
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

/** Surname part: consonants, then vowels, then X padding (e.g. Rossi → RSS, Fo → FOX). */
export function expectedSurnameCode(lastName: string): string {
  const { consonants, vowels } = splitLetters(lastName);
  return threeLetters(consonants, vowels);
}

/** Name part: like the surname, but with four or more consonants the 1st, 3rd and 4th are used. */
export function expectedNameCode(firstName: string): string {
  const { consonants, vowels } = splitLetters(firstName);
  if (consonants.length >= 4) return [consonants[0], consonants[2], consonants[3]].join('');
  return threeLetters(consonants, vowels);
}

/**
 * Format first, then whether each part of the code matches the holder. The surname and name
 * parts are compared as given; digit parts after undoing omocodia. A day that would match with
 * the other gender's +40 is reported as 'gender', since then the date itself is right.
 */
export function checkTaxCodeAgainstHolder(code: string, holder: TaxCodeHolder): TaxCodeHolderResult {
  const format = checkTaxCodeFormat(code);
  if (!format.ok) return format;
  const decoded = decodeOmocodia(code);

  if (decoded.slice(0, 3) !== expectedSurnameCode(holder.lastName)) return { ok: false, reason: 'surname' };
  if (decoded.slice(3, 6) !== expectedNameCode(holder.firstName)) return { ok: false, reason: 'name' };

  const dob = parseCalendarDay(holder.dob.trim());
  if (!dob) return { ok: false, reason: 'birthDate' };
  const yearMatches = decoded.slice(6, 8) === String(dob.year % 100).padStart(2, '0');
  const monthMatches = decoded.charAt(8) === MONTH_LETTERS.charAt(dob.month - 1);
  if (!yearMatches || !monthMatches) return { ok: false, reason: 'birthDate' };

  const codedDay = Number(decoded.slice(9, 11));
  const expectedDay = holder.gender === 'F' ? dob.day + 40 : dob.day;
  if (codedDay !== expectedDay) {
    const otherGenderDay = holder.gender === 'F' ? dob.day : dob.day + 40;
    return { ok: false, reason: codedDay === otherGenderDay ? 'gender' : 'birthDate' };
  }

  if (holder.birthPlaceCode !== null && decoded.slice(11, 15) !== compactUppercase(holder.birthPlaceCode)) return { ok: false, reason: 'birthPlace' };
  return { ok: true };
}
