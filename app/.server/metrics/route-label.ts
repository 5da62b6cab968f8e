import { createContext, type MiddlewareFunction } from 'react-router';

/**
 * Where a request's route pattern is written for the request-duration histogram: the Express
 * response's `locals` (server.ts puts them in the context; nothing is allocated per request).
 * Null where no Express response stands behind the request (tests rendering a route directly).
 */
export const routeLabelContext = createContext<{ route?: string } | null>(null);

/**
 * The root's first middleware: names the request by React Router's matched pattern
 * (`products/:id`, `*` for the catch-all; http-metrics.ts adds the leading slash), never by
 * its URL, so the histogram keeps one series per route whatever fans type. React Router has
 * computed the pattern already.
 */
export const routeLabelMiddleware: MiddlewareFunction<Response> = ({ pattern, context }, next) => {
  const labels = context.get(routeLabelContext);
  if (labels) labels.route = pattern;
  return next();
};
