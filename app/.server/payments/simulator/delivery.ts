import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { ShopDb } from '../../db/client';
import { pspSimWebhooks } from '../../db/schema';
import type { Logger } from '../../logger';

/**
 * Delivers the queued webhooks (webhooks.ts) to the shop: one item per POST of
 * `{live: 'false', notificationItems: [{NotificationRequestItem}]}`. Adyen counts a delivery as
 * accepted only on a 2xx answer whose body is `[accepted]` (docs.adyen.com "Webhooks"); anything
 * else is retried later. The waits between attempts are the simulator's (Adyen documents its own
 * retry queue, over days): short enough to watch a retry happen while trying the shop.
 */

/** Waits after the 1st, 2nd, … failed attempt; after the last one the item is given up. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

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
        const delay = RETRY_DELAYS_MS[attempts - 1];
        const givingUp = delay === undefined;
        await db
          .update(table)
          .set({ attempts, lastError: failure, ...(givingUp ? { gaveUpAt: now } : { nextAttemptAt: new Date(now.getTime() + delay) }) })
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
