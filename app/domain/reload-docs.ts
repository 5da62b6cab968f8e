/**
 * Re-uploading a card's identity documents after the purchase (issue 15; spec §2 "Reload-docs
 * screen", §4 "Reload docs"): the link's address, when a fan is asked for new documents and what
 * the form checks. Pure: the hash itself is made and checked on the server (a keyed HMAC).
 */
import { DOCUMENT_TYPES, type DocumentType } from './document-upload';
import type { OrderStatus } from './order-status';

export const RELOAD_DOCS_PATH = '/reload-docs';

/**
 * The spec's link, `/reload-docs?id={order item}&hash={its hash}`, with (issue 30) `exp`, its last
 * second, and `v`, which documents it replaces; the hash covers all three.
 */
export function reloadDocsPath(link: { orderItemId: string; exp: string; v: string; hash: string }): string {
  return `${RELOAD_DOCS_PATH}?${new URLSearchParams({ id: link.orderItemId, exp: link.exp, v: link.v, hash: link.hash }).toString()}`;
}

/** A link as sent; `exp` and `v` are '' in links mailed before they existed. */
export type ReloadDocsTarget = Readonly<{ orderItemId: string; hash: string; exp: string; v: string }>;

/** The link a page address names, or null when `id` or `hash` is missing or empty (the page then goes home). */
export function reloadDocsTargetOf(url: URL): ReloadDocsTarget | null {
  const read = (name: string) => url.searchParams.get(name) ?? '';
  const [orderItemId, hash] = [read('id'), read('hash')];
  return orderItemId === '' || hash === '' ? null : { orderItemId, hash, exp: read('exp'), v: read('v') };
}

/** Why a genuine link no longer opens the form: past its day, or its documents already replaced. */
export type ReloadDocsLinkGone = 'expired' | 'used';

/** Orders whose card may get new documents: paid (and so, soon or already, fulfilled). */
const RELOADABLE_STATUSES: readonly OrderStatus[] = ['paid', 'fulfilled'];

/**
 * Whether an order item's documents may be replaced: a club card of a paid order that its buyer
 * has not withdrawn from (issue 31: a withdrawn card is not made, its documents were deleted).
 */
export function acceptsNewDocuments(item: { kind: string; orderStatus: OrderStatus; withdrawn: boolean }): boolean {
  return item.kind === 'card' && RELOADABLE_STATUSES.includes(item.orderStatus) && !item.withdrawn;
}

/**
 * Whether a paid card item lacks the document side every card needs (the front): then its buyer
 * is asked for it. Fulfilment asks, before anything of the order can be withdrawn: `withdrawn`
 * is false unless said.
 */
export function needsDocumentsMail(item: { kind: string; orderStatus: OrderStatus; sides: readonly string[]; withdrawn?: boolean }): boolean {
  return acceptsNewDocuments({ ...item, withdrawn: item.withdrawn ?? false }) && !item.sides.includes('FRONT');
}

/**
 * The outbox's dedupe key of the mail asking for documents: one per item, per front it replaces
 * (`frontDocumentId`, the stored front's row, or null without one) and per link expiry (`exp`,
 * one a day). So fulfilment and a second request by support the same day send the link once
 * while nothing changed; a request after the fan uploaded new documents, or on a later day (the
 * first link may have expired), is sent again. `reload-docs:{item}[:{front}]:{exp}`.
 */
export function reloadDocsMailKey(orderItemId: string, frontDocumentId: string | null, exp: string): string {
  return frontDocumentId === null ? `reload-docs:${orderItemId}:${exp}` : `reload-docs:${orderItemId}:${frontDocumentId}:${exp}`;
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
