// The order's payment history (issue 29): one line per kind and PSP payment, written once; the
// lines support must act on are mailed to SUPPORT_EMAIL through the outbox, once.
import { DEFAULT_LANGUAGE } from '../../domain/catalogue-types';
import { isForSupport, noticeKey, type PaymentNotice } from '../../domain/payment-ledger';
import type { ShopDb } from '../db/client';
import { mailOutbox, orderNotes, type orders } from '../db/schema';
import { composeSupportNoticeMail } from '../mail/support-notice';

type OrderRow = typeof orders.$inferSelect;

/** Writes a history line once; a line support must act on is mailed to them, once. */
export async function writeNotice(tx: ShopDb, deps: { supportEmail: string }, order: OrderRow, notice: PaymentNotice, details: Record<string, string | number>, now: Date): Promise<void> {
  const key = noticeKey(notice);
  const [written] = await tx
    .insert(orderNotes)
    .values({ orderId: order.id, key, kind: notice.kind, pspReference: notice.payment, details, createdAt: now })
    .onConflictDoNothing({ target: [orderNotes.orderId, orderNotes.key] })
    .returning({ id: orderNotes.id });
  if (!written || !isForSupport(notice.kind)) return;
  const amountCents = typeof details.amountCents === 'number' ? details.amountCents : null;
  const mail = composeSupportNoticeMail({ order, kind: notice.kind, pspReference: notice.payment, amountCents });
  await queueMail(tx, { dedupeKey: `support:${order.id}:${key}`, kind: 'support-notice', to: deps.supportEmail, language: DEFAULT_LANGUAGE, mail });
}

export async function queueMail(tx: ShopDb, input: { dedupeKey: string; kind: string; to: string; language: 'it' | 'en'; mail: { subject: string; text: string } }): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ dedupeKey: input.dedupeKey, kind: input.kind, toAddress: input.to, language: input.language, subject: input.mail.subject, textBody: input.mail.text })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

