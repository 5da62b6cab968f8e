// Queueing the mail that asks a card's buyer for its holder's identity document (issue 15), in
// the caller's transaction: from fulfilment (a paid card without a front) and from support's
// request. The outbox's dedupe key makes a repeat a no-op while nothing changed.
import { and, eq } from 'drizzle-orm';
import { reloadDocsMailKey } from '../../domain/reload-docs';
import type { ShopDb } from '../db/client';
import { mailOutbox, orderItemDocuments, type orderItems, type orders } from '../db/schema';
import { composeReloadDocsMail } from '../mail/reload-docs';
import type { ReloadDocsLinks } from './reload-docs-link';

export type ReloadDocsMailOutcome = 'queued' | 'already-queued';

/** The stored front's row id of an order item, or null without one. */
export async function frontDocumentIdOf(tx: ShopDb, orderItemId: string): Promise<string | null> {
  const [front] = await tx
    .select({ id: orderItemDocuments.id })
    .from(orderItemDocuments)
    .where(and(eq(orderItemDocuments.orderItemId, orderItemId), eq(orderItemDocuments.side, 'FRONT')))
    .limit(1);
  return front?.id ?? null;
}

/** Queues the mail with the item's reload-docs link to the order's buyer, in the order's language. */
export async function queueReloadDocsMail(
  tx: ShopDb,
  {
    order,
    item,
    frontDocumentId,
    links,
    now,
  }: { order: typeof orders.$inferSelect; item: typeof orderItems.$inferSelect; frontDocumentId: string | null; links: ReloadDocsLinks; now: Date },
): Promise<ReloadDocsMailOutcome> {
  const link = links.linkOf(item.id, frontDocumentId, now);
  const mail = composeReloadDocsMail({
    language: order.language,
    firstName: order.buyer.firstName,
    productName: item.name[order.language],
    orderNumber: order.number,
    link: links.urlOf(item.id, frontDocumentId, now),
  });
  const queued = await tx
    .insert(mailOutbox)
    .values({
      dedupeKey: reloadDocsMailKey(item.id, frontDocumentId, link.exp),
      kind: 'reload-docs',
      toAddress: order.buyer.email,
      language: order.language,
      subject: mail.subject,
      textBody: mail.text,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return queued.length > 0 ? 'queued' : 'already-queued';
}
