import { describe, expect, it } from 'vitest';
import {
  academyTextVersions,
  acceptedTermsRecord,
  GENERIC_ACADEMY_TEXT_VERSION,
  missingTerms,
  TERM_NAMES,
  TERM_TEXT_VERSIONS,
  termsForCart,
  type CheckoutTerm,
  type TermsLine,
} from './checkout-terms';

const membership: TermsLine = { sku: 'j1897_2526', tags: ['membership'] };
const card: TermsLine = { sku: 'jcard', tags: ['jcard'] };
const academy2425: TermsLine = { sku: 'academy_2425_main', tags: ['academy'] };
const academy2526: TermsLine = { sku: 'academy_2526_main', tags: ['academy'] };
const academyCamp: TermsLine = { sku: 'academy_summer_camp', tags: ['academy'] };
const other: TermsLine = { sku: 'scarf', tags: ['merchandise'] };
const untagged: TermsLine = { sku: 'mystery', tags: [] };

const CARD_TERMS = ['cardDataDeclaration', 'cardDocumentsDeclaration', 'cardPersonalUseDeclaration', 'cardLegalAgeDeclaration'];

const namesOf = (lines: TermsLine[]) => termsForCart(lines).map((term) => term.name);
const academyVersionOf = (lines: TermsLine[]) => termsForCart(lines).find((term) => term.name === 'academyTerms')?.version;

describe('termsForCart', () => {
  it.each<[string, TermsLine[], string[]]>([
    ['an empty cart', [], []],
    ['memberships only', [membership, { ...membership, sku: 'stadium_2526' }], ['membershipTerms', 'guardianDeclaration']],
    ['a membership and the card', [membership, card], ['membershipTerms', ...CARD_TERMS]],
    ['the card only', [card], ['membershipTerms', ...CARD_TERMS]],
    ['academy 2024-25 only', [academy2425], ['academyTerms']],
    ['academy 2025-26 only', [academy2526], ['academyTerms']],
    ['another academy product only', [academyCamp], ['academyTerms']],
    ['academy and a membership', [academy2526, membership], ['membershipTerms', 'academyTerms']],
    ['academy and the card', [academy2526, card], ['membershipTerms', 'academyTerms', ...CARD_TERMS]],
    ['academy, a membership and the card', [card, membership, academy2526], ['membershipTerms', 'academyTerms', ...CARD_TERMS]],
    ['academy of both seasons', [academy2425, academy2526], ['academyTerms']],
    ['a product with an unknown tag', [other], ['membershipTerms']],
    ['a product without tags', [untagged], ['membershipTerms']],
    ['a membership and an unknown product', [membership, other], ['membershipTerms']],
    ['a product tagged both membership and card', [{ sku: 'bundle', tags: ['membership', 'jcard'] }], ['membershipTerms', 'guardianDeclaration', ...CARD_TERMS]],
    ['a product tagged both membership and academy', [{ sku: 'academy_2526_main', tags: ['membership', 'academy'] }], ['academyTerms', 'guardianDeclaration']],
  ])('%s → %j', (_label, lines, names) => {
    expect(namesOf(lines)).toEqual(names);
  });

  it('keeps the TERM_NAMES order whatever the cart order', () => {
    for (const lines of [[card, academy2425, membership], [membership, academy2425, card], [academy2425, card, membership]]) {
      const names = namesOf(lines);
      expect(names).toEqual(TERM_NAMES.filter((name) => names.includes(name)));
      expect(names).toHaveLength(6);
    }
  });

  it('gives the fixed texts their constant versions', () => {
    for (const term of termsForCart([membership, card])) {
      if (term.name !== 'academyTerms') expect(term.version).toBe(TERM_TEXT_VERSIONS[term.name]);
    }
    expect(termsForCart([membership])).toEqual([
      { name: 'membershipTerms', version: 'membership-2025-26.1' },
      { name: 'guardianDeclaration', version: 'guardian-2025-26.1' },
    ]);
  });

  it('versions the academy terms by the academy sku', () => {
    expect(academyVersionOf([academy2425])).toBe('academy-2024-25.1');
    expect(academyVersionOf([academy2526])).toBe('academy-2025-26.1');
    expect(academyVersionOf([academyCamp])).toBe(GENERIC_ACADEMY_TEXT_VERSION);
    // A known sku without the academy tag is not an academy product.
    expect(academyVersionOf([{ sku: 'academy_2526_main', tags: [] }])).toBeUndefined();
  });

  it('shows one academy term naming both seasons, in the same order whatever the cart order', () => {
    expect(academyVersionOf([academy2425, academy2526])).toBe('academy-2024-25.1+academy-2025-26.1');
    expect(academyVersionOf([academy2526, academy2425])).toBe('academy-2024-25.1+academy-2025-26.1');
    expect(academyVersionOf([academy2526, academy2526])).toBe('academy-2025-26.1');
    expect(academyVersionOf([academyCamp, academy2526, academy2425])).toBe('academy-2024-25.1+academy-2025-26.1+academy-generic.1');
  });

  it('does not mistake an sku named like an Object property for a known academy text', () => {
    expect(academyTextVersions([{ sku: 'constructor', tags: ['academy'] }])).toEqual([GENERIC_ACADEMY_TEXT_VERSION]);
  });
});

describe('missingTerms', () => {
  const required: CheckoutTerm[] = termsForCart([membership, card]);
  const all = new Set(required.map((term) => term.name));

  it('is empty when every shown term is accepted, even with unknown names besides', () => {
    expect(missingTerms(required, all)).toEqual([]);
    expect(missingTerms(required, new Set([...all, 'newsletter', 'academyTerms']))).toEqual([]);
  });

  it('lists every term when none is accepted, in display order', () => {
    expect(missingTerms(required, new Set())).toEqual(['membershipTerms', ...CARD_TERMS]);
    expect(missingTerms(required, new Set(['newsletter']))).toEqual(['membershipTerms', ...CARD_TERMS]);
  });

  it('lists the one term left out', () => {
    const withoutLegalAge = new Set([...all].filter((name) => name !== 'cardLegalAgeDeclaration'));
    expect(missingTerms(required, withoutLegalAge)).toEqual(['cardLegalAgeDeclaration']);
  });

  it('asks nothing when nothing is shown', () => {
    expect(missingTerms([], new Set())).toEqual([]);
  });
});

describe('acceptedTermsRecord', () => {
  it('keeps each term with its version and the ISO time of acceptance', () => {
    const at = new Date('2026-07-01T10:30:00.000Z');
    expect(acceptedTermsRecord(termsForCart([academy2425, academy2526, membership]), at)).toEqual([
      { name: 'membershipTerms', version: 'membership-2025-26.1', acceptedAt: '2026-07-01T10:30:00.000Z' },
      { name: 'academyTerms', version: 'academy-2024-25.1+academy-2025-26.1', acceptedAt: '2026-07-01T10:30:00.000Z' },
    ]);
  });

  it('is empty for no terms', () => {
    expect(acceptedTermsRecord([], new Date(0))).toEqual([]);
  });
});
