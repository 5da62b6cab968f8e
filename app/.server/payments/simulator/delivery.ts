import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { ShopDb } from '../../db/client';
import { pspSimWebhooks } from '../../db/schema';
import type { Logger } from '../../logger';

/**
 * Delivers the queued webhooks (webhooks.ts) to the shop: one item per POST of
 * `{live: 'false', notificationItems: [{NotificationRequestItem}]}`. Adyen counts a delivery as
 * accepted only on a 2xx answer whose body is `[accepted]` (docs.adyen.com "Webhooks"); anything
 * else is retried on Adyen's own schedule (docs.adyen.com "Troubleshoot webhooks", retry queue):
 * three retries 9 s apart, then its queue's waits, backing off to 8 hours, for up to 30 days.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Adyen's first three retries, 9 s apart ("sent at 9 seconds, 18 seconds, and again at 27 seconds"). */
const FIRST_RETRY_DELAYS_MS = [9 * SECOND, 9 * SECOND, 9 * SECOND] as const;
/** Then its retry queue's waits; the last one repeats (the docs list no longer wait) until the 30 days are over. */
const QUEUE_RETRY_DELAYS_MS = [2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR] as const;
/** Adyen retries a webhook "for up to 30 days". */
export const RETRY_FOR_MS = 30 * 24 * HOUR;

/** The wait after a webhook's `attempts`-th failed delivery (1 for the first). */
export function retryDelayMs(attempts: number): number {
  const retries = [...FIRST_RETRY_DELAYS_MS, ...QUEUE_RETRY_DELAYS_MS];
  return retries[Math.min(Math.max(attempts, 1), retries.length) - 1] ?? 8 * HOUR;
}

/**
 * When a webhook queued at `queuedAt`, whose `attempts`-th delivery failed at `failedAt`, is tried
 * again; null once that would be more than 30 days after it was queued: it is given up.
 */
export function nextDeliveryAt(queuedAt: Date, attempts: number, failedAt: Date): Date | null {
  const next = failedAt.getTime() + retryDelayMs(attempts);
  return next - queuedAt.getTime() > RETRY_FOR_MS ? null : new Date(next);
}

/** How long an attempt holds its item (another instance skips it meanwhile; a crash frees it). */
const ATTEMPT_LEASE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const BATCH_SIZE = 20;
const MAX_ERROR_LENGTH = 300;

export type WebhookDelivery = { deliverDue(): Promise<number> };

export function webhookDelivery(input: {
  db: ShopDb;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  webhookUrl: string;
  /** The endpoint's Basic credentials, as Adyen's Customer Area would send them (ADYEN_WEBHOOK_*). */
  basicAuth: Readonly<{ username: string; password: string }> | null;
}): WebhookDelivery {
  const { db, clock, logger, webhookUrl } = input;
  const authorization: Record<string, string> = input.basicAuth
    ? { Authorization: `Basic ${Buffer.from(`${input.basicAuth.username}:${input.basicAuth.password}`).toString('base64')}` }
    : {};
  const table = pspSimWebhooks;

  /** Takes the due items by pushing their next attempt past the lease, in one statement. */
  async function claimDue(now: Date) {
    const due = db
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.deliveredAt), isNull(table.gaveUpAt), lte(table.nextAttemptAt, now)))
      .orderBy(asc(table.nextAttemptAt), asc(table.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(table)
      .set({ nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS) })
      .where(inArray(table.id, due))
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** One POST; null when the shop accepted it, else what went wrong. */
  async function post(item: Record<string, unknown>): Promise<string | null> {
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...authorization },
        body: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        redirect: 'manual',
      });
      const text = (await response.text()).trim();
      if (response.status >= 200 && response.status < 300 && text === '[accepted]') return null;
      return `HTTP ${response.status}: ${text.slice(0, 100) || '(empty body)'}`.slice(0, MAX_ERROR_LENGTH);
    } catch (error) {
      return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    }
  }

  return {
    async deliverDue() {
      let delivered = 0;
      for (const webhook of await claimDue(clock.now())) {
        const failure = await post(webhook.item);
        const attempts = webhook.attempts + 1;
        const now = clock.now();
        if (failure === null) {
          delivered += 1;
          await db.update(table).set({ deliveredAt: now, attempts, lastError: null }).where(eq(table.id, webhook.id));
          continue;
        }
        const next = nextDeliveryAt(webhook.createdAt, attempts, now);
        const givingUp = next === null;
        await db
          .update(table)
          .set({ attempts, lastError: failure, ...(next === null ? { gaveUpAt: now } : { nextAttemptAt: next }) })
          .where(eq(table.id, webhook.id));
        const details = { eventCode: webhook.eventCode, pspReference: webhook.pspReference, attempts, error: failure };
        if (givingUp) logger.warn(details, 'payment simulator: webhook given up');
        else logger.info(details, 'payment simulator: webhook not accepted, will retry');
      }
      return delivered;
    },
  };
}

/**
 * A held webhook waits until this instant, so it is never due (next_attempt_at, no column of
 * its own): the support page holds one to send others first, in any order, and releases it.
 */
export const HELD_UNTIL = new Date('9999-12-31T00:00:00Z');

export function isHeld(webhook: Pick<typeof pspSimWebhooks.$inferSelect, 'nextAttemptAt' | 'deliveredAt' | 'gaveUpAt'>): boolean {
  return !webhook.deliveredAt && !webhook.gaveUpAt && webhook.nextAttemptAt.getTime() >= HELD_UNTIL.getTime();
}

/**
 * Holds a queued webhook (`hold`) or makes it due now (`send`): only one still waiting, not
 * delivered nor given up. The webhook as changed, or null when there was none waiting.
 */
export async function rescheduleWebhook(db: ShopDb, id: number, change: { kind: 'hold' } | { kind: 'send'; now: Date }) {
  const table = pspSimWebhooks;
  const [changed] = await db
    .update(table)
    .set({ nextAttemptAt: change.kind === 'hold' ? HELD_UNTIL : change.now })
    .where(and(eq(table.id, id), isNull(table.deliveredAt), isNull(table.gaveUpAt)))
    .returning();
  return changed ?? null;
}
