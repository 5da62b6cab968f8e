import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { checkAddressDraft, type AddressDraft, type AddressField } from '../../domain/address-check';
import { canAddAddress } from '../../domain/address-rules';
import { isItaly } from '../../domain/countries';
import { normalisePhoneForStorage } from '../../domain/phone';
import { failure, refuseInvalid, success, type Result } from '../../domain/result';
import { romeDate } from '../../domain/shop-time';
import type { ServiceDeps } from '.';
import type { ShopDb } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { addresses, customers } from '../db/schema';
import { getCountry, listMunicipalities, listProvinces } from './lookups';

export type SavedAddress = typeof addresses.$inferSelect;

/** An address ready to store: checked, and resolved against the lookups. */
export type AddressInput = {
  firstName: string;
  lastName: string;
  /** Normalised for storage (domain/phone). */
  phone: string;
  street: string;
  number: string | null;
  extraInfo: string | null;
  countryCode: string;
  provinceCode: string | null;
  state: string | null;
  region: string | null;
  city: string;
  cityCode: string | null;
  postalCode: string;
};

/** 'full': the fan already keeps MAX_ADDRESSES_PER_FAN addresses (domain/address-rules). */
export type SaveAddressResult = Result<SavedAddress, 'not-found' | 'invalid' | 'full', AddressField>;

/**
 * The address to store from a checked draft: the country must exist, and an Italian city must
 * be a municipality of the chosen province on `today` (its name, the province's name and region
 * and the Belfiore code come from the lookups, not from the caller).
 */
async function resolveDraft(draft: AddressDraft, today: string): Promise<Result<AddressInput, 'invalid', AddressField>> {
  const text = (field: AddressField) => draft[field].trim();
  if (!(await getCountry(text('countryCode')))) return failure('invalid', { countryCode: 'notInList' });
  const common = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: normalisePhoneForStorage(text('phone')),
    street: text('street'),
    number: text('number') || null,
    extraInfo: text('extraInfo') || null,
    countryCode: text('countryCode'),
    postalCode: text('postalCode'),
  };
  if (!isItaly(common.countryCode)) {
    const place = { provinceCode: null, state: text('state') || null, region: null, cityCode: null };
    return success({ ...common, ...place, city: text('city') });
  }
  const province = (await listProvinces(today)).find(({ code }) => code === text('provinceCode'));
  if (!province) return failure('invalid', { provinceCode: 'notInList' });
  const city = (await listMunicipalities(province.code, today)).find(({ nationalCode }) => nationalCode === text('cityCode'));
  if (!city) return failure('invalid', { cityCode: 'notInList' });
  const place = { provinceCode: province.code, state: province.name, region: province.region || null };
  return success({ ...common, ...place, city: city.name, cityCode: city.nationalCode });
}

/**
 * A typed address checked (domain/address-check) and resolved as the address book stores one:
 * also the cart's temporary address (spec `temp_address`), which is never added to the book.
 */
export async function checkAndResolveAddress(draft: AddressDraft, today: string): Promise<Result<AddressInput, 'invalid', AddressField>> {
  return refuseInvalid(checkAddressDraft(draft)) ?? resolveDraft(draft, today);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fan's address book, preferred first: read by every page that offers a shipping address. */
const addressBook = preparedPerHandle((db) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, sql.placeholder('customerId')))
    .orderBy(desc(addresses.isPreferred), asc(addresses.createdAt), asc(addresses.id))
    .prepare('shop_address_book'),
);

/** A customer's addresses, preferred first, then oldest first (the order in which they were added). */
export function readAddressBook(db: ShopDb, customerId: string): Promise<SavedAddress[]> {
  return addressBook(db).execute({ customerId });
}

/**
 * A customer's address book. Every call takes the customer's id and only reads or writes that
 * customer's rows: someone else's address (or a malformed id) is simply not found.
 */
