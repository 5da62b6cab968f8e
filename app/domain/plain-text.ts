/**
 * Characters free text may not hold (issue 9): C0/C1 control characters (NUL among them, which
 * PostgreSQL cannot store), bidi embeddings/overrides/isolates (U+202A–202E, U+2066–2069: they
 * reorder what a reader sees, "Trojan Source" style) and zero-width characters (U+200B–200D,
 * U+2060, U+FEFF: invisible, they make two equal-looking values differ). A textarea may hold
 * tab and line breaks.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/u;
// eslint-disable-next-line no-control-regex -- finding them is the point
const MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/u;

/** True when `value` is text a fan could have meant to type: none of the characters above. */
export function isPlainText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/**
 * True when an identifier or search term from a URL (a product id, `?to=`) can be looked up at
 * all; one that cannot is simply not found, without asking the database.
 */
export function isLookupKey(value: string): boolean {
  return isPlainText(value);
}
