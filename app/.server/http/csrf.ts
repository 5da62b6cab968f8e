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
 * Without `Origin` it is null, as for React Router; `foreignSubmissionOf` then asks the other headers.
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

/** The header that shows a submission came from another site, as it is logged (a Referer only by its origin). */
export type ForeignSubmission = { origin: string } | { secFetchSite: string } | { referer: string };

/** `Sec-Fetch-Site` values of a request the shop's own page made, or the fan made by hand. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Why a submission must be refused as another site's, or null. `Origin` decides when it is
 * there (as React Router's check). Without it — an old browser, an extension or a proxy that
 * strips it — the browser's other two witnesses decide: a `Sec-Fetch-Site` other than
 * `same-origin`/`none`, or a `Referer` of another origin (or one that is not a URL). A request
 * with none of the three passes: that is curl or a server (docs/forms.md), not a page in a
 * fan's browser, which sends at least one (and SameSite=Lax keeps the session cookie off other
 * sites' posts besides).
 */
export function foreignSubmissionOf(request: Request): ForeignSubmission | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  if (request.headers.has('origin')) {
    const origin = crossOriginOf(request);
    return origin === null ? null : { origin };
  }
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && !OWN_FETCH_SITES.has(fetchSite)) return { secFetchSite: fetchSite };
  const referer = request.headers.get('referer');
  if (referer === null) return null;
  let refererOrigin: string;
  try {
    refererOrigin = new URL(referer).origin;
  } catch {
    return { referer: 'malformed' };
  }
  return refererOrigin === new URL(request.url).origin ? null : { referer: refererOrigin };
}

/**
 * The shop's CSRF check, in the root route's middleware so it runs for every route: it adds
 * what React Router's own check (pages and `.data` requests, by `Origin` only) lacks — resource
 * routes, which it skips, and submissions without `Origin` (`foreignSubmissionOf`). The answer
 * and the log line are React Router's own: 400 "Bad Request", one warning naming the header.
 */
export const refuseCrossOriginActions: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const foreign = foreignSubmissionOf(request);
  if (foreign === null) return next();
  context.get(requestContext).logger.warn({ url: request.url, ...foreign }, CROSS_ORIGIN_REFUSED);
  return new Response('Bad Request', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
