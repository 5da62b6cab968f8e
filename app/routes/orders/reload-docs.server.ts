// What /reload-docs needs from the outside world: the item the link names (or the page's 404),
// the multipart post read with the configure form's reader, and the refusal as the form shows it.
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type RouterContextProvider } from 'react-router';
import type { Language } from '../../domain/catalogue-types';
import { reloadDocsTargetOf, type ReloadDocsLinkGone, type ReloadDocsTarget } from '../../domain/reload-docs';
import { DOCUMENT_FILE_FIELD_ORDER, DOCUMENT_FILE_FIELDS, type DocumentFileField } from '../../domain/document-upload';
import { fieldErrorsOf } from '../../forms/field-problems';
import { parseForm } from '../../forms/parse';
import { reloadDocsProblemMessage, reloadDocsSchema, type ReloadDocsFormField } from '../../forms/reload-docs';
import { signedIn } from '../../.server/auth/guards';
import { readMultipartForm, type UploadedDocument } from '../../.server/http/multipart';
import type { CartOwner } from '../../.server/services/cart-contract';
import type { ReloadDocsItemView } from '../../.server/services/reload-docs';
import { shopContext } from '../../context';

export type ReloadDocsRequest = { owner: CartOwner; target: ReloadDocsTarget };

/**
 * The signed-in fan and the item the address names. Without `id` or `hash` the page goes home
 * (spec §4); a link that does not authorise this fan for a paid card is the shop's 404, the
 * same whatever is wrong with it. The owner's link past its day or already used is `gone`
 * (the page says which, with 410).
 */
export async function authorisedReload(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<(ReloadDocsRequest & { item: ReloadDocsItemView; gone: null }) | { gone: ReloadDocsLinkGone }> {
  const target = reloadDocsTargetOf(new URL(request.url));
  if (!target) throw redirect('/');
  const { user, customer } = signedIn(context);
  const owner = { customerId: customer.id, subject: user.subject };
  const item = await context.get(shopContext).services.reloadDocs.open(owner, target);
  if (!item) throw data(null, { status: 404 });
  if (typeof item === 'string') return { gone: item };
  return { owner, target, item, gone: null };
}

/** The item as the page words it. */
export function itemView(item: ReloadDocsItemView, language: Language) {
  return { orderNumber: String(item.orderNumber), productName: item.productName[language], documentType: item.documentType ?? '' };
}

export type ReloadDocsPost =
  | { ok: true; documentType: string; uploads: Partial<Record<DocumentFileField, UploadedDocument>> }
  | { ok: false; result: SubmissionResult<string[]> };

/**
 * The post read while streaming (the 4 MB cap and magic bytes of configure's reader) and checked:
 * the type, each file's size and type, and the front, which a new document must have. Every
 * problem at once, with the type kept; only after a file over OVERSIZE_READ_LIMIT is the rest of the
 * body lost (docs/decisions/documents.md, "A file over 4 MB loses nothing else").
 */
export async function readReloadDocsPost(request: Request): Promise<ReloadDocsPost> {
  const read = await readMultipartForm(request, DOCUMENT_FILE_FIELD_ORDER);
  const formData = read.ok ? read.value.form : read.form;
  const problems: Partial<Record<ReloadDocsFormField, string>> = read.ok ? {} : { ...read.fields };
  if (read.ok && !read.value.files[DOCUMENT_FILE_FIELDS.FRONT]) problems.documentFront = 'required';
  const submission = parseForm(formData, reloadDocsSchema);
  if (submission.status === 'success' && read.ok && Object.keys(problems).length === 0) {
    return { ok: true, documentType: submission.value.documentType, uploads: read.value.files };
  }
  const reply = submission.reply();
  // A post cut short by a huge file holds no document type: no false "required" for it.
  const textLost = !read.ok && read.interrupted === true;
  return { ok: false, result: refusedReply(textLost ? { ...reply, error: {} } : reply, problems) };
}

/** Conform's reply with the files' (or the service's) problems added at their fields. */
export function refusedReply(reply: SubmissionResult<string[]>, problems: Partial<Record<ReloadDocsFormField, string>>): SubmissionResult<string[]> {
  return { ...reply, error: { ...reply.error, ...fieldErrorsOf(problems, reloadDocsProblemMessage) } };
}
