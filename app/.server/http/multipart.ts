import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser';
import { data } from 'react-router';
import {
  clientFileName,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MEDIA_TYPES,
  type DocumentFileProblem,
  type DocumentFileType,
} from '../../domain/document-upload';
import { failure, success, type Failure } from '../../domain/result';
import { documentFileType } from '../uploads/detect-type';
import { FORM_BODY_LIMIT } from './form-data';

/** A document file that passed the size cap and the magic-bytes check, held in memory (≤ 4 MB). */
export type UploadedDocument = Readonly<{
  bytes: Uint8Array;
  type: DocumentFileType;
  mediaType: string;
  /** The fan's own name for it, sanitised: a label only, never a storage name. */
  fileName: string;
}>;

export type MultipartForm<FileField extends string> = Readonly<{
  /** The ordinary (text) fields. */
  form: FormData;
  /** The documents sent; a file input left empty is absent (whether it was required is the caller's). */
  files: Partial<Record<FileField, UploadedDocument>>;
}>;

/**
 * A refused file: `tooLarge` or `type` per file field, `chooseAgain` for a file that was fine
 * (no file is kept from a refused post), and the text fields in `form` — unless a file went over
 * OVERSIZE_READ_LIMIT: reading stopped there, and the parser keeps nothing of an interrupted body.
 */
export type MultipartRefusal<FileField extends string> = Failure<'invalid', FileField> &
  Readonly<{
    fields: FileProblems<FileField>;
    form: FormData;
    /** Reading stopped at OVERSIZE_READ_LIMIT: `form` is empty, so the text fields are not judged. */
    interrupted?: true;
  }>;

type FileProblems<FileField extends string> = Partial<Record<FileField, DocumentFileProblem>>;

export type MultipartResult<FileField extends string> =
  | { ok: true; value: MultipartForm<FileField> }
  | MultipartRefusal<FileField>;

/**
 * How much of one file is read before giving up on the post. A file over DOCUMENT_MAX_BYTES up to
 * this is read through and dropped, so the fan gets the 4 MB message with everything else they
 * typed (a phone's photo is often 5–12 MB); only beyond it is the rest of the post lost. Each
 * part is held in memory while read, so this also bounds a post's memory (issue 30 item 5).
 */
export const OVERSIZE_READ_LIMIT = 3 * DOCUMENT_MAX_BYTES;

/** Far more than any form of ours has; bounds the work a body of empty parts can cause. */
const MAX_PARTS = 256;

/** A second part for the same file input: no browser sends that. */
class DuplicateFileError extends Error {
  override name = 'DuplicateFileError';
}

/**
 * Reads a `multipart/form-data` post with document files (@remix-run/form-data-parser, streaming).
 * A file over DOCUMENT_MAX_BYTES is `tooLarge`: up to OVERSIZE_READ_LIMIT it is read and dropped
 * and the rest of the post still read; the byte after that limit stops reading (the rest of the
 * body is discarded by `discardUnreadBody`, as for forms over their cap). A file's type is decided
 * by its first bytes (`type` otherwise). Text fields are held to FORM_BODY_LIMIT in all, like
 * every other form (413 beyond it).
 *
 * `fileFields` are the file inputs in the order the form sends them: the parser does not say
 * which part went over the read limit, so it is taken to be the first of them not received yet (a
 * part is only seen once complete). Beyond them, or for a text part, the answer is 413.
 * Answers (thrown) 400 for a body that is not multipart/form-data, or is malformed, or has more
 * files than `fileFields`.
 */
export async function readMultipartForm<FileField extends string>(
  request: Request,
  fileFields: readonly FileField[],
): Promise<MultipartResult<FileField>> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '')) throw data(null, { status: 400 });
  const isFileField = (name: string): name is FileField => (fileFields as readonly string[]).includes(name);
  const received = new Set<string>();
  const files: Partial<Record<FileField, UploadedDocument>> = {};
  const problems: FileProblems<FileField> = {};

  async function keepDocument(upload: FileUpload): Promise<null> {
    const field = upload.fieldName;
    // Unknown file inputs are dropped (maxFiles bounds how many there can be).
    if (!isFileField(field)) return null;
    if (received.has(field)) throw new DuplicateFileError(field);
    received.add(field);
    // A file input left empty (browsers send `filename=""` and no bytes). An empty file is as good
    // as none, so it counts as not sent too: the caller's `required`.
    if (upload.size === 0) return null;
    if (upload.size > DOCUMENT_MAX_BYTES) {
      problems[field] = 'tooLarge';
      return null;
    }
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const type = await documentFileType(bytes);
    if (type) files[field] = { bytes, type, mediaType: DOCUMENT_MEDIA_TYPES[type], fileName: clientFileName(upload.name) };
    else problems[field] = 'type';
    // The FormData keeps text only; files are in `files`.
    return null;
  }

  let form: FormData;
  try {
    form = await parseFormData(
      request,
      {
        maxFileSize: OVERSIZE_READ_LIMIT,
        maxFiles: fileFields.length,
        maxParts: MAX_PARTS,
        maxTotalSize: FORM_BODY_LIMIT + fileFields.length * OVERSIZE_READ_LIMIT,
      },
      keepDocument,
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      const tooLarge = fileFields.find((field) => !received.has(field));
      if (tooLarge === undefined) throw data(null, { status: 413 });
      const lost = Object.fromEntries(Object.keys(files).map((field) => [field, 'chooseAgain']));
      const fields = { ...lost, ...problems, [tooLarge]: 'tooLarge' } as FileProblems<FileField>;
      return { ...refusal(fields, new FormData()), interrupted: true };
    }
    if (error instanceof MaxTotalSizeExceededError) throw data(null, { status: 413 });
    if (isMalformed(error)) throw data(null, { status: 400 });
    throw error;
  }
  if (textBytes(form) > FORM_BODY_LIMIT) throw data(null, { status: 413 });
  if (Object.keys(problems).length > 0) {
    for (const field of Object.keys(files) as FileField[]) problems[field] = 'chooseAgain';
    return refusal(problems, form);
  }
  return success({ form, files });
}

function refusal<FileField extends string>(problems: FileProblems<FileField>, form: FormData): MultipartRefusal<FileField> {
  return { ...failure('invalid', problems), fields: problems, form };
}

/** A body no honest browser sends: broken multipart, too many parts or files, undecodable text. */
function isMalformed(error: unknown): boolean {
  return (
    error instanceof FormDataParseError ||
    error instanceof MaxFilesExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError ||
    error instanceof DuplicateFileError ||
    // The parser decodes names and text as strict UTF-8.
    (error instanceof TypeError && (error as NodeJS.ErrnoException).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
  );
}

/** The text fields' size as sent (UTF-8), names included. */
function textBytes(form: FormData): number {
  let total = 0;
  for (const [name, value] of form) {
    total += Buffer.byteLength(name) + (typeof value === 'string' ? Buffer.byteLength(value) : value.size);
  }
  return total;
}
