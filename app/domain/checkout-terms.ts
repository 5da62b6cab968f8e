/**
 * The terms checkboxes of checkout (spec §5 "Terms shown by cart content"), from the tags of
 * the products in the cart (`membership`, `jcard`, `academy`):
 * - membership terms, unless every product is an academy one;
 * - academy terms, when an academy product is in the cart; their text depends on its sku;
 * - the age/guardian declaration, when every product is a membership;
 * - three card declarations and a legal-age one, when the club card is in the cart.
 * Every term shown must be accepted; the order keeps each term's text version and when.
 */

export type TermsLine = { sku: string; tags: readonly string[] };

/** Display order, and the checkbox field names of the checkout form. */
export const TERM_NAMES = [
  'membershipTerms',
  'academyTerms',
  'guardianDeclaration',
  'cardDataDeclaration',
  'cardDocumentsDeclaration',
  'cardPersonalUseDeclaration',
  'cardLegalAgeDeclaration',
] as const;
export type TermName = (typeof TERM_NAMES)[number];

/** `version` names the exact text the fan saw: the order stores it, so a later text change is traceable. */
export type CheckoutTerm = { name: TermName; version: string };

/** Versions of the texts that do not depend on the cart. Bump one whenever its text changes. */
export const TERM_TEXT_VERSIONS: Readonly<Record<Exclude<TermName, 'academyTerms'>, string>> = {
  membershipTerms: 'membership-2025-26.1',
  guardianDeclaration: 'guardian-2025-26.1',
  cardDataDeclaration: 'card-data-2025-26.1',
  cardDocumentsDeclaration: 'card-documents-2025-26.1',
  cardPersonalUseDeclaration: 'card-personal-use-2025-26.1',
  cardLegalAgeDeclaration: 'card-legal-age-2025-26.1',
};

/** The academy products with a text of their own (spec: "Terms text shown by sku"). A Map, so no sku hits Object's prototype. */
export const ACADEMY_TEXT_VERSIONS: ReadonlyMap<string, string> = new Map([
  ['academy_2425_main', 'academy-2024-25.1'],
  ['academy_2526_main', 'academy-2025-26.1'],
]);

/** The text of any other academy product. */
export const GENERIC_ACADEMY_TEXT_VERSION = 'academy-generic.1';

/** Joins the versions of an academy term that shows several texts. */
export const ACADEMY_VERSION_SEPARATOR = '+';

const ACADEMY_TAG = 'academy';
const MEMBERSHIP_TAG = 'membership';
const CARD_TAG = 'jcard';

function isAcademy(line: TermsLine): boolean {
  return line.tags.includes(ACADEMY_TAG);
}

/**
 * The academy texts the cart's academy products call for, sorted so the cart's order does not
 * change the version; [] without academy products. The page shows each of these texts.
 */
export function academyTextVersions(lines: readonly TermsLine[]): string[] {
  const versions = new Set(lines.filter(isAcademy).map((line) => ACADEMY_TEXT_VERSIONS.get(line.sku) ?? GENERIC_ACADEMY_TEXT_VERSION));
  return [...versions].sort();
}

/**
 * The terms to show, in TERM_NAMES order; [] for an empty cart. Academy products of both seasons
 * (or with a generic text) get one academy checkbox above all their texts, not one per season:
 * the fan accepts the academy terms once, and its version joins the texts' versions with '+'
 * (e.g. 'academy-2024-25.1+academy-2025-26.1'), so the order still tells which texts were shown.
 */
export function termsForCart(lines: readonly TermsLine[]): CheckoutTerm[] {
  if (lines.length === 0) return [];
  const onlyAcademy = lines.every(isAcademy);
  const onlyMembership = lines.every((line) => line.tags.includes(MEMBERSHIP_TAG));
  const withCard = lines.some((line) => line.tags.includes(CARD_TAG));
  const academyVersions = academyTextVersions(lines);

  const terms: CheckoutTerm[] = [];
  const show = (name: Exclude<TermName, 'academyTerms'>) => terms.push({ name, version: TERM_TEXT_VERSIONS[name] });
  if (!onlyAcademy) show('membershipTerms');
  if (academyVersions.length > 0) terms.push({ name: 'academyTerms', version: academyVersions.join(ACADEMY_VERSION_SEPARATOR) });
  if (onlyMembership) show('guardianDeclaration');
  if (withCard) {
    show('cardDataDeclaration');
    show('cardDocumentsDeclaration');
    show('cardPersonalUseDeclaration');
    show('cardLegalAgeDeclaration');
  }
  return terms;
}

/** The shown terms the fan did not tick (every one is required), in display order; other names are ignored. */
export function missingTerms(required: readonly CheckoutTerm[], accepted: ReadonlySet<string>): TermName[] {
  return required.filter((term) => !accepted.has(term.name)).map((term) => term.name);
}

export type AcceptedTerm = { name: TermName; version: string; acceptedAt: string };

/** What the order keeps of the accepted terms: which text, and when (ISO 8601, UTC). */
export function acceptedTermsRecord(required: readonly CheckoutTerm[], at: Date): AcceptedTerm[] {
  const acceptedAt = at.toISOString();
  return required.map(({ name, version }) => ({ name, version, acceptedAt }));
}