export function createAddressesService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  const owned = (customerId: string, addressId: string) =>
    and(eq(addresses.id, addressId), eq(addresses.customerId, customerId));

  /**
   * A fan's first address (or the first after the preferred one was deleted) becomes the
   * preferred one. No cap here (test fixtures use it): `save` is the use case, and it checks.
   */
  async function create(customerId: string, input: AddressInput, executor: ShopDb = db): Promise<SavedAddress> {
    const [address] = await executor
      .insert(addresses)
      .values({
        ...input,
        customerId,
        isPreferred: sql`not exists (select 1 from ${addresses} where ${addresses.customerId} = ${customerId} and ${addresses.isPreferred})`,
      })
      .returning();
    if (!address) throw new Error('address insert returned no row');
    return address;
  }

  /**
   * Adds an address unless the fan keeps the most allowed. The fan's row is locked first, so
   * parallel submits are counted one after the other and cannot pass the cap together.
   */
  async function createWithinCap(customerId: string, input: AddressInput): Promise<SaveAddressResult> {
    return db.transaction(async (tx) => {
      const [fan] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
      if (!fan) return failure('not-found');
      const [saved] = await tx.select({ total: count() }).from(addresses).where(eq(addresses.customerId, customerId));
      if (!canAddAddress(saved?.total ?? 0)) return failure('full');
      return success(await create(customerId, input, tx));
    });
  }

  async function update(customerId: string, addressId: string, input: AddressInput): Promise<SavedAddress | null> {
    if (!UUID.test(customerId) || !UUID.test(addressId)) return null;
    const [address] = await db
      .update(addresses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(owned(customerId, addressId))
      .returning();
    return address ?? null;
  }

  return {
    /** Preferred first, then oldest first (the order in which they were added). */
    async list(customerId: string): Promise<SavedAddress[]> {
      if (!UUID.test(customerId)) return [];
      return readAddressBook(db, customerId);
    },

    async get(customerId: string, addressId: string): Promise<SavedAddress | null> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return null;
      const [address] = await db.select().from(addresses).where(owned(customerId, addressId)).limit(1);
      return address ?? null;
    },

    /**
     * Saves a fan's address: a new one, or `addressId` (which must be theirs, else
     * 'not-found'). Checks the draft itself (domain/address-check) and resolves the Italian
     * places and the phone (`+` → `00`) before storing; refusals are reason codes per field.
     * A new address beyond the cap is 'full'.
     */
    async save(customerId: string, draft: AddressDraft, addressId?: string): Promise<SaveAddressResult> {
      if (!UUID.test(customerId) || (addressId !== undefined && !UUID.test(addressId))) return failure('not-found');
      const resolved = await checkAndResolveAddress(draft, romeDate(clock.now()));
      if (!resolved.ok) return resolved;
      if (addressId === undefined) return createWithinCap(customerId, resolved.value);
      const saved = await update(customerId, addressId, resolved.value);
      return saved ? success(saved) : failure('not-found');
    },

    create,
    update,

    /** Deletes the customer's own address; anything else is 'not-found'. */
    async delete(customerId: string, addressId: string): Promise<Result<void, 'not-found'>> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return failure('not-found');
      const deleted = await db.delete(addresses).where(owned(customerId, addressId)).returning({ id: addresses.id });
      return deleted.length > 0 ? success(undefined) : failure('not-found');
    },

    /**
     * Makes one address the preferred one and every other address of the customer not, in one
     * statement (so there is never a moment with two); nothing changes unless the address is theirs.
     */
    async setPreferred(customerId: string, addressId: string): Promise<Result<void, 'not-found'>> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return failure('not-found');
      const changed = await db
        .update(addresses)
        .set({ isPreferred: sql`${addresses.id} = ${addressId}` })
        .where(
          and(
            eq(addresses.customerId, customerId),
            sql`exists (select 1 from ${addresses} as target where target.id = ${addressId} and target.customer_id = ${customerId})`,
          ),
        )
        .returning({ id: addresses.id });
      return changed.length > 0 ? success(undefined) : failure('not-found');
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
