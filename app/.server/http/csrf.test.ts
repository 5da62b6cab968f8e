import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { requestContext } from '../../context';
import { handleError } from '../../entry.server';
import type { Logger } from '../logger';
import { crossOriginOf, isRefusedCrossOriginAction } from './csrf';

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
  });

  it('is null for the shop itself, no Origin, an opaque one, and reads', () => {
    expect(crossOriginOf(post('https://shop.example'))).toBeNull();
    expect(crossOriginOf(post(null))).toBeNull();
    expect(crossOriginOf(post('null'))).toBeNull();
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

describe('handleError', () => {
  function contextWith(logger: Pick<Logger, 'error' | 'warn'>) {
    const context = new RouterContextProvider();
    context.set(requestContext, { id: 'req-1', cspNonce: 'n', logger: logger as Logger });
    return context;
  }

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

  it('still logs unexpected errors as errors', () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const failure = new Error('database went away');
    handleError(failure, { request: post('https://shop.example'), context: contextWith(logger), params: {} } as never);
    expect(logger.error).toHaveBeenCalledWith({ err: failure, url: 'https://shop.example/account/addresses/new' }, expect.any(String));
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
