import { data } from 'react-router';

/**
 * The most a form post may send (issue 9). The largest form (an address) is a few KB; 64 KB
 * leaves room for any text field at its maximum while a 100 MB body is refused after 64 KB.
 * Document uploads will have their own streaming parser and cap.
 */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The submitted form: a 413 (the error screen) when the body is over `limit` — refused from its
 * Content-Length before reading, or counted while reading and abandoned at the cap — and a 400
 * when it cannot be read as a form (a wrong content type, a truncated multipart body).
 * The unread rest of a refused body is discarded by `discardUnreadBody` (server.ts), never kept.
 */
export async function readFormData(request: Request, limit = FORM_BODY_LIMIT): Promise<FormData> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw data(null, { status: 413 });
  const body = await readAtMost(request, limit);
  if (!body) throw data(null, { status: 413 });
  try {
    // Parsing a bounded copy: URL-encoded and (small) multipart alike.
    return await new Response(body, { headers: { 'Content-Type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw data(null, { status: 400 });
  }
}

/** The body's bytes, or null once it passes `limit` (the stream is released, not cancelled). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      // Cancelling would destroy the socket (React Router's adapter) before the 413 is sent.
      if (length > limit) return null;
      chunks.push(value);
    }
  } catch {
    // The client went away or sent a broken chunked body.
    throw data(null, { status: 400 });
  } finally {
    reader.releaseLock();
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
