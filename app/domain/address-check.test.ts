import { describe, expect, it } from 'vitest';
import { checkAddressDraft, MAX_ADDRESS_TEXT_LENGTH, type AddressDraft } from './address-check';

const turin: AddressDraft = {
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '+39 333 123 4567',
  street: 'Via Roma',
  number: '',
  extraInfo: '',
  countryCode: 'IT',
  provinceCode: 'TO',
  state: '',
  cityCode: 'L219',
  city: '',
  postalCode: '10121',
};
const paris: AddressDraft = { ...turin, countryCode: 'FR', provinceCode: '', cityCode: '', city: 'Paris', postalCode: '75001' };

describe('checkAddressDraft', () => {
  it('finds nothing wrong with a complete Italian or foreign address', () => {
    expect(checkAddressDraft(turin)).toEqual({});
    expect(checkAddressDraft(paris)).toEqual({});
  });

  it('asks Italy for province and city from the lists, and the zip only once a city is chosen', () => {
    expect(checkAddressDraft({ ...turin, provinceCode: '', cityCode: '', postalCode: '' })).toEqual({
      provinceCode: 'required',
      cityCode: 'required',
    });
    expect(checkAddressDraft({ ...turin, postalCode: '' })).toEqual({ postalCode: 'required' });
    expect(checkAddressDraft({ ...turin, provinceCode: 'Torino', cityCode: 'Torino' })).toEqual({
      provinceCode: 'notInList',
      cityCode: 'notInList',
    });
  });

  it('asks any other country for a free-text city and a zip, never a province', () => {
    expect(checkAddressDraft({ ...paris, city: ' ', postalCode: '' })).toEqual({ city: 'required', postalCode: 'required' });
    expect(checkAddressDraft({ ...paris, provinceCode: 'XX' })).toEqual({});
  });

  it('checks names, phone, street, country and zip at their boundaries', () => {
    expect(checkAddressDraft({ ...turin, firstName: '', lastName: 'R2D2' })).toEqual({ firstName: 'required', lastName: 'invalidName' });
    expect(checkAddressDraft({ ...turin, phone: '12 3' })).toEqual({ phone: 'invalid' });
    expect(checkAddressDraft({ ...turin, phone: '1234' })).toEqual({});
    expect(checkAddressDraft({ ...turin, street: '  ' })).toEqual({ street: 'required' });
    expect(checkAddressDraft({ ...turin, countryCode: '' })).toMatchObject({ countryCode: 'required' });
    expect(checkAddressDraft({ ...paris, countryCode: 'fr' })).toMatchObject({ countryCode: 'notInList' });
    // Fewer than 10 characters (spec §9).
    expect(checkAddressDraft({ ...paris, postalCode: '123456789' })).toEqual({});
    expect(checkAddressDraft({ ...paris, postalCode: '1234567890' })).toEqual({ postalCode: 'invalid' });
  });

  it('refuses any field longer than the 255 characters of a text input', () => {
    const long = 'a'.repeat(MAX_ADDRESS_TEXT_LENGTH + 1);
    expect(checkAddressDraft({ ...turin, street: 'a'.repeat(MAX_ADDRESS_TEXT_LENGTH) })).toEqual({});
    expect(checkAddressDraft({ ...turin, street: long, extraInfo: long })).toEqual({ street: 'tooLong', extraInfo: 'tooLong' });
  });
});
