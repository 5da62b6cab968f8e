import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { requestContext } from '../../context';
import { handleError } from '../../entry.server';
import type { Logger } from '../logger';
import { CROSS_ORIGIN_REFUSED, crossOriginOf, isRefusedCrossOriginAction, refuseCrossOriginActions } from './csrf';

const post = (origin: string | null, url = 'https://shop.example/account/addresses/new') =>
  new Request(url, { method: 'POST', headers: origin === null ? {} : { Origin: origin } });

const DOCUMENT_REFUSAL = new Error(
  'The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.',
);

describe('crossOriginOf', () => {
  it('names the origin of a submission from another site, or a malformed one', () => {
    expect(crossOriginOf(post('https://evil.example'))).toBe('https://evil.example');
    expect(crossOriginOf(post('http://shop.example'))).toBe('http://shop.example');
    expect(crossOriginOf(post('not a url'))).toBe('not a url');
    // An opaque origin (a sandboxed frame, a page with Referrer-Policy no-referrer): React Router refuses it too.
    expect(crossOriginOf(post('null'))).toBe('null');
  });

  it('is null for the shop itself, no Origin, and reads', () => {
    expect(crossOriginOf(post('https://shop.example'))).toBeNull();
    expect(crossOriginOf(post('https://shop.example:443'))).toBeNull();
    expect(crossOriginOf(post(null))).toBeNull();
    const read = new Request('https://shop.example/', { headers: { Origin: 'https://evil.example' } });
    expect(crossOriginOf(read)).toBeNull();
  });
});

describe('isRefusedCrossOriginAction', () => {
  it('recognises React Router\u2019s refusals of a cross-origin action (document and .data)', () => {
    expect(isRefusedCrossOriginAction(DOCUMENT_REFUSAL, post('https://evil.example'))).toBe(true);
    expect(isRefusedCrossOriginAction(new Error('Bad Request'), post('https://evil.example'))).toBe(true);
  });

  it('leaves other errors alone, also on a cross-origin request', () => {
    expect(isRefusedCrossOriginAction(new Error('connection refused'), post('https://evil.example'))).toBe(false);
    expect(isRefusedCrossOriginAction(new Error('Bad Request'), post('https://shop.example'))).toBe(false);
    expect(isRefusedCrossOriginAction('Bad Request', post('https://evil.example'))).toBe(false);
  });
});

function contextWith(logger: Pick<Logger, 'error' | 'warn'>) {
  const context = new RouterContextProvider();
  context.set(requestContext, { id: 'req-1', cspNonce: 'n', logger: logger as Logger });
  return context;
}

