import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { formConstraint } from './constraint';
import { MAX_PHONE_LENGTH } from '../domain/phone';
import { FIELD_MESSAGES as M } from './messages';

const italian = {
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '333 1234567',
  street: 'Via Roma',
  countryCode: 'IT',
  provinceCode: 'TO',
  cityCode: 'L219',
  postalCode: '10121',
};

const french = { ...italian, countryCode: 'FR', provinceCode: undefined, cityCode: undefined, city: 'Paris', postalCode: '75001' };

function errorsOf(input: Record<string, string | undefined>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(input)) if (value !== undefined) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: addressSchema });
  return submission.status === 'success' ? {} : (submission.error ?? {});
}

describe('addressSchema', () => {
  it('accepts a complete Italian and a complete foreign address', () => {
    expect(errorsOf(italian)).toEqual({});
    expect(errorsOf(french)).toEqual({});
  });

  it('accepts a zip of 9 characters and refuses one of 10 as too long (its maxlength is 9)', () => {
    expect(errorsOf({ ...french, postalCode: '123456789' })).toEqual({});
    expect(errorsOf({ ...french, postalCode: '1234567890' })).toEqual({ postalCode: [M.tooLong] });
    expect(formConstraint(addressSchema).postalCode?.maxLength).toBe(9);
  });

  it('holds a phone of 40 characters as every phone field does, no more', () => {
    expect(formConstraint(addressSchema).phone?.maxLength).toBe(MAX_PHONE_LENGTH);
    expect(errorsOf({ ...italian, phone: '3'.repeat(41) })).toEqual({ phone: [M.tooLong] });
  });

  it('accepts a phone with 4 digits and refuses one with 3, or with other characters than + - ( ) . /', () => {
    expect(errorsOf({ ...italian, phone: '+1 2-3 4' })).toEqual({});
    expect(errorsOf({ ...italian, phone: '+1 2-3' })).toEqual({ phone: [M.invalidPhone] });
    expect(errorsOf({ ...italian, phone: '333 1234567 <script>' })).toEqual({ phone: [M.invalidPhone] });
  });

  it('requires province and city from the lists in Italy', () => {
    expect(errorsOf({ ...italian, provinceCode: undefined, cityCode: undefined, postalCode: undefined })).toEqual({
      provinceCode: [M.selectFromList],
      cityCode: [M.selectFromList],
    });
    expect(errorsOf({ ...italian, provinceCode: 'Torino' })).toEqual({ provinceCode: [M.selectFromList] });
    expect(errorsOf({ ...italian, cityCode: 'Torino' })).toEqual({ cityCode: [M.selectFromList] });
  });

  it('needs the zip in Italy once the city is chosen', () => {
    expect(errorsOf({ ...italian, postalCode: undefined })).toEqual({ postalCode: [M.required] });
  });

  it('does not need a province elsewhere, but a city and a zip', () => {
    expect(errorsOf({ ...french, state: undefined })).toEqual({});
    expect(errorsOf({ ...french, city: undefined, postalCode: undefined })).toEqual({
      city: [M.required],
      postalCode: [M.required],
    });
  });

  it('reports every problem at once, the country-dependent ones included', () => {
    expect(errorsOf({ countryCode: 'IT' })).toEqual({
      firstName: [M.required],
      lastName: [M.required],
      phone: [M.required],
      street: [M.required],
      provinceCode: [M.selectFromList],
      cityCode: [M.selectFromList],
    });
  });

  it('wants a country code from the list', () => {
    expect(errorsOf({ ...french, countryCode: 'France' })).toMatchObject({ countryCode: [M.selectFromList] });
    expect(errorsOf({ ...french, countryCode: undefined })).toMatchObject({ countryCode: [M.selectFromList] });
  });

  it('refuses names with digits and texts over 255 characters', () => {
    expect(errorsOf({ ...italian, firstName: 'Ad2a' })).toEqual({ firstName: [M.invalidName] });
    expect(errorsOf({ ...italian, street: 'x'.repeat(256) })).toEqual({ street: [M.tooLong] });
    expect(errorsOf({ ...italian, street: 'x'.repeat(255) })).toEqual({});
  });
});
