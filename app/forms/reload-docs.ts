import * as z from 'zod/mini';
import { readDocumentType } from '../domain/reload-docs';
import { configureProblemMessage } from './configure-messages';
import { DOCUMENT_FILE_FIELD_ORDER, type DocumentFileField } from '../domain/document-upload';

/**
 * The reload-docs form (`/reload-docs?id&hash`; spec §2 "Reload-docs screen"): the document
 * type here; the files `documentFront` (required) and `documentBack` are the upload reader's and
 * the service's, as on the configure form, whose messages (and texts) the page shares.
 */
export type ReloadDocsFormField = 'documentType' | DocumentFileField;

/** Every name the error summary may list, in page order. */
export const RELOAD_DOCS_FIELD_ORDER: readonly ReloadDocsFormField[] = ['documentType', ...DOCUMENT_FILE_FIELD_ORDER];

/** A field's reason code (the domain's, the upload reader's or the service's) as the configure form words it. */
export function reloadDocsProblemMessage(field: ReloadDocsFormField, reason: string): string {
  return configureProblemMessage(field, reason);
}

/** The longest document type worth reading ("IDENTITY" is 8). */
const MAX_DOCUMENT_TYPE_LENGTH = 20;

export const reloadDocsSchema = z.object({
  // Conform reads an empty field as absent: the type's "required".
  documentType: z.string({ error: reloadDocsProblemMessage('documentType', 'required') }).check(
    z.maxLength(MAX_DOCUMENT_TYPE_LENGTH, { error: reloadDocsProblemMessage('documentType', 'invalid') }),
    z.superRefine((value, check) => {
      const read = readDocumentType(value);
      if ('problem' in read) check.addIssue({ code: 'custom', message: reloadDocsProblemMessage('documentType', read.problem) });
    }),
  ),
});
