import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FILE_FIELD_ORDER, DOCUMENT_MAX_BYTES } from '../../domain/document-upload';
import { FORM_BODY_LIMIT } from './form-data';
import { OVERSIZE_READ_LIMIT, readMultipartForm } from './multipart';

// Real file headers: what file-type recognises, and what an honest scan or .doc starts with.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]);
const PDF_HEADER = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
/** The OLE2 compound-file signature of a Word 97-2003 .doc, then the rest of its 512-byte header. */
const DOC_HEADER = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
/** A Windows executable's DOS header ("MZ"). */
const EXE_HEADER = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(118)]);

const [FRONT, BACK] = DOCUMENT_FILE_FIELD_ORDER as ['documentFront', 'documentBack'];

/** `bytes` of `size` in all: the header, then zeros. */
function fileOf(header: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(header.subarray(0, size));
  return bytes;
}

function post(form: FormData): Request {
  return new Request('http://shop.example/products/1/configure/buy', { method: 'POST', body: form });
}

function configureForm(files: Partial<Record<'documentFront' | 'documentBack', File>>): FormData {
  const form = new FormData();
  form.set('documentType', 'PASSPORT');
  form.set('firstName', 'Zoë');
  for (const [field, file] of Object.entries(files)) form.set(field, file);
  return form;
}

async function statusOf(promise: Promise<unknown>): Promise<number | 'read'> {
  try {
    await promise;
    return 'read';
  } catch (error) {
    const init = (error as { init?: { status?: number } }).init;
    return init?.status ?? (isRouteErrorResponse(error) ? error.status : -1);
  }
}

describe('readMultipartForm: size', () => {
  it('accepts a file of exactly 4,194,304 bytes, whole', async () => {
    const bytes = fileOf(PDF_HEADER, DOCUMENT_MAX_BYTES);
    bytes[bytes.length - 1] = 0x2a;
    const result = await readMultipartForm(post(configureForm({ [FRONT]: new File([bytes], 'scan.pdf') })), DOCUMENT_FILE_FIELD_ORDER);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.fields)}`);
    const front = result.value.files[FRONT];
    expect(front?.type).toBe('pdf');
    expect(front?.bytes.byteLength).toBe(DOCUMENT_MAX_BYTES);
    expect(Buffer.from(front?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(result.value.form.get('firstName')).toBe('Zoë');
  });

  it('refuses a file of 4,194,305 bytes with tooLarge, keeps every text field and asks for the good file again', async () => {
    const form = configureForm({
      [FRONT]: new File([fileOf(PNG_1X1, PNG_1X1.length)], 'front.png'),
      [BACK]: new File([fileOf(PDF_HEADER, DOCUMENT_MAX_BYTES + 1)], 'back.pdf'),
    });
    const result = await readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The front was fine, but a refused post keeps no file: the fan is told to choose it again.
    expect(result.fields).toEqual({ [FRONT]: 'chooseAgain', [BACK]: 'tooLarge' });
    expect('value' in result).toBe(false);
    expect(Object.fromEntries(result.form)).toEqual({ documentType: 'PASSPORT', firstName: 'Zoë' });
    expect(result.interrupted).toBeUndefined();
  });

  it('reads on after an oversized front: the fields sent after it are kept too', async () => {
    const form = new FormData();
    form.set(FRONT, new File([fileOf(JPEG_HEADER, DOCUMENT_MAX_BYTES + 1)], 'front.jpg'));
    form.set('documentType', 'PASSPORT');
    form.set('firstName', 'Zoë');
    const result = await readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER);
    if (result.ok) throw new Error('accepted');
    expect(result.fields).toEqual({ [FRONT]: 'tooLarge' });
    expect(Object.fromEntries(result.form)).toEqual({ documentType: 'PASSPORT', firstName: 'Zoë' });
  });

  it('gives up on the post past the read limit: the file is tooLarge, the good one lost, the text not judged', async () => {
    const form = configureForm({
      [FRONT]: new File([fileOf(PNG_1X1, PNG_1X1.length)], 'front.png'),
      [BACK]: new File([fileOf(PDF_HEADER, OVERSIZE_READ_LIMIT + 1)], 'back.pdf'),
    });
    const result = await readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER);
    if (result.ok) throw new Error('accepted');
    expect(result.fields).toEqual({ [FRONT]: 'chooseAgain', [BACK]: 'tooLarge' });
    expect(result.interrupted).toBe(true);
    expect([...result.form]).toEqual([]);
  });

  it('stops reading at the read limit: an endless file is not read much past it', async () => {
    const boundary = 'cap-test-boundary';
    const encoder = new TextEncoder();
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${FRONT}"; filename="huge.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const counter = { pulled: 0, headSent: false };
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = counter.headSent ? chunk : head;
        counter.headSent = true;
        counter.pulled += next.byteLength;
        controller.enqueue(next);
      },
    });
    const request = new Request('http://shop.example/x', {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    const result = await readMultipartForm(request, DOCUMENT_FILE_FIELD_ORDER);
    expect(result.ok ? null : result.fields).toEqual({ [FRONT]: 'tooLarge' });
    expect(counter.pulled).toBeGreaterThan(OVERSIZE_READ_LIMIT);
    expect(counter.pulled).toBeLessThan(OVERSIZE_READ_LIMIT + 1024 * 1024);
  });
});

describe('readMultipartForm: type by magic bytes', () => {
  it.each([
    ['png', PNG_1X1, 'image/png'],
    ['jpeg', JPEG_HEADER, 'image/jpeg'],
    ['pdf', PDF_HEADER, 'application/pdf'],
    ['msword', DOC_HEADER, 'application/msword'],
  ] as const)('accepts a %s whatever its name and declared type', async (type, header, mediaType) => {
    const file = new File([fileOf(header, 2048)], 'upload\u202Egpj.exe', { type: 'application/x-msdownload' });
    const result = await readMultipartForm(post(configureForm({ [BACK]: file })), DOCUMENT_FILE_FIELD_ORDER);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.fields)}`);
    expect(result.value.files[BACK]).toMatchObject({ type, mediaType, fileName: 'uploadgpj.exe' });
    expect(result.value.files[FRONT]).toBeUndefined();
  });

  it('refuses an .exe renamed .pdf with type, keeping the text fields and asking for the good file again', async () => {
    const form = configureForm({
      [FRONT]: new File([fileOf(EXE_HEADER, 4096)], 'passport.pdf', { type: 'application/pdf' }),
      [BACK]: new File([PNG_1X1], 'back.png', { type: 'image/png' }),
    });
    const result = await readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toEqual({ [FRONT]: 'type', [BACK]: 'chooseAgain' });
    expect(result.form.get('documentType')).toBe('PASSPORT');
    expect(result.form.has(FRONT)).toBe(false);
  });

  it('refuses a text file named .pdf with type', async () => {
    const form = configureForm({ [BACK]: new File(['%PD hello'], 'notes.pdf', { type: 'application/pdf' }) });
    const result = await readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER);
    expect(result.ok ? null : result.fields).toEqual({ [BACK]: 'type' });
  });
});

