/**
 * Re-uploading a card's identity documents after the purchase (issue 15; spec §2 "Reload-docs
 * screen", §4 "Reload docs"): the link's address, when a fan is asked for new documents and what
 * the form checks. Pure: the hash itself is made and checked on the server (a keyed HMAC).
 */
import { DOCUMENT_TYPES, type DocumentType } from './document-upload';
import type { OrderStatus } from './order-status';

export const RELOAD_DOCS_PATH = '/reload-docs';

/** The spec's link: `/reload-docs?id={order item}&hash={its hash}`. */
export function reloadDocsPath(orderItemId: string, hash: string): string {
  return `${RELOAD_DOCS_PATH}?${new URLSearchParams({ id: orderItemId, hash }).toString()}`;
}

export type ReloadDocsTarget = Readonly<{ orderItemId: string; hash: string }>;

/** The item and hash a page address names, or null when either is missing or empty (the page then goes home). */
export function reloadDocsTargetOf(url: URL): ReloadDocsTarget | null {
  const orderItemId = url.searchParams.get('id') ?? '';
  const hash = url.searchParams.get('hash') ?? '';
  return orderItemId === '' || hash === '' ? null : { orderItemId, hash };
}

/** Orders whose card may get new documents: paid (and so, soon or already, fulfilled). */
const RELOADABLE_STATUSES: readonly OrderStatus[] = ['paid', 'fulfilled'];

/** Whether an order item's documents may be replaced: a club card of a paid order. */
export function acceptsNewDocuments(item: { kind: string; orderStatus: OrderStatus }): boolean {
  return item.kind === 'card' && RELOADABLE_STATUSES.includes(item.orderStatus);
}

/** Whether a paid card item lacks the document side every card needs (the front): then its buyer is asked for it. */
export function needsDocumentsMail(item: { kind: string; orderStatus: OrderStatus; sides: readonly string[] }): boolean {
  return acceptsNewDocuments(item) && !item.sides.includes('FRONT');
}

/**
 * The outbox's dedupe key of the mail asking for documents: one per item and per front it
 * replaces (`frontDocumentId`, the stored front's row, or null without one). So fulfilment and
 * a second request by support send the link once while nothing changed, and a request after the
 * fan uploaded new documents is sent again. Without a front it is `reload-docs:{item}`.
 */
export function reloadDocsMailKey(orderItemId: string, frontDocumentId: string | null): string {
  return frontDocumentId === null ? `reload-docs:${orderItemId}` : `reload-docs:${orderItemId}:${frontDocumentId}`;
}

export type ReloadDocsProblem = 'required' | 'invalid';

/** The form's document type: PASSPORT or IDENTITY, else why not (the files are the upload reader's). */
export function readDocumentType(sent: string): { documentType: DocumentType } | { problem: ReloadDocsProblem } {
  const value = sent.trim();
  if (value === '') return { problem: 'required' };
  return (DOCUMENT_TYPES as readonly string[]).includes(value) ? { documentType: value as DocumentType } : { problem: 'invalid' };
}

/** Where a successful upload goes: the thank-you page, worded for documents rather than a purchase. */
export const DOCUMENTS_RECEIVED_PATH = '/thankyou?documents=1';

/** Whether a thank-you address is the one after new documents (`documents=1`). */
export function isDocumentsThankYou(url: URL): boolean {
  return url.searchParams.get('documents') === '1';
}
