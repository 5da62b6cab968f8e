/**
 * The pages of the texts the shop's terms checkboxes accept (issue 30): `/terms/{id}`, one per
 * text a box refers to rather than states. A box whose label is its whole text (the guardian and
 * club card declarations) has no page: its label is what the fan accepts. Each page shows the
 * version the shop records when the box is ticked (domain/checkout-terms.ts), so support staff and
 * fans can tell which text an order accepted.
 */
import { ACADEMY_TEXT_VERSIONS, GENERIC_ACADEMY_TEXT_VERSION, TERM_TEXT_VERSIONS, type TermName } from './checkout-terms';

export const TERMS_PAGE_IDS = ['membership', 'academy', 'withdrawal'] as const;
export type TermsPageId = (typeof TERMS_PAGE_IDS)[number];

export function isTermsPageId(value: string): value is TermsPageId {
  return (TERMS_PAGE_IDS as readonly string[]).includes(value);
}

/**
 * The model withdrawal form (Annex I(B) of Directive 2011/83/EU), printable, for fans who prefer
 * to write (issue 31): a page of its own, not a terms page (nothing is accepted, no version).
 */
export const WITHDRAWAL_FORM_PATH = '/terms/withdrawal-form';

export function termsPagePath(id: TermsPageId): string {
  return `/terms/${id}`;
}

/** The page a checkout (or gift redemption) box links to; null: its label is the whole text. */
export function termsPageOf(name: TermName): TermsPageId | null {
  if (name === 'membershipTerms') return 'membership';
  if (name === 'academyTerms') return 'academy';
  return null;
}

/**
 * The texts a page shows, each with the version the shop records for it: the membership terms;
 * every academy text (the order records those its cart showed, joined with '+'). The withdrawal
 * waiver's text has no version: the order keeps only when the fan waived (`withdrawal_waived_at`).
 */
export function termsPageTexts(id: TermsPageId): { version: string | null }[] {
  switch (id) {
    case 'membership':
      return [{ version: TERM_TEXT_VERSIONS.membershipTerms }];
    case 'academy':
      return [...ACADEMY_TEXT_VERSIONS.values(), GENERIC_ACADEMY_TEXT_VERSION].map((version) => ({ version }));
    case 'withdrawal':
      return [{ version: null }];
  }
}
