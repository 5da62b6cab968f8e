import { eq, sql } from 'drizzle-orm';
import type { ShopDb } from '../db/client';
import { customers } from '../db/schema';

export type Customer = typeof customers.$inferSelect;

/** What the sign-in service tells us about a fan at login. */
export type SignedInIdentity = { subject: string; email: string; firstName: string; lastName: string };

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
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
