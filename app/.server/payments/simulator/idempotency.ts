import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ShopDb } from '../../db/client';
import { pspSimIdempotency } from '../../db/schema';
import { AdyenApiError, invalid } from './api-errors';
import type { Queries } from './webhooks';

/**
 * Adyen's `Idempotency-Key` (docs.adyen.com "API idempotency"): on POST requests; a key of at
 * most 64 characters; a request already processed gets the answer of its first attempt; keys
 * are kept at least 31 days (the simulator keeps them). Decided here where the docs say
 * nothing: only a successful (2xx) answer is kept, so a request refused for its input can be
 * corrected and sent again with the same key; the same key with another request (method, path
 * or body) is refused with 409 and Adyen's code 704 "request already processed or in progress"
 * (the code and message Adyen sends for a key still in progress, as quoted in a payment
 * platform's known-issue page; not found in Adyen's docs).
 */

export const MAX_IDEMPOTENCY_KEY_LENGTH = 64;

export type ApiAnswer = { status: number; body: unknown };

export const KEY_IN_USE = new AdyenApiError(409, '704', 'request already processed or in progress', 'validation');

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/**
 * Runs `handle` in one transaction with the key's record, so a failure leaves neither, and a
 * concurrent request with the same key waits for this one (PostgreSQL's unique index) and then
 * replays its answer. Without a key it is just the transaction.
 */
export async function runIdempotent(
  db: ShopDb,
  key: string | undefined,
  request: { hash: string; now: Date },
  handle: (tx: Queries) => Promise<ApiAnswer>,
): Promise<ApiAnswer & { replayed: boolean }> {
  if (key === undefined) return { ...(await db.transaction((tx) => handle(tx))), replayed: false };
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalid('000', `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long`);
  }
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(pspSimIdempotency)
      .values({ key, requestHash: request.hash, status: 0, body: {}, createdAt: request.now })
      .onConflictDoNothing()
      .returning({ key: pspSimIdempotency.key });
    if (!claimed) {
      const [kept] = await tx.select().from(pspSimIdempotency).where(eq(pspSimIdempotency.key, key));
      if (!kept || kept.status === 0 || kept.requestHash !== request.hash) throw KEY_IN_USE;
      return { status: kept.status, body: kept.body, replayed: true };
    }
    const answer = await handle(tx);
    if (answer.status >= 200 && answer.status < 300) {
      await tx.update(pspSimIdempotency).set({ status: answer.status, body: answer.body }).where(eq(pspSimIdempotency.key, key));
    } else {
      await tx.delete(pspSimIdempotency).where(eq(pspSimIdempotency.key, key));
    }
    return { ...answer, replayed: false };
  });
}
