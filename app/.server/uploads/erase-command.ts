// Erasing one fan's identity documents on request (issue 33, item 2): `npm run documents:erase`
// (scripts/erase-documents.js), for support staff, steps in docs/operations.md. The rule and the
// transaction are the service's (services/document-retention.ts, `eraseForCustomer`).
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../clock';
import { openDatabase, type ShopDb } from '../db/client';
import type { Config } from '../env';
import { customers } from '../db/schema';
import { readConfigWithSecret } from '../secrets';
import { createDocumentRetentionService } from '../services/document-retention';
import { createDatabaseDocumentStore } from './database-document-store';

export type EraseTarget = { email: string } | { customerId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command's arguments: `--email <address>` or `--customer <id>`; null when neither (or both) is given well. */
export function eraseTargetOf(argv: readonly string[]): EraseTarget | null {
  const valueOf = (flag: string) => {
    const at = argv.indexOf(flag);
    return at === -1 ? undefined : argv[at + 1];
  };
  const email = valueOf('--email');
  const customerId = valueOf('--customer');
  if (email !== undefined && customerId === undefined && email.includes('@')) return { email };
  if (customerId !== undefined && email === undefined && UUID.test(customerId)) return { customerId };
  return null;
}

/**
 * The command: the shop's own configuration (the instances' environment), then `eraseDocumentsOf`
 * on its database. Answers the exit code (see there).
 */
export async function runEraseDocumentsCommand(env: Record<string, string | undefined>, target: EraseTarget, print: (line: string) => void): Promise<number> {
  const config = await readConfigWithSecret(env);
  const database = openDatabase(config.database);
  try {
    return await eraseDocumentsOf(database.db, config, target, print);
  } finally {
    await database.close();
  }
}

/**
 * The fan found by e-mail (case-insensitive; several accounts with one address must be named by
 * id) or by id, then the erasure. Answers the exit code: 0 erased (or nothing to erase), 1 not
 * found or ambiguous, 2 documents kept for open orders (named, so support can finish or cancel
 * them and run it again).
 */
export async function eraseDocumentsOf(db: ShopDb, config: Config, target: EraseTarget, print: (line: string) => void): Promise<number> {
  if (!config.uploads.key) throw new Error('no uploads key configured (UPLOADS_KEY)');
  const matches = await db
    .select({ id: customers.id })
    .from(customers)
    .where('email' in target ? eq(sql`lower(${customers.email})`, target.email.toLowerCase()) : eq(customers.id, target.customerId));
  const [fan] = matches;
  if (!fan) {
    print('no fan with that e-mail address or id: nothing erased');
    return 1;
  }
  if (matches.length > 1) {
    print(`${matches.length} fans have that e-mail address; run again with --customer and one of: ${matches.map((match) => match.id).join(', ')}`);
    return 1;
  }
  const documents = createDatabaseDocumentStore({ db, key: config.uploads.key, previousKeys: config.uploads.previousKeys });
  const erasure = await createDocumentRetentionService({ db, clock: systemClock, config, documents }).eraseForCustomer(fan.id);
  print(`fan ${fan.id}: ${erasure.erased} identity document(s) erased, ${erasure.cartItemsRemoved} club card item(s) removed from the cart`);
  if (erasure.keptForOrders.length === 0) return 0;
  const orders = erasure.keptForOrders.map((order) => `#${order.orderNumber} (${order.status})`).join(', ');
  print(`kept for open orders, which still need them: ${orders}. Finish or cancel them, then run this again.`);
  return 2;
}
