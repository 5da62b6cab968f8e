import { writtenStateOf } from './billing';
import { isRestrictedCountry } from './countries';
import { formatPhoneForDisplay } from './phone';

/** The stored fields of an address that lists show. */
export type StoredAddress = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  number: string | null;
  extraInfo: string | null;
  countryCode: string;
  provinceCode: string | null;
  state: string | null;
  city: string;
  postalCode: string;
  isPreferred: boolean;
};

/** An address as the address book and the chooser show it. */
export type AddressSummary = {
  id: string;
  name: string;
  /** Street and number. */
  street: string;
  extraInfo: string | null;
  /** Zip, city and province: "10121 Torino (TO)", "94103 San Francisco, CA", "75001 Paris" (also for state `EE`). */
  place: string;
  country: string;
  countryCode: string;
  /** The phone in international notation when it is a valid number, else as stored. */
  phone: string;
  isPreferred: boolean;
  /** The shop does not ship to its country (spec restricted-countries list). */
  restricted: boolean;
};

/**
 * `countryName` is the country in the page's language (from the lookups). Every page and mail
 * that prints an address goes through here, so none shows the billing placeholder `EE`.
 */
export function summariseAddress(address: StoredAddress, countryName: string): AddressSummary {
  const state = writtenStateOf(address);
  const province = address.provinceCode ? ` (${address.provinceCode})` : state ? `, ${state}` : '';
  return {
    id: address.id,
    name: `${address.firstName} ${address.lastName}`,
    street: [address.street, address.number].filter(Boolean).join(' '),
    extraInfo: address.extraInfo || null,
    place: `${address.postalCode} ${address.city}${province}`,
    country: countryName,
    countryCode: address.countryCode,
    phone: formatPhoneForDisplay(address.phone),
    isPreferred: address.isPreferred,
    restricted: isRestrictedCountry(address.countryCode),
  };
}
