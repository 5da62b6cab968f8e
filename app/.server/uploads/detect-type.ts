import { fileTypeFromBuffer } from 'file-type';
import type { DocumentFileType } from '../../domain/document-upload';

/** file-type reads no further than this for the types we accept (its own "reasonable" sample). */
const SAMPLE_BYTES = 4100;

/** file-type's answers that are documents the shop accepts. */
const ACCEPTED: ReadonlyMap<string, DocumentFileType> = new Map([
  ['jpg', 'jpeg'],
  ['png', 'png'],
  // An animated PNG is a PNG whose first frame every viewer shows.
  ['apng', 'png'],
  ['pdf', 'pdf'],
  // The OLE2 compound file of a Word 97-2003 .doc; file-type cannot tell it from other OLE2
  // files (.xls, .msi), which would need the file's directory read
  // (docs/decisions/documents.md, "The type is the file's, not its name's").
  ['cfb', 'msword'],
]);

/** The document type the file's first bytes show, or null for anything else (whatever its name). */
export async function documentFileType(bytes: Uint8Array): Promise<DocumentFileType | null> {
  const detected = await fileTypeFromBuffer(bytes.subarray(0, SAMPLE_BYTES));
  return (detected && ACCEPTED.get(detected.ext)) ?? null;
}
