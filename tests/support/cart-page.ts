// Fixtures of the cart page's tests: items added through the real configure use case, saved
// addresses, typed (temporary) addresses and vouchers written as support staff would mint them.
import type { Database } from '../../app/.server/db/client';
import { vouchers } from '../../app/.server/db/schema';
import type { Services } from '../../app/.server/services';
import type { AddressInput } from '../../app/.server/services/addresses';
import type { AddressDraft } from '../../app/domain/address-check';
import type { ConfigureDraft } from '../../app/domain/configure';
import { configureRequest, draftWith, type TestFan } from './cart';

/** Adds an item through configureItem, as the configure form does; its id. */
export async function addItem(services: Services, fan: TestFan, productId: string, process: 'buy' | 'gift', fields: Partial<ConfigureDraft> = {}) {
  const result = await services.cart.configureItem(configureRequest(fan, productId, process, draftWith(fields)));
  if (!result.ok) throw new Error(`not added: ${JSON.stringify(result)}`);
  return result.value.itemId;
}

/** A gift of `productId` to a friend by e-mail (no holder, so any number of them fit in a cart). */
export const giftTo = (email: string): Partial<ConfigureDraft> => ({ giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: email });

/** An address as the address book stores it, in `countryCode` (outside Italy: free-text places). */
export function savedAddressIn(countryCode: string, city = 'Somewhere'): AddressInput {
  const italian = countryCode === 'IT';
  return {
    firstName: 'Ada',
    lastName: 'Rossi',
    phone: '00393331234567',
    street: 'Via Roma',
    number: '1',
    extraInfo: null,
    countryCode,
    provinceCode: italian ? 'TO' : null,
    state: italian ? 'Torino' : null,
    region: italian ? 'Piemonte' : null,
    city: italian ? 'Torino' : city,
    cityCode: italian ? 'L219' : null,
    postalCode: italian ? '10121' : '75001',
  };
}

/** A typed address in Turin, as the address form sends it (the service resolves the places). */
export const TURIN_DRAFT: AddressDraft = {
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '+39 333 123 4567',
  street: 'Via Roma',
  number: '1',
  extraInfo: '',
  countryCode: 'IT',
  provinceCode: 'TO',
  state: '',
  cityCode: 'L219',
  city: '',
  postalCode: '10121',
};

/** The same form for an address abroad (free-text state and city). */
export function draftAbroad(countryCode: string, city: string): AddressDraft {
  return { ...TURIN_DRAFT, countryCode, provinceCode: '', cityCode: '', state: '', city, postalCode: '12345' };
}

export type TestVoucher = typeof vouchers.$inferInsert;

/** Writes a voucher row (as /dev/vouchers mints one). */
export async function insertVoucher(database: Database, voucher: TestVoucher): Promise<void> {
  await database.db.insert(vouchers).values(voucher);
}
