import { describe, expect, it } from 'vitest';
import { searchOptions } from './option-search';

const countries = [
  { value: 'CI', label: "Côte d'Ivoire" },
  { value: 'DE', label: 'Germania' },
  { value: 'GB', label: 'Regno Unito' },
  { value: 'IT', label: 'Italia' },
  { value: 'CZ', label: 'Repubblica Ceca' },
  { value: 'US', label: 'Stati Uniti' },
];
const labelsFor = (query: string, minLength = 2) => searchOptions(countries, query, minLength).map((option) => option.label);

describe('searchOptions', () => {
  it('finds nothing below the minimum length, and from it on', () => {
    expect(labelsFor('i')).toEqual([]);
    expect(labelsFor(' i ')).toEqual([]);
    expect(labelsFor('it')).toEqual(['Italia', 'Regno Unito', 'Stati Uniti']);
    expect(labelsFor('i', 1)).toEqual(['Italia', "Côte d'Ivoire", 'Germania', 'Regno Unito', 'Repubblica Ceca', 'Stati Uniti']);
  });

  it('puts labels starting with the query first, then word starts, then the rest', () => {
    expect(labelsFor('un')).toEqual(['Regno Unito', 'Stati Uniti']);
    expect(labelsFor('re')).toEqual(['Regno Unito', 'Repubblica Ceca', "Côte d'Ivoire"]);
    expect(labelsFor('ni')).toEqual(['Germania', 'Regno Unito', 'Stati Uniti']);
  });

  it('ignores case, accents and punctuation', () => {
    expect(labelsFor('COTE D IV')).toEqual(["Côte d'Ivoire"]);
    expect(labelsFor("d'iv")).toEqual(["Côte d'Ivoire"]);
    expect(labelsFor('ITÀ')).toEqual(['Italia']);
  });

  it('finds nothing for punctuation alone or an unknown name', () => {
    expect(labelsFor('--')).toEqual([]);
    expect(labelsFor('zz')).toEqual([]);
  });
});
