import { describe, expect, it } from 'vitest';
import { isChoosableBirthCountry, taxCodeBirthPlace, wordBirthPlace } from './birth-place';

const zCodes = { FR: 'Z110', DE: 'Z112' };

describe('taxCodeBirthPlace', () => {
  it('is the municipality code in Italy and the Z code abroad', () => {
    expect(taxCodeBirthPlace({ birthCountryCode: 'IT', birthCityCode: 'h501' }, zCodes)).toBe('H501');
    expect(taxCodeBirthPlace({ birthCountryCode: 'fr', birthCityCode: 'H501' }, zCodes)).toBe('Z110');
  });

  it('is unknown without a municipality in Italy or for a country without a Z code', () => {
    expect(taxCodeBirthPlace({ birthCountryCode: 'IT', birthCityCode: '' }, zCodes)).toBeNull();
    expect(taxCodeBirthPlace({ birthCountryCode: 'HK' }, zCodes)).toBeNull();
  });
});

describe('isChoosableBirthCountry', () => {
  it('accepts Italy and countries with a Z code only', () => {
    expect(isChoosableBirthCountry('IT', zCodes)).toBe(true);
    expect(isChoosableBirthCountry(' de ', zCodes)).toBe(true);
    expect(isChoosableBirthCountry('HK', zCodes)).toBe(false);
    expect(isChoosableBirthCountry('toString', zCodes)).toBe(false);
  });
});

describe('wordBirthPlace', () => {
  it('is city (province), country; the country alone abroad; nothing without a country', () => {
    expect(wordBirthPlace({ city: 'Roma', provinceCode: 'RM', country: 'Italia' })).toBe('Roma (RM), Italia');
    expect(wordBirthPlace({ city: 'Roma', provinceCode: null, country: 'Italia' })).toBe('Roma, Italia');
    expect(wordBirthPlace({ city: null, provinceCode: null, country: 'France' })).toBe('France');
    expect(wordBirthPlace({ city: 'Roma', provinceCode: 'RM', country: null })).toBeNull();
  });
});
