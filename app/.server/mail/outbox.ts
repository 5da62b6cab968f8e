import { desc, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../services';
import { isLookupKey } from '../../domain/plain-text';
import { mailOutbox } from '../db/schema';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Reading the outbox (the /dev/outbox page for developers and support, offline). */
export function createMailOutboxService({ db }: Pick<ServiceDeps, 'db'>) {
  return {
    /** Newest first; `to` narrows to one recipient (exact address, case-insensitive). */
    async listRecent({ to, limit }: { to?: string; limit: number }): Promise<OutboxMail[]> {
      // No address holds a NUL byte; the database would refuse the query.
      if (to !== undefined && !isLookupKey(to)) return [];
      return db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.toAddress}) = ${to.trim().toLowerCase()}` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    },
  };
}

export type MailOutboxService = ReturnType<typeof createMailOutboxService>;
