import { sql } from 'drizzle-orm';
import type { Database } from '../../app/.server/db/client';

// For tests of races: a hand-made signal, and a way to know a transaction is waiting for a row lock.

/** A promise and the function that resolves it (Node 20 has no Promise.withResolvers). */
export function signal(): [Promise<void>, () => void] {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return [promise, resolve];
}

/** PostgreSQL: resolves once a backend of this database waits for a lock (a row another transaction holds). */
export async function someoneWaitsForALock(database: Database): Promise<void> {
  for (;;) {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
