import { describe, expect, it } from 'vitest';
import { ACADEMY_TEXT_VERSIONS, GENERIC_ACADEMY_TEXT_VERSION, TERM_NAMES, TERM_TEXT_VERSIONS } from './checkout-terms';
import { isTermsPageId, TERMS_PAGE_IDS, termsPageOf, termsPagePath, termsPageTexts } from './terms-pages';

describe('the terms pages', () => {
  it('are three, at /terms/{id}; any other id is none', () => {
    expect(TERMS_PAGE_IDS.map(termsPagePath)).toEqual(['/terms/membership', '/terms/academy', '/terms/withdrawal']);
    for (const id of TERMS_PAGE_IDS) expect(isTermsPageId(id)).toBe(true);
    for (const other of ['', 'Membership', 'membershipTerms', 'guardian', 'constructor', '__proto__', 'membership/', '../membership']) {
      expect(isTermsPageId(other), other).toBe(false);
    }
  });

  it('serve the boxes that refer to a text; a declaration whose label is its text has none', () => {
    expect(Object.fromEntries(TERM_NAMES.map((name) => [name, termsPageOf(name)]))).toEqual({
      membershipTerms: 'membership',
      academyTerms: 'academy',
      guardianDeclaration: null,
      cardDataDeclaration: null,
      cardDocumentsDeclaration: null,
      cardPersonalUseDeclaration: null,
      cardLegalAgeDeclaration: null,
    });
  });

  it('show the versions the shop records: the membership terms’, every academy text’s, none for the waiver', () => {
    expect(termsPageTexts('membership')).toEqual([{ version: TERM_TEXT_VERSIONS.membershipTerms }]);
    expect(termsPageTexts('academy').map((text) => text.version)).toEqual([...ACADEMY_TEXT_VERSIONS.values(), GENERIC_ACADEMY_TEXT_VERSION]);
    expect(termsPageTexts('withdrawal')).toEqual([{ version: null }]);
  });
});
