import type { ConfigureCheckContext, ConfigureDraft, ConfigureProcess } from '../configure';
import { CONFIGURE_FIELDS } from '../configure';
import type { HolderDraft } from '../holder-check';

/** The shop's day in the configure tests: birthdays fall on 10 May. */
export const TODAY = '2026-05-10';

/** Born on this day, the fan turns `age` today. */
export const turningToday = (age: number) => `${2026 - age}-05-10`;
/** Born on this day, the fan turns `age` tomorrow (is age - 1 today). */
export const turningTomorrow = (age: number) => `${2026 - age}-05-11`;

export type ConfigureTestProduct = ConfigureCheckContext['product'];

const membership: ConfigureTestProduct = {
  kind: 'membership',
  tags: ['membership'],
  priceCents: 14900,
  availability: 'available',
  soldOut: false,
  minHolderAge: 14,
  maxHolderAge: null,
  variants: [],
  customization: null,
};

/** The seed's products as the configure rules see them (app/.server/db/seed). */
export const PRODUCTS = {
  /** Priced membership, holders 14+. */
  j1897: membership,
  /** No price: coupon only. */
  stadium: { ...membership, priceCents: null },
  /** Sold out. */
  young: { ...membership, priceCents: 2950, soldOut: true, minHolderAge: 11, maxHolderAge: 13 },
  junior: { ...membership, priceCents: 2500, minHolderAge: 5, maxHolderAge: 10 },
  /** The club card: sizes (64 sold out), a name of up to 10 characters, documents. */
  jcard: {
    ...membership,
    kind: 'card',
    tags: ['jcard'],
    priceCents: 1000,
    minHolderAge: 0,
    maxHolderAge: null,
    variants: [
      { id: 'jcard-36', stockQty: 40 },
      { id: 'jcard-64', stockQty: 0 },
    ],
    customization: { minLength: 0, maxLength: 10 },
  },
} satisfies Record<string, ConfigureTestProduct>;

export function configureContext(
  product: ConfigureTestProduct,
  process: ConfigureProcess = 'buy',
  customerBirthDate = turningToday(40),
): ConfigureCheckContext {
  return { process, product, customerBirthDate, today: TODAY, countryNationalCodes: { FR: 'Z110' } };
}

/** Every field empty, as a form sent with nothing typed. */
export const EMPTY_DRAFT: ConfigureDraft = Object.fromEntries(CONFIGURE_FIELDS.map((field) => [field, ''])) as ConfigureDraft;

export function aDraft(fields: Partial<ConfigureDraft> = {}): ConfigureDraft {
  return { ...EMPTY_DRAFT, ...fields };
}

/** Luca Rossi, born in Rome on 15 March 2018 (a Junior 5-10, or a club card holder, in 2026), with his tax code. */
export const LUCA: HolderDraft = {
  firstName: 'Luca',
  lastName: 'Rossi',
  email: '',
  phone: '',
  dob: '2018-03-15',
  gender: 'M',
  birthCountryCode: 'IT',
  birthProvinceCode: 'RM',
  birthCityCode: 'H501',
  taxCode: 'RSSLCU18C15H501R',
};

/** Emma Rossi, born in France on 15 March 2018, with her tax code (Z110). */
export const EMMA: HolderDraft = {
  ...LUCA,
  firstName: 'Emma',
  gender: 'F',
  birthCountryCode: 'FR',
  birthProvinceCode: '',
  birthCityCode: '',
  taxCode: 'RSSMME18C55Z110A',
};