describe('readMultipartForm: the rest of the form', () => {
  it('leaves out a file input left empty, and an empty file (required is the caller’s)', async () => {
    const form = configureForm({ [FRONT]: new File([], ''), [BACK]: new File([], 'empty.pdf') });
    const result = await readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER);
    if (!result.ok) throw new Error('refused');
    expect(result.value.files).toEqual({});
    expect(Object.fromEntries(result.value.form)).toEqual({ documentType: 'PASSPORT', firstName: 'Zoë' });
  });

  it('answers 400 to a body that is not multipart/form-data', async () => {
    const encoded = new Request('http://shop.example/x', {
      method: 'POST',
      body: 'documentType=PASSPORT',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(await statusOf(readMultipartForm(encoded, DOCUMENT_FILE_FIELD_ORDER))).toBe(400);
  });

  it('answers 400 to a truncated body and to a file input sent twice', async () => {
    const truncated = new Request('http://shop.example/x', {
      method: 'POST',
      body: '--b\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nPASS',
      headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
    });
    expect(await statusOf(readMultipartForm(truncated, DOCUMENT_FILE_FIELD_ORDER))).toBe(400);
    const twice = new FormData();
    twice.append(FRONT, new File([PNG_1X1], 'a.png'));
    twice.append(FRONT, new File([PNG_1X1], 'b.png'));
    expect(await statusOf(readMultipartForm(post(twice), DOCUMENT_FILE_FIELD_ORDER))).toBe(400);
  });

  it('holds the text fields to the ordinary form cap (413)', async () => {
    const form = configureForm({});
    form.set('firstName', 'a'.repeat(FORM_BODY_LIMIT));
    expect(await statusOf(readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER))).toBe(413);
    form.set('firstName', 'a'.repeat(FORM_BODY_LIMIT - 100));
    expect(await statusOf(readMultipartForm(post(form), DOCUMENT_FILE_FIELD_ORDER))).toBe('read');
  });
});
