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

/** The request's `Origin` when it is a form submission from another origin (or a malformed one), else null. */
export function crossOriginOf(request: Request): string | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const origin = request.headers.get('origin');
  if (origin === null || origin === 'null') return null;
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
