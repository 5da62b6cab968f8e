/**
 * Person names (spec §5 "Names"): letters of any script, with single spaces, hyphens and
 * apostrophes between them. Both the typewriter (') and the typographic (’) apostrophe count,
 * because phone keyboards insert the latter in "D’Angelo" by default.
 */

// A letter may carry combining marks, as a decomposed "é" (e + U+0301) does.
const WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
const SEPARATOR = `[ '’-]`;

/**
 * One separator at a time between words; a single apostrophe may also close the name, as in
 * "Nicolo'" where it stands for the accent Italian forms often could not type.
 */
const PERSON_NAME = new RegExp(`^${WORD}(?:${SEPARATOR}${WORD})*['’]?$`, 'u');

const LEADING_NON_LETTERS = /^[^\p{L}]+/u;
const TRAILING_NON_LETTERS_OR_APOSTROPHES = /[^\p{L}\p{M}'’]+$/u;

export function isValidPersonName(name: string): boolean {
  return PERSON_NAME.test(name);
}

/**
 * What the field keeps on blur: leading non-letters and trailing characters that are neither
 * letters nor apostrophes go. Separator runs inside the name are left for validation to flag,
 * so the user sees the mistake instead of a silent rewrite.
 */
export function trimPersonName(name: string): string {
  return name.replace(LEADING_NON_LETTERS, '').replace(TRAILING_NON_LETTERS_OR_APOSTROPHES, '');
}
