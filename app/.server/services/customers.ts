import { and, eq, sql } from 'drizzle-orm';
import type { ShopDb } from '../db/client';
import { customers } from '../db/schema';

export type Customer = typeof customers.$inferSelect;

/** What the sign-in service tells us about a fan at login. */
export type SignedInIdentity = { subject: string; email: string; firstName: string; lastName: string };

/** The profile fields the fan fills in on the completion page (names and e-mail are not among them). */
const PROFILE_COLUMNS = [
  'phone',
  'dob',
  'gender',
  'birthCountryCode',
  'birthCountryName',
  'birthProvince',
  'birthProvinceCode',
  'birthCity',
  'birthCityCode',
  'taxCode',
] as const;

export type ProfileUpdate = Pick<Customer, (typeof PROFILE_COLUMNS)[number]>;

/** Only the profile columns, even if a caller hands over a wider object (id, subject, names). */
function pickProfile(profile: ProfileUpdate): ProfileUpdate {
  return Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, profile[column]])) as ProfileUpdate;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createCustomersService(db: ShopDb) {
  return {
    /**
     * The customer of an OIDC subject, created at the first sign-in. Later sign-ins refresh
     * the e-mail (the sign-in service owns it); names stay as the shop has them.
     */
    async upsertFromSignIn(identity: SignedInIdentity): Promise<Customer> {
      const [customer] = await db
        .insert(customers)
        .values({
          oidcSubject: identity.subject,
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
        })
        .onConflictDoUpdate({
          target: customers.oidcSubject,
          set: { email: identity.email, updatedAt: sql`now()` },
        })
        .returning();
      if (!customer) throw new Error('customer upsert returned no row');
      return customer;
    },

    async findById(id: string): Promise<Customer | null> {
      if (!UUID.test(id)) return null;
      const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return customer ?? null;
    },

    /**
     * Saves the profile of the customer `id`, only if that row belongs to `subject` (the signed-in
     * fan's OIDC subject): a forged or stale id changes nothing and answers null (→ 404).
     */
    async updateProfile(id: string, subject: string, profile: ProfileUpdate): Promise<Customer | null> {
      if (!UUID.test(id)) return null;
      const [customer] = await db
        .update(customers)
        .set({ ...pickProfile(profile), updatedAt: sql`now()` })
        .where(and(eq(customers.id, id), eq(customers.oidcSubject, subject)))
        .returning();
      return customer ?? null;
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
