import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FORM_BODY_LIMIT, readFormData } from './form-data';

/** An endless URL-encoded body that counts what was taken from it. */
function endlessBody() {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled += 1024;
      controller.enqueue(new TextEncoder().encode('a'.repeat(1024)));
    },
  });
  return { stream, counter };
}

const post = (body: BodyInit, headers: Record<string, string>) =>
  new Request('http://shop.example/language', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

async function statusOf(promise: Promise<unknown>): Promise<number | 'read'> {
  try {
    await promise;
    return 'read';
  } catch (error) {
    // `data(null, { status })` thrown: React Router renders the error screen with that status.
    const init = (error as { init?: { status?: number } }).init;
    return init?.status ?? (isRouteErrorResponse(error) ? error.status : -1);
  }
}

describe('readFormData', () => {
  it('reads an ordinary form, URL-encoded or multipart', async () => {
    const encoded = await readFormData(post('lng=en&returnTo=%2Fcart', { 'Content-Type': 'application/x-www-form-urlencoded' }));
    expect(Object.fromEntries(encoded)).toEqual({ lng: 'en', returnTo: '/cart' });
    const multipart = new FormData();
    multipart.set('lng', 'it');
    expect((await readFormData(new Request('http://shop.example/language', { method: 'POST', body: multipart }))).get('lng')).toBe('it');
  });

  it('refuses a body announced over the cap with 413 before reading any of it', async () => {
    const { stream, counter } = endlessBody();
    const request = post(stream, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(100 * 1024 * 1024) });
    expect(await statusOf(readFormData(request))).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it('stops reading an unannounced body at the cap and answers 413', async () => {
    const { stream, counter } = endlessBody();
    expect(await statusOf(readFormData(post(stream, { 'Content-Type': 'application/x-www-form-urlencoded' })))).toBe(413);
    expect(counter.pulled).toBeLessThan(FORM_BODY_LIMIT + 64 * 1024);
  });

  it('answers 400 to a body that is not a form', async () => {
    expect(await statusOf(readFormData(post('hello', { 'Content-Type': 'text/plain' })))).toBe(400);
    expect(await statusOf(readFormData(post('--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=nothing' })))).toBe(400);
  });
});