describe('handleError', () => {
  it('logs a refused cross-origin submission as a warning, without a stack trace', () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const request = post('https://evil.example');
    handleError(DOCUMENT_REFUSAL, { request, context: contextWith(logger), params: {} } as never);
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith(
      { url: request.url, origin: 'https://evil.example' },
      'cross-origin form submission refused',
    );
  });

  it('logs React Router\u2019s refusal of an opaque origin (Origin: null) as one warning too, document and .data', () => {
    for (const refusal of [DOCUMENT_REFUSAL, new Error('Bad Request')]) {
      const logger = { error: vi.fn(), warn: vi.fn() };
      const request = post('null');
      handleError(refusal, { request, context: contextWith(logger), params: {} } as never);
      expect(logger.error).not.toHaveBeenCalled();
      expect(logger.warn).toHaveBeenCalledExactlyOnceWith({ url: request.url, origin: 'null' }, CROSS_ORIGIN_REFUSED);
    }
  });

  it('logs a client\u2019s 4xx (a resource route\u2019s thrown 400 or 413, a POST without an action) as one warning without a stack', () => {
    // What React Router hands handleError: a thrown data(null, { status }) becomes an ErrorResponse; its own 405 carries an Error.
    const refusals = [
      new ErrorResponseImpl(400, 'Bad Request', null),
      new ErrorResponseImpl(413, 'Payload Too Large', null),
      new ErrorResponseImpl(405, 'Method Not Allowed', new Error('You made a POST request to "/" but did not provide an `action`'), true),
    ];
    for (const error of refusals) {
      const logger = { error: vi.fn(), warn: vi.fn() };
      const request = post(null);
      handleError(error, { request, context: contextWith(logger), params: {} } as never);
      expect(logger.error).not.toHaveBeenCalled();
      expect(logger.warn).toHaveBeenCalledExactlyOnceWith({ url: request.url, status: error.status }, 'request refused');
    }
  });

  it('still logs a 5xx answer as an error', () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const failure = new ErrorResponseImpl(500, 'Internal Server Error', new Error('boom'), true);
    handleError(failure, { request: post(null), context: contextWith(logger), params: {} } as never);
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('still logs unexpected errors as errors', () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const failure = new Error('database went away');
    handleError(failure, { request: post('https://shop.example'), context: contextWith(logger), params: {} } as never);
    expect(logger.error).toHaveBeenCalledWith({ err: failure, url: 'https://shop.example/account/addresses/new' }, expect.any(String));
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('refuseCrossOriginActions (the root middleware)', () => {
  const answered = new Response('the action ran');

  async function run(request: Request) {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const next = vi.fn(async () => answered);
    const response = await refuseCrossOriginActions({ request, context: contextWith(logger), params: {} } as never, next);
    return { response: response as Response, next, logger };
  }

  it('answers another origin’s, an opaque and a malformed Origin’s POST with 400, logged as one warning, and never runs the action', async () => {
    for (const origin of ['https://evil.example', 'http://shop.example', 'null', 'not a url']) {
      const request = post(origin, 'https://shop.example/checkout/drop-in/stored');
      const { response, next, logger } = await run(request);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe('Bad Request');
      expect(next).not.toHaveBeenCalled();
      expect(logger.warn).toHaveBeenCalledExactlyOnceWith({ url: request.url, origin }, CROSS_ORIGIN_REFUSED);
      expect(logger.error).not.toHaveBeenCalled();
    }
  });

  it('without an Origin header, refuses a POST whose Sec-Fetch-Site or Referer names another site, logged as one warning', async () => {
    const url = 'https://shop.example/account/orders/1/withdrawal';
    const refused = [
      [{ 'Sec-Fetch-Site': 'cross-site' }, { secFetchSite: 'cross-site' }],
      // Another origin of the same site (a subdomain): React Router refuses such an Origin too.
      [{ 'Sec-Fetch-Site': 'same-site' }, { secFetchSite: 'same-site' }],
      [{ Referer: 'https://evil.example/a/page?with=query' }, { referer: 'https://evil.example' }],
      [{ Referer: 'http://shop.example/account' }, { referer: 'http://shop.example' }],
      [{ Referer: 'not a url' }, { referer: 'malformed' }],
      // The shop's own Sec-Fetch-Site does not make a foreign Referer its own.
      [{ 'Sec-Fetch-Site': 'same-origin', Referer: 'https://evil.example/' }, { referer: 'https://evil.example' }],
    ] as const;
    for (const [headers, logged] of refused) {
      const request = new Request(url, { method: 'POST', headers });
      const { response, next, logger } = await run(request);
      expect(response.status, JSON.stringify(headers)).toBe(400);
      expect(await response.text()).toBe('Bad Request');
      expect(next).not.toHaveBeenCalled();
      expect(logger.warn).toHaveBeenCalledExactlyOnceWith({ url, ...logged }, CROSS_ORIGIN_REFUSED);
    }
  });

  it('without an Origin header, lets through the shop’s own Sec-Fetch-Site or Referer, a fan’s own navigation, and curl (none of the three)', async () => {
    const url = 'https://shop.example/account/orders/1/withdrawal';
    const allowed: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'none' },
      { Referer: 'https://shop.example/account/orders/1/withdrawal?item=2' },
      { 'Sec-Fetch-Site': 'same-origin', Referer: 'https://shop.example/' },
      {},
    ];
    for (const headers of allowed) {
      const { response, next, logger } = await run(new Request(url, { method: 'POST', headers }));
      expect(response, JSON.stringify(headers)).toBe(answered);
      expect(next).toHaveBeenCalledOnce();
      expect(logger.warn).not.toHaveBeenCalled();
    }
  });

  it('lets the shop’s own POST, one without Origin (curl, old clients), and reads through', async () => {
    const requests = [
      post('https://shop.example', 'https://shop.example/checkout/drop-in'),
      post(null, 'https://shop.example/checkout/drop-in'),
      new Request('https://shop.example/checkout/drop-in', { headers: { Origin: 'https://evil.example' } }),
    ];
    for (const request of requests) {
      const { response, next, logger } = await run(request);
      expect(response).toBe(answered);
      expect(next).toHaveBeenCalledOnce();
      expect(logger.warn).not.toHaveBeenCalled();
    }
  });
});

describe('where the check runs', () => {
  const appDirectory = path.resolve(import.meta.dirname, '../..');

  it('in the root route’s middleware, so for every route: pages (React Router checks only their Origin) and resource routes (which it skips)', () => {
    const source = readFileSync(path.join(appDirectory, 'root.tsx'), 'utf8');
    expect(source).toMatch(/^export const middleware\b[^=]*= \[[^\]]*\brefuseCrossOriginActions\b/m);
  });
});
