// What the address pages show, built from the lookups (countries, provinces and municipalities
// from the kept data packages): the form's list options, a saved address as the form edits it,
// and addresses described for reading. (Saving, with its checks, is the addresses service's.)
import type { AddressFormLocation } from '../../../domain/address-form';
import { isItaly } from '../../../domain/countries';
import { summariseAddress, type AddressSummary } from '../../../domain/address-summary';
import type { Language } from '../../../domain/catalogue-types';
import { formatPhoneForDisplay } from '../../../domain/phone';
import type { AddressFormOptions } from '../../../forms/address';
import type { PostalAddress } from '../../../domain/shipping';
import type { SavedAddress } from '../../../.server/services/addresses';
import { getCountry, listCountries, listMunicipalities, listProvinces } from '../../../.server/services/lookups';

/** The page's language and the shop's day (Rome): the lists are those of that day. */
export type ShownFor = { language: Language; today: string };

/** The lists of the form for what it currently holds: provinces for Italy, the cities of the chosen province. */
export async function addressFormOptions(
  location: Pick<AddressFormLocation, 'countryCode' | 'provinceCode'>,
  { language, today }: ShownFor,
): Promise<AddressFormOptions> {
  const countries = (await listCountries(language)).map(({ code, name }) => ({ value: code, label: name }));
  if (!isItaly(location.countryCode)) return { countries, provinces: [], cities: [] };
  const provinces = (await listProvinces(today)).map(({ code, name }) => ({ value: code, label: `${name} (${code})` }));
  const cities = location.provinceCode
    ? (await listMunicipalities(location.provinceCode, today)).map(({ nationalCode, name }) => ({
        value: nationalCode,
        label: name,
      }))
    : [];
  return { countries, provinces, cities };
}

/** A saved address (or a cart item's temporary one) as the form shows it for editing. */
export function formValuesOf(address: PostalAddress): Record<string, string> {
  const italian = isItaly(address.countryCode);
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    phone: formatPhoneForDisplay(address.phone),
    street: address.street,
    number: address.number ?? '',
    extraInfo: address.extraInfo ?? '',
    countryCode: address.countryCode,
    provinceCode: italian ? (address.provinceCode ?? '') : '',
    state: italian ? '' : (address.state ?? ''),
    cityCode: italian ? (address.cityCode ?? '') : '',
    city: italian ? '' : address.city,
    postalCode: address.postalCode,
  };
}

/** The addresses as lists show them, countries named in the page's language. */
export async function describeAddresses(addresses: SavedAddress[], language: Language): Promise<AddressSummary[]> {
  return Promise.all(
    addresses.map(async (address) =>
      summariseAddress(address, (await getCountry(address.countryCode, language))?.name ?? address.countryCode),
    ),
  );
}
