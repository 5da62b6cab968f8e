/**
 * Identity-document uploads (spec §5 "Uploads", §9): the size limit, the accepted file types
 * and how the fan's own file name is kept (only as a label: it never names a stored file).
 */

/** The identity documents a card's holder may show (spec §2 "Reload-docs screen"). */
export const DOCUMENT_TYPES = ['PASSPORT', 'IDENTITY'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The two sides of an identity document (spec §5 "Uploads": FRONT and BACK) and the name each is
 * sent under, in the order the form sends them: the configure and reload-docs forms name their
 * file inputs so, and the server reads them in that order (`readMultipartForm`, app/.server/http/multipart.ts).
 */
export const DOCUMENT_FILE_FIELDS = { FRONT: 'documentFront', BACK: 'documentBack' } as const;

export type DocumentFileField = (typeof DOCUMENT_FILE_FIELDS)[keyof typeof DOCUMENT_FILE_FIELDS];

/** FRONT before BACK: the order of the inputs in the form, which the server relies on (multipart.ts). */
export const DOCUMENT_FILE_FIELD_ORDER: readonly DocumentFileField[] = [DOCUMENT_FILE_FIELDS.FRONT, DOCUMENT_FILE_FIELDS.BACK];

/** 4 MB: a file of exactly this many bytes is accepted, one byte more is refused (`tooLarge`). */
export const DOCUMENT_MAX_BYTES = 4_194_304;

/** Decided by the file's first bytes, never by its name or the browser's declared type. */
export const DOCUMENT_FILE_TYPES = ['jpeg', 'png', 'pdf', 'msword'] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

/**
 * What is wrong with one uploaded file; `required` is the caller's (the form knows what it needs).
 * `chooseAgain`: the file was fine, but another one in the same post was refused and a refused
 * post keeps no file (a browser cannot refill a file input): the fan chooses it again.
 */
export type DocumentFileProblem = 'tooLarge' | 'type' | 'chooseAgain';

export const DOCUMENT_MEDIA_TYPES: Readonly<Record<DocumentFileType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  msword: 'application/msword',
};

/** Long enough for any real file name, short enough to show in a list. */
export const CLIENT_FILE_NAME_MAX = 100;

/**
 * The name the fan's browser sent, made safe to store and show: the last path segment only
 * (old browsers send `C:\…\scan.pdf`), without control or invisible formatting characters
 * (a right-to-left override would make `gpj.exe` look like `exe.jpg`), blanks collapsed,
 * cut at CLIENT_FILE_NAME_MAX code points. Empty when nothing usable is left.
 */
export function clientFileName(sent: string): string {
  const lastSegment = sent.split(/[\\/]/).pop() ?? '';
  const visible = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return Array.from(visible).slice(0, CLIENT_FILE_NAME_MAX).join('').trim();
}
