import { and, asc, eq, inArray } from 'drizzle-orm';
import { pspSimWebhooks } from '../../db/schema';
import type { Queries } from './webhooks';

/**
 * Chargebacks as the simulator's own state: a CHARGEBACK sent from the support page has happened
 * at the PSP (held or not: only its delivery waits), and a CHARGEBACK_REVERSED undoes it. Adyen
 * blocks refunds of a payment whose money the shopper's bank took back, so the simulator fails
 * them too; the reason is the simulator's wording, not a documented Adyen text.
 */
export const DISPUTED_REFUND_REASON = 'Transaction is disputed';

const DISPUTE_CODES = ['CHARGEBACK', 'CHARGEBACK_REVERSED'];

/** Whether the payment's last chargeback event that happened (success true) is a chargeback, not its reversal. */
export async function isChargedBack(queries: Queries, paymentPspReference: string): Promise<boolean> {
  const events = await queries
    .select({ eventCode: pspSimWebhooks.eventCode, item: pspSimWebhooks.item })
    .from(pspSimWebhooks)
    .where(and(eq(pspSimWebhooks.paymentPspReference, paymentPspReference), inArray(pspSimWebhooks.eventCode, DISPUTE_CODES)))
    .orderBy(asc(pspSimWebhooks.id));
  return events.filter((event) => event.item.success === 'true').at(-1)?.eventCode === 'CHARGEBACK';
}
