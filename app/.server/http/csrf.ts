import type { MiddlewareFunction } from 'react-router';
import { requestContext } from '../../context';

/**
 * React Router refuses an action whose `Origin` is not the request's own (its CSRF check) and
 * hands our `handleError` an Error: the check's own message for a document POST, a bare "Bad
 * Request" for a `.data` POST. These are a browser or a bot doing what it should not, not a fault
 * of ours: they deserve a warning line, not an error with a stack trace.
 */
const REFUSAL_MESSAGES = new Set([
  'Bad Request',
  '`origin` header is not a valid URL. Aborting the action.',
  'The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.',
]);

/** The one line a refused submission is logged with, wherever it was refused. */
export const CROSS_ORIGIN_REFUSED = 'cross-origin form submission refused';

/**
 * The request's `Origin` when it is a submission React Router's check refuses — another origin,
 * a malformed one, or an opaque `null` (a sandboxed frame, a page with `no-referrer`) — else null.
 * No `Origin` at all passes, as it does for React Router (old clients, curl: SameSite guards those).
 */
export function crossOriginOf(request: Request): string | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const origin = request.headers.get('origin');
  if (origin === null) return null;
  if (origin === 'null') return origin;
  try {
    return new URL(origin).origin === new URL(request.url).origin ? null : origin;
  } catch {
    return origin;
  }
}

/** Whether `error` is React Router refusing this request's action as cross-origin. */
export function isRefusedCrossOriginAction(error: unknown, request: Request): boolean {
  return error instanceof Error && REFUSAL_MESSAGES.has(error.message) && crossOriginOf(request) !== null;
}

/**
 * React Router's check for resource routes, which it skips (it runs only for routes with a
 * component and for `.data` requests): every resource route whose action changes something
 * exports `middleware = [refuseCrossOriginActions]` (csrf.test.ts holds them to it). The answer
 * and the log line are React Router's own: 400 "Bad Request", one warning with the origin. It runs
 * after the layouts' middleware, so a signed-out submission still goes to sign-in first.
 */
export const refuseCrossOriginActions: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const origin = crossOriginOf(request);
  if (origin === null) return next();
  context.get(requestContext).logger.warn({ url: request.url, origin }, CROSS_ORIGIN_REFUSED);
  return new Response('Bad Request', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
