import type { OrderStatus } from './order-status';

/**
 * How long a card's identity documents are kept once the club no longer needs them (issue 33):
 * `DOCUMENT_RETENTION_DAYS`, 30 by default. A withdrawn card's go at once, with the withdrawal.
 */
export const DEFAULT_DOCUMENT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
export const retentionMs = (days: number): number => days * DAY_MS;

export type DocumentRetentionFacts = {
  orderStatus: OrderStatus;
  /** When the order was fulfilled (status `fulfilled`). */
  fulfilledAt: Date | null;
  /** When it was cancelled or expired. */
  closedAt: Date | null;
  /** When this document was stored: one sent again through the reload link counts from then. */
  storedAt: Date;
};

/**
 * When the document may be deleted: `retention` after the later of the order's end (fulfilled,
 * cancelled or expired) and the document's arrival. Null while the order is still open (awaiting
 * payment, or paid and not yet fulfilled): the club may still need it.
 */
export function documentDeletableFrom(facts: DocumentRetentionFacts, retention: number): Date | null {
  const ended = facts.orderStatus === 'fulfilled' ? facts.fulfilledAt : facts.orderStatus === 'cancelled' || facts.orderStatus === 'expired' ? facts.closedAt : null;
  if (ended === null) return null;
  return new Date(Math.max(ended.getTime(), facts.storedAt.getTime()) + retention);
}

export function isDocumentDue(facts: DocumentRetentionFacts, retention: number, now: Date): boolean {
  const from = documentDeletableFrom(facts, retention);
  return from !== null && now.getTime() >= from.getTime();
}

/**
 * Whether a fan's request to erase their identity documents (issue 33; support runs
 * `npm run documents:erase`) takes this one now: `null` is a document still in the fan's cart.
 * An order that is still open (awaiting payment, or paid and not yet fulfilled) keeps its
 * documents: the club needs them to issue the card. Support finishes or cancels that order and
 * asks again; the retention job takes them in any case once it ends.
 */
export function isErasableOnRequest(orderStatus: OrderStatus | null): boolean {
  return orderStatus === null || orderStatus === 'fulfilled' || orderStatus === 'cancelled' || orderStatus === 'expired';
}
