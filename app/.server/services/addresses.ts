import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ShopDb } from '../db/client';
import { addresses } from '../db/schema';

export type SavedAddress = typeof addresses.$inferSelect;

/** What the address form saves (already validated and resolved against the lookups). */
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A customer's address book. Every call takes the customer's id and only reads or writes that
 * customer's rows: someone else's address (or a malformed id) is simply not found.
 */
export function createAddressesService(db: ShopDb) {
  const owned = (customerId: string, addressId: string) =>
    and(eq(addresses.id, addressId), eq(addresses.customerId, customerId));

  return {
    /** Preferred first, then oldest first (the order in which they were added). */
    async list(customerId: string): Promise<SavedAddress[]> {
      if (!UUID.test(customerId)) return [];
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(desc(addresses.isPreferred), asc(addresses.createdAt), asc(addresses.id));
    },

    async get(customerId: string, addressId: string): Promise<SavedAddress | null> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return null;
      const [address] = await db.select().from(addresses).where(owned(customerId, addressId)).limit(1);
      return address ?? null;
    },

    /** A fan's first address (or the first after the preferred one was deleted) becomes the preferred one. */
    async create(customerId: string, input: AddressInput): Promise<SavedAddress> {
      const [address] = await db
        .insert(addresses)
        .values({
          ...input,
          customerId,
          isPreferred: sql`not exists (select 1 from ${addresses} where ${addresses.customerId} = ${customerId} and ${addresses.isPreferred})`,
        })
        .returning();
      if (!address) throw new Error('address insert returned no row');
      return address;
    },

    async update(customerId: string, addressId: string, input: AddressInput): Promise<SavedAddress | null> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return null;
      const [address] = await db
        .update(addresses)
        .set({ ...input, updatedAt: sql`now()` })
        .where(owned(customerId, addressId))
        .returning();
      return address ?? null;
    },

    /** True when the address was the customer's and is gone. */
    async delete(customerId: string, addressId: string): Promise<boolean> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return false;
      const deleted = await db.delete(addresses).where(owned(customerId, addressId)).returning({ id: addresses.id });
      return deleted.length > 0;
    },

    /**
     * Makes one address the preferred one and every other address of the customer not, in one
     * statement (so there is never a moment with two); nothing changes unless the address is theirs.
     */
    async setPreferred(customerId: string, addressId: string): Promise<boolean> {
      if (!UUID.test(customerId) || !UUID.test(addressId)) return false;
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
      return changed.length > 0;
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
