import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ShopDb } from '../../db/client';
import { pspSimIdempotency } from '../../db/schema';
import { AdyenApiError, invalid } from './api-errors';
import type { Queries } from './webhooks';

/**
 * Adyen's `Idempotency-Key` (docs.adyen.com "API idempotency"): on POST requests; a key of at
 * most 64 characters; a request already processed gets the answer of its first attempt; keys
 * are kept at least 31 days (the simulator keeps them). While the first request with a key is
 * still being processed, another with the key is answered at once with 409 and Adyen's code 704
 * "request already processed or in progress" (the code and message Adyen sends, as quoted in a
 * payment platform's known-issue page and in Adyen's own Magento plugin's issues #1166 and #2211;
 * not found in Adyen's docs). Decided here where the docs say nothing: only a successful (2xx)
 * answer is kept, so a request refused for its input can be corrected and sent again with the
 * same key; the same key with another request (method, path or body) is refused with 704 too.
 */

export const MAX_IDEMPOTENCY_KEY_LENGTH = 64;

/** A claim this old belongs to a request whose process died (a request takes milliseconds here): another may take it over. */
export const ABANDONED_CLAIM_MS = 60_000;

export type ApiAnswer = { status: number; body: unknown };

export const KEY_IN_USE = new AdyenApiError(409, '704', 'request already processed or in progress', 'validation');

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/** A kept answer to replay, or the key claimed for this request. */
type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: ApiAnswer };

/**
 * Claims the key in a transaction of its own, committed before the request is processed, so
 * that a request with the same key meanwhile sees it in flight (704 at once) instead of waiting.
 * A claim older than ABANDONED_CLAIM_MS is taken over (its request's process died).
 */
async function claimKey(db: ShopDb, key: string, request: { hash: string; now: Date }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(pspSimIdempotency)
      .values({ key, requestHash: request.hash, status: 0, body: {}, createdAt: request.now })
      .onConflictDoNothing()
      .returning({ key: pspSimIdempotency.key });
    if (claimed) return { kind: 'claimed' };
    const [kept] = await tx.select().from(pspSimIdempotency).where(eq(pspSimIdempotency.key, key)).for('update');
    if (!kept) throw KEY_IN_USE;
    if (kept.status !== 0) {
      if (kept.requestHash !== request.hash) throw KEY_IN_USE;
      return { kind: 'replay', answer: { status: kept.status, body: kept.body } };
    }
    if (request.now.getTime() - kept.createdAt.getTime() < ABANDONED_CLAIM_MS) throw KEY_IN_USE;
    await tx.update(pspSimIdempotency).set({ requestHash: request.hash, createdAt: request.now }).where(eq(pspSimIdempotency.key, key));
    return { kind: 'claimed' };
  });
}

/**
 * Runs `handle` in one transaction, with the key claimed first (claimKey): its answer is kept
 * with the key in that same transaction when it is a 2xx, and the claim let go otherwise (a
 * refusal, a failure), so a failure leaves neither. Without a key it is just the transaction.
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
  const claim = await claimKey(db, key, request);
  if (claim.kind === 'replay') return { ...claim.answer, replayed: true };
  const ours = and(eq(pspSimIdempotency.key, key), eq(pspSimIdempotency.status, 0), eq(pspSimIdempotency.createdAt, request.now));
  try {
    return await db.transaction(async (tx) => {
      const answer = await handle(tx);
      if (answer.status >= 200 && answer.status < 300) await tx.update(pspSimIdempotency).set({ status: answer.status, body: answer.body }).where(ours);
      else await tx.delete(pspSimIdempotency).where(ours);
      return { ...answer, replayed: false };
    });
  } catch (error) {
    await db.delete(pspSimIdempotency).where(ours);
    throw error;
  }
}
