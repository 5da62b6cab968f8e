// What the address pages show and save, built from the lookups (countries, provinces and
// municipalities from the kept data packages): list options, the checks of a chosen Italian
// province and city, and addresses described for reading.
import { isItaly, type AddressFormLocation } from '../../domain/address-form';
import { summariseAddress, type AddressSummary } from '../../domain/address-summary';
import type { Language } from '../../domain/catalogue-types';
import { formatPhoneForDisplay, normalisePhoneForStorage } from '../../domain/phone';
import type { AddressFormOptions, AddressFormValues } from '../../forms/address';
import { FIELD_MESSAGES } from '../../forms/messages';
import type { AddressInput, SavedAddress } from './addresses';
import { getCountry, listCountries, listMunicipalities, listProvinces } from './lookups';


/** Municipalities and provinces of today (lookups read '' as today, in Rome). */
const TODAY = '';

/** The lists of the form for what it currently holds: provinces for Italy, the cities of the chosen province. */
export async function addressFormOptions(
  location: Pick<AddressFormLocation, 'countryCode' | 'provinceCode'>,
  language: Language,
): Promise<AddressFormOptions> {
  const countries = (await listCountries(language)).map(({ code, name }) => ({ value: code, label: name }));
  if (!isItaly(location.countryCode)) return { countries, provinces: [], cities: [] };
  const provinces = (await listProvinces(TODAY)).map(({ code, name }) => ({ value: code, label: `${name} (${code})` }));
  const cities = location.provinceCode
    ? (await listMunicipalities(location.provinceCode, TODAY)).map(({ nationalCode, name }) => ({
        value: nationalCode,
        label: name,
      }))
    : [];
  return { countries, provinces, cities };
}

type Resolved =
  | { ok: true; input: AddressInput }
  | { ok: false; fieldErrors: Partial<Record<keyof AddressFormValues, string[]>> };

/**
 * The address to store from valid form values: the country must exist, and an Italian city
 * must be a municipality of the chosen province today (its name, the province's name and
 * region and the Belfiore code come from the lookups, not from the browser).
 */
export async function resolveAddressInput(values: AddressFormValues): Promise<Resolved> {
  const pick = [FIELD_MESSAGES.selectFromList];
  if (!(await getCountry(values.countryCode))) return { ok: false, fieldErrors: { countryCode: pick } };
  const common = {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: normalisePhoneForStorage(values.phone),
    street: values.street,
    number: values.number || null,
    extraInfo: values.extraInfo || null,
    countryCode: values.countryCode,
    postalCode: values.postalCode ?? '',
  };
  if (!isItaly(values.countryCode)) {
    const place = { provinceCode: null, state: values.state || null, region: null, cityCode: null };
    return { ok: true, input: { ...common, ...place, city: values.city ?? '' } };
  }
  const province = (await listProvinces(TODAY)).find(({ code }) => code === values.provinceCode);
  if (!province) return { ok: false, fieldErrors: { provinceCode: pick } };
  const municipalities = await listMunicipalities(province.code, TODAY);
  const city = municipalities.find(({ nationalCode }) => nationalCode === values.cityCode);
  if (!city) return { ok: false, fieldErrors: { cityCode: pick } };
  const place = { provinceCode: province.code, state: province.name, region: province.region || null };
  return { ok: true, input: { ...common, ...place, city: city.name, cityCode: city.nationalCode } };
}

/** A saved address as the form shows it for editing. */
export function formValuesOf(address: SavedAddress): Record<string, string> {
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
