import { describe, expect, it } from 'vitest';
import { checkBirthDate, formatBirthDate, MIN_BIRTH_DATE } from './birth-date';

describe('checkBirthDate', () => {
  const today = '2026-11-22';

  it('accepts yesterday but not today or tomorrow', () => {
    expect(checkBirthDate('2026-11-21', today)).toBe('ok');
    expect(checkBirthDate('2026-11-22', today)).toBe('future');
    expect(checkBirthDate('2026-11-23', today)).toBe('future');
  });

  it('accepts the first day of 1900 but not the day before', () => {
    expect(MIN_BIRTH_DATE).toBe('1900-01-01');
    expect(checkBirthDate('1900-01-01', today)).toBe('ok');
    expect(checkBirthDate('1899-12-31', today)).toBe('tooOld');
  });

  it.each(['', '1990-02-30', '1990-13-01', '1990-1-1', '01/01/1990', 'yesterday', '1990-01-01T00:00'])(
    'refuses %j as not a calendar day',
    (value) => {
      expect(checkBirthDate(value, today)).toBe('invalid');
    },
  );

  it('knows leap days and ignores surrounding spaces', () => {
    expect(checkBirthDate(' 2000-02-29 ', today)).toBe('ok');
    expect(checkBirthDate('1999-02-29', today)).toBe('invalid');
  });
});

describe('formatBirthDate', () => {
  it('writes dd/mm/yyyy and leaves anything else as it is', () => {
    expect(formatBirthDate('1980-01-31')).toBe('31/01/1980');
    expect(formatBirthDate('garbage')).toBe('garbage');
  });
});
