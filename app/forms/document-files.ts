/**
 * The names of the configure form's file inputs for the identity document's two sides (spec §5
 * "Uploads": sides FRONT and BACK), in the order the form sends them. The server reads them
 * with `readMultipartForm` (app/.server/http/multipart.ts); the same names go in the HTML.
 */
export const DOCUMENT_FILE_FIELDS = { FRONT: 'documentFront', BACK: 'documentBack' } as const;

export type DocumentFileField = (typeof DOCUMENT_FILE_FIELDS)[keyof typeof DOCUMENT_FILE_FIELDS];

/** FRONT before BACK: the order of the inputs in the form, which the server relies on (multipart.ts). */
export const DOCUMENT_FILE_FIELD_ORDER: readonly DocumentFileField[] = [DOCUMENT_FILE_FIELDS.FRONT, DOCUMENT_FILE_FIELDS.BACK];
