import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';

/** Methods no page answers; TRACE would echo the request (cookies included) back. */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** A host name (underscores allowed: container names) or IPv4 address, or a bracketed IPv6 literal, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** C0/C1 control characters (NUL among them), once a URL is decoded. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Why a request is refused before any route sees it, or null when it may go on. */
export function refusal(request: { method: string; url: string; host: string | undefined }): 405 | 400 | null {
  if (REFUSED_METHODS.has(request.method.toUpperCase())) return 405;
  // HTTP/1.0 may omit Host; every URL the shop builds needs one, so it is required.
  if (!request.host || !HOST.test(request.host)) return 400;
  return urlIsReadable(request.url) ? null : 400;
}

/** False for malformed percent-encoding (`/products/%`) or control characters in the path or query. */
export function urlIsReadable(url: string): boolean {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (CONTROL.test(decodedPath)) return false;
  if (queryStart === -1) return true;
  for (const [name, value] of new URLSearchParams(url.slice(queryStart + 1))) {
    if (CONTROL.test(name) || CONTROL.test(value)) return false;
  }
  return true;
}

/** A bare status answer: no page, no stack trace, in every environment. */
function answer(res: Response, status: number) {
  res.status(status).type('text/plain').send(STATUS_CODES[status]);
}

/** Refuses odd requests (issue 9) before they reach a route or the database. */
export const requestGuards: RequestHandler = (req, res, next) => {
  const status = refusal({ method: req.method, url: req.originalUrl, host: req.headers.host });
  if (status === null) return next();
  if (status === 405) res.setHeader('Allow', 'GET, HEAD, POST');
  answer(res, status);
};

/**
 * The last handler: Express's own errors (a body or URL it cannot read) answer their 4xx, and
 * anything else a bare 500 after logging it — never Express's HTML page with the stack, which it
 * shows whenever NODE_ENV is not `production`.
 */
export const bareErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const declared = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500;
  if (status === 500) req.log.error({ err: error }, 'unhandled error');
  answer(res, status);
};
