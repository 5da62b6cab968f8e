// The fan's return from the PSP (issue 29; docs/payments.md "Returns"), resolved once: a
// `sessionResult` or `redirectResult` is asked of the PSP by the first request that claims it,
// and what the PSP answered goes into the ledger; a refresh, a second tab or another instance
// reads the settled order instead of asking again (Adyen refuses a `redirectResult` used twice).
// A slow PSP holds no page: after a short patience the fan gets the waiting page, and the claim's
// call finishes in the background.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { refusalOf } from '../../domain/payment-attempt';
import { paymentReturns } from '../db/schema';
import { isRefusedRequest } from '../payments/gateway';
import type { SettlementDeps } from './payment-settlement';

/** How long a page waits for the PSP before it shows the waiting page (it looks again by itself). */
export const RETURN_PATIENCE_MS = 3_000;
/** Longer than a PSP call may take (its timeout is 30 s): a claim older than this died with its process. */
const CLAIM_MS = 45_000;
/** How often a request waiting on another's claim looks again. */
const OTHER_POLL_MS = 100;

export type ReturnKind = 'session' | 'redirect';

/** A digest of what the fan brought back: the value itself is the PSP's, never kept. */
export function returnKey(kind: ReturnKind, value: string): string {
  return createHash('sha256').update(`${kind}\u0000${value}`).digest('base64url');
}

/** The value a redirect's return is claimed by: its `redirectResult`, else all its details (with `paymentData`). */
export function redirectReturnValue(details: Readonly<Record<string, string>>, paymentData: string | null = null): string {
  return details.redirectResult ?? JSON.stringify({ details, paymentData });
}

/** Room for what a PSP posts back (it posts where a URL would be too long), not a limit Adyen states. */
const MAX_POSTED_VALUE_LENGTH = 16_384;

/**
 * The details for `/payments/details` in what the PSP posted back, as Adyen names them:
 * `redirectResult`, or 3-D Secure 1's `MD` and `PaRes`. Anything else in the body is left out
 * (Adyen: ignore what its action does not name). Null when it carries neither, or an empty or
 * oversized one. Whether a value is the PSP's, only the PSP can say (a 3-D Secure 1 `PaRes` may
 * even be broken into lines).
 */
export function postedReturnDetails(body: Readonly<Record<string, unknown>>): Record<string, string> | null {
  const field = (name: string) => {
    const value = body[name];
    return typeof value === 'string' && value.length > 0 && value.length <= MAX_POSTED_VALUE_LENGTH ? value : null;
  };
  const redirectResult = field('redirectResult');
  if (redirectResult) return { redirectResult };
  const [md, paRes] = [field('MD'), field('PaRes')];
  return md && paRes ? { MD: md, PaRes: paRes } : null;
}

/** Where a claimed return stands once this request is done waiting. */
export type ResolvedReturn =
  /** The PSP answered (now or earlier) and the ledger has it; the attempt it named, if any. */
  | { state: 'resolved'; paymentId: string | null }
  /** The PSP said the request was wrong (a forged or spent result). */
  | { state: 'refused'; paymentId: string | null }
  /** Still being asked (by this request past its patience, or by another), or the PSP is away. */
  | { state: 'waiting'; paymentId: string | null };

/**
 * Resolves a return once. `ask` asks the PSP and records its answer (it answers the attempt it
 * learnt of); it runs only in the request that holds the claim, and keeps running past the
 * patience. A PSP that is away releases the claim, so the next look asks again.
 */
export async function resolveOnce(
  deps: Pick<SettlementDeps, 'db' | 'now' | 'logger'>,
  claim: { kind: ReturnKind; value: string; paymentId: string | null },
  ask: () => Promise<string | null>,
  patienceMs = RETURN_PATIENCE_MS,
): Promise<ResolvedReturn> {
  const { db } = deps;
  const key = returnKey(claim.kind, claim.value);
  const now = deps.now();
  const claimedUntil = new Date(now.getTime() + CLAIM_MS);
  const [fresh] = await db
    .insert(paymentReturns)
    .values({ key, kind: claim.kind, state: 'resolving', paymentId: claim.paymentId, claimedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning();
  // Someone else's: resolved, refused, still at it — or a claim its process never finished.
  const [taken] = fresh
    ? [fresh]
    : await db
        .update(paymentReturns)
        .set({ claimedUntil })
        .where(and(eq(paymentReturns.key, key), eq(paymentReturns.state, 'resolving'), lt(paymentReturns.claimedUntil, now)))
        .returning();
  if (!taken) return awaitOther(deps, key, claim.paymentId, patienceMs);

  const work = (async (): Promise<ResolvedReturn> => {
    try {
      const paymentId = (await ask()) ?? claim.paymentId;
      await db.update(paymentReturns).set({ state: 'resolved', paymentId, resolvedAt: deps.now() }).where(eq(paymentReturns.key, key));
      return { state: 'resolved', paymentId };
    } catch (error) {
      if (isRefusedRequest(error)) {
        deps.logger.warn({ kind: claim.kind, error: (error as Error).message.slice(0, 200) }, 'payments: the PSP refused a return’s result (forged or spent)');
        await db.update(paymentReturns).set({ state: 'refused', resolvedAt: deps.now() }).where(eq(paymentReturns.key, key));
        return { state: 'refused', paymentId: claim.paymentId };
      }
      deps.logger.warn({ err: error, kind: claim.kind }, 'payments: the PSP could not be asked about a return; the next look asks again');
      await db.update(paymentReturns).set({ claimedUntil: deps.now() }).where(eq(paymentReturns.key, key));
      return { state: 'waiting', paymentId: claim.paymentId };
    }
  })();
  // Past its patience the page answers; the work goes on (it catches its own failures).
  const late = new Promise<ResolvedReturn>((resolve) => {
    const timer = setTimeout(() => resolve({ state: 'waiting', paymentId: claim.paymentId }), patienceMs);
    void work.finally(() => clearTimeout(timer));
  });
  return Promise.race([work, late]);
}

/** Another request holds the claim: its outcome, if it comes within the patience (a second tab, a double refresh). */
async function awaitOther(deps: Pick<SettlementDeps, 'db' | 'now'>, key: string, paymentId: string | null, patienceMs: number): Promise<ResolvedReturn> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const [existing] = await deps.db.select().from(paymentReturns).where(eq(paymentReturns.key, key));
    const known = existing?.paymentId ?? paymentId;
    if (existing?.state === 'resolved' || existing?.state === 'refused') return { state: existing.state, paymentId: known };
    if (Date.now() >= deadline) return { state: 'waiting', paymentId: known };
    await new Promise((resolve) => setTimeout(resolve, OTHER_POLL_MS));
  }
}

/** A refusal as the attempt row keeps it. */
export function attemptRefusal(attempt: { refusalReason: string | null; refusalReasonCode: string | null }) {
  return refusalOf(attempt.refusalReason, attempt.refusalReasonCode);
}
