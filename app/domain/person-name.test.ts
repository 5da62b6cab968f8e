import { describe, expect, it } from 'vitest';
import { isValidPersonName, trimPersonName } from './person-name';

describe('isValidPersonName', () => {
  it.each([
    ['Mario'],
    ["D'Angelo"],
    ['D’Angelo'], // typographic apostrophe from a phone keyboard
    ['Anna Maria'],
    ['Rossi-Bianchi'],
    ["Dell'Acqua-Di Stefano"],
    ["Nicolo'"], // apostrophe standing for the accent
    ['Niccolò'],
    ['José'],
    ['Jose\u0301'], // the same, decomposed
    ['Zoë'],
    ['Łukasz'],
    ['Müller-Lüdenscheidt'],
    ['Владимир'],
    ['李'],
    ['A'],
  ])('accepts %j', (name) => {
    expect(isValidPersonName(name)).toBe(true);
  });

  it.each([
    [''],
    [' '],
    ['Anna  Maria'],
    ["D''Angelo"],
    ['Rossi -Bianchi'],
    ['Rossi- Bianchi'],
    ['Rossi--Bianchi'],
    ["D' Angelo"],
    ["D'-Angelo"],
    ["Nicolo''"],
    ["'Angelo"],
    ['-Rossi'],
    [' Rossi'],
    ['Rossi '],
    ['Rossi-'],
    ['Anna\tMaria'],
    ['Mario2'],
    ['Mario.'],
    ['Rossi_Bianchi'],
    ['Anna, Maria'],
    ['\u0301Anna'], // a lone combining mark is not a letter
  ])('refuses %j', (name) => {
    expect(isValidPersonName(name)).toBe(false);
  });
});

describe('trimPersonName', () => {
  it.each([
    ['  Mario  ', 'Mario'],
    ["-'Rossi", 'Rossi'],
    ['123 Anna', 'Anna'],
    ['Rossi, ', 'Rossi'],
    ["D'Angelo-", "D'Angelo"],
    ["Nicolo' ", "Nicolo'"], // trailing apostrophe kept
    ['Nicolo’', 'Nicolo’'],
    ['Jose\u0301 ', 'Jose\u0301'], // the trailing accent belongs to the letter
    ['Anna  Maria', 'Anna  Maria'], // inside runs are for validation to report
    ['2 Élodie-', 'Élodie'], // leading digit and space, trailing hyphen; accents are letters
    ['’Angelo’', 'Angelo’'], // a leading apostrophe goes, a trailing one stays
    [' -Zoë', 'Zoë'],
    ['Ada.', 'Ada'],
    ['--- ', ''],
    ['', ''],
  ])('%j → %j', (typed, kept) => {
    expect(trimPersonName(typed)).toBe(kept);
  });

  it('keeps a trailing apostrophe even after a space, which validation then refuses', () => {
    expect(trimPersonName("Rossi '")).toBe("Rossi '");
    expect(isValidPersonName(trimPersonName("Rossi '"))).toBe(false);
  });

  it('turns the usual slips into valid names', () => {
    for (const typed of [' Anna Maria ', "D'Angelo.", '-Rossi-Bianchi-']) {
      expect(isValidPersonName(trimPersonName(typed))).toBe(true);
    }
  });
});
