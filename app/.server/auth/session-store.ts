import { createHash, randomBytes } from 'node:crypto';
import { eq, lte, or, sql } from 'drizzle-orm';
import { isSessionExpired, sessionCutoffs, sessionNeedsTouch, SESSION_LIFETIME, type SessionLifetime } from '../../domain/session-expiry';
import type { Clock } from '../clock';
import type { ShopDb } from '../db/client';
import { cartItems, carts, customers, shopSessions } from '../db/schema';
import type { Customer } from '../services/customers';

/**
 * A live session and its customer, as one primary-key read (joined) finds them, with the number
 * of items in the customer's cart: the header shows it on every signed-in page, and reading it
 * here saves that page a query of its own.
 */
export type StoredSession = { subject: string; idToken: string; customer: Customer; cartCount: number };

/** The session's customer's cart items, counted in the same statement (carts.customer_id is unique). */
const cartCount = sql<number>`(select count(*) from ${cartItems} inner join ${carts} on ${carts.id} = ${cartItems.cartId} where ${carts.customerId} = ${shopSessions.customerId})`.mapWith(Number);

/** 256 random bits, base64url: what the cookie carries. */
function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table stores instead of the id: a leaked table opens no session. */
function hashOf(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

const ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions of signed-in fans (table shop_sessions). Anonymous visitors have none:
 * their notice and return path stay in the signed cookie (session.ts).
 */
export function createSessionStore(db: ShopDb, clock: Clock, lifetime: SessionLifetime = SESSION_LIFETIME) {
  // Every signed-in request reads this: drizzle writes its SQL once here, not per request (drizzle
  // was 8 % of the 10-item cart's CPU, its queries together), and the database keeps its plan (a
  // named statement on PostgreSQL; db/pglite-statements.ts on PGlite).
  const findByIdHash = db
    .select({ session: shopSessions, customer: customers, cartCount })
    .from(shopSessions)
    .innerJoin(customers, eq(customers.id, shopSessions.customerId))
    .where(eq(shopSessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('shop_session_find');

  return {
    /** Starts a session for `customer` and returns the id for the cookie. */
    async create(customer: Pick<Customer, 'id' | 'oidcSubject'>, idToken: string): Promise<string> {
      const id = newSessionId();
      const now = clock.now();
      await db.insert(shopSessions).values({
        idHash: hashOf(id),
        customerId: customer.id,
        subject: customer.oidcSubject,
        idToken,
        createdAt: now,
        lastSeenAt: now,
      });
      return id;
    },

    /** The live session of `id`, or null (unknown, malformed, expired). Slides the idle expiry now and then. */
    async find(id: unknown): Promise<StoredSession | null> {
      if (typeof id !== 'string' || !ID.test(id)) return null;
      const idHash = hashOf(id);
      const [row] = await findByIdHash.execute({ idHash });
      if (!row) return null;
      const now = clock.now();
      if (isSessionExpired(row.session, now, lifetime)) return null;
      if (sessionNeedsTouch(row.session, now, lifetime)) {
        await db.update(shopSessions).set({ lastSeenAt: now }).where(eq(shopSessions.idHash, idHash));
      }
      return { subject: row.session.subject, idToken: row.session.idToken, customer: row.customer, cartCount: row.cartCount };
    },

    /** Ends the session of `id` (signing out); unknown ids are fine. */
    async destroy(id: unknown): Promise<void> {
      if (typeof id !== 'string' || !ID.test(id)) return;
      await db.delete(shopSessions).where(eq(shopSessions.idHash, hashOf(id)));
    },

    /** Ends every session of the customer ("sign out everywhere"); returns how many. */
    async destroyAllFor(customerId: string): Promise<number> {
      const deleted = await db.delete(shopSessions).where(eq(shopSessions.customerId, customerId)).returning({ idHash: shopSessions.idHash });
      return deleted.length;
    },

    /** Deletes expired sessions (they are already refused on read). */
    async purgeExpired(): Promise<number> {
      const cutoff = sessionCutoffs(clock.now(), lifetime);
      const deleted = await db
        .delete(shopSessions)
        .where(or(lte(shopSessions.lastSeenAt, cutoff.lastSeenAt), lte(shopSessions.createdAt, cutoff.createdAt)))
        .returning({ idHash: shopSessions.idHash });
      return deleted.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
