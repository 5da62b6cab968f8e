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
 * A refused file: `tooLarge` or `type` per file field, and no file kept at all. `form` holds the
 * text fields when the whole body was read (a `type` refusal); after `tooLarge` it is empty,
 * since reading stopped at the cap and the parser keeps nothing of an interrupted body.
 */
export type MultipartRefusal<FileField extends string> = Failure<'invalid', FileField> &
  Readonly<{ fields: FileProblems<FileField>; form: FormData }>;

type FileProblems<FileField extends string> = Partial<Record<FileField, DocumentFileProblem>>;

export type MultipartResult<FileField extends string> =
  | { ok: true; value: MultipartForm<FileField> }
  | MultipartRefusal<FileField>;

/** Far more than any form of ours has; bounds the work a body of empty parts can cause. */
const MAX_PARTS = 256;

/** A second part for the same file input: no browser sends that. */
class DuplicateFileError extends Error {
  override name = 'DuplicateFileError';
}

/**
 * Reads a `multipart/form-data` post with document files (@remix-run/form-data-parser, streaming).
 * Each file is cut off while streaming at DOCUMENT_MAX_BYTES: the byte after the cap stops
 * reading (`tooLarge`; the rest of the body is discarded by `discardUnreadBody`, as for forms over
 * their cap). A file's type is decided by its first bytes (`type` otherwise). Text fields are
 * held to FORM_BODY_LIMIT in all, like every other form (413 beyond it).
 *
 * `fileFields` are the file inputs in the order the form sends them: the parser does not say
 * which part went over the cap, so it is taken to be the first of them not received yet (a part
 * is only seen once complete). Beyond them, or for a text part, the answer is 413.
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
        maxFileSize: DOCUMENT_MAX_BYTES,
        maxFiles: fileFields.length,
        maxParts: MAX_PARTS,
        maxTotalSize: FORM_BODY_LIMIT + fileFields.length * DOCUMENT_MAX_BYTES,
      },
      keepDocument,
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      const tooLarge = fileFields.find((field) => !received.has(field));
      if (tooLarge === undefined) throw data(null, { status: 413 });
      return refusal({ [tooLarge]: 'tooLarge' } as FileProblems<FileField>, new FormData());
    }
    if (error instanceof MaxTotalSizeExceededError) throw data(null, { status: 413 });
    if (isMalformed(error)) throw data(null, { status: 400 });
    throw error;
  }
  if (textBytes(form) > FORM_BODY_LIMIT) throw data(null, { status: 413 });
  if (Object.keys(problems).length > 0) return refusal(problems, form);
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
