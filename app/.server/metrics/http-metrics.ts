import type { Request, RequestHandler, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** Seconds: a page at React Router's floor is ~1 ms, checkout's PSP calls up to seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const startedAt = Symbol('request start (performance.now)');
type TimedResponse = Response & { [startedAt]?: number };

/** Mounted outside React Router (server.ts): one label each, whatever follows the prefix. */
const MOUNTS: readonly (readonly [prefix: string, label: string])[] = [
  ['/assets/', '/assets/*'],
  ['/sso/', '/sso/*'],
  ['/_psp/', '/_psp/*'],
];

/**
 * React Router's patterns come without the leading slash (`products/:id`, `*`; the index is
 * `/`): written as URLs are, once per route, so that labelling allocates nothing per request.
 */
const absolutePatterns = new Map<string, string>();
function absolutePattern(pattern: string): string {
  if (pattern.startsWith('/')) return pattern;
  let absolute = absolutePatterns.get(pattern);
  if (absolute === undefined) {
    absolute = `/${pattern}`;
    // Bounded by the route table; a guard all the same.
    if (absolutePatterns.size < 1_000) absolutePatterns.set(pattern, absolute);
  }
  return absolute;
}

/**
 * The route label of a finished request: React Router's pattern (route-label.ts), else the
 * Express route (`/healthz`, `/webhooks/adyen`), else a mount's prefix; anything else (the
 * build's root files, a request refused before routing) is `other`. Never the URL itself.
 */
export function routeLabelOf(req: Pick<Request, 'route' | 'originalUrl' | 'baseUrl'>, locals: { route?: unknown }): string {
  if (typeof locals.route === 'string') return absolutePattern(locals.route);
  const expressRoute: unknown = req.route?.path;
  // The catch-all that hands requests to React Router: it named them unless it failed first. A
  // route inside a mounted router (the hashed assets' `/{*file}`) is named by its mount below.
  if (typeof expressRoute === 'string' && expressRoute !== '/{*splat}' && !req.baseUrl) return expressRoute;
  for (const [prefix, label] of MOUNTS) if (req.originalUrl.startsWith(prefix)) return label;
  return 'other';
}

/** GET, HEAD and POST are the shop's; any other method is one label. */
function methodLabel(method: string): string {
  return method === 'GET' || method === 'POST' || method === 'HEAD' ? method : 'other';
}

/**
 * `shop_http_request_duration_seconds{route, method, status}`: from the first middleware to
 * the response's last byte handed to the socket ('finish'; a request the client abandoned
 * before is not counted). Per request: one number stored on the response, one shared
 * listener (no closure), one observe.
 */
export function createHttpMetrics(registry: Registry): { middleware: RequestHandler } {
  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from the request reaching the shop to its response being sent, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  function observe(this: TimedResponse): void {
    const start = this[startedAt];
    if (start === undefined) return;
    duration.observe(
      { route: routeLabelOf(this.req, this.locals), method: methodLabel(this.req.method), status: this.statusCode },
      (performance.now() - start) / 1000,
    );
  }

  return {
    middleware(_req, res: TimedResponse, next) {
      res[startedAt] = performance.now();
      // `on`, not `once`: a response finishes once, and `once` would wrap the listener in a new closure.
      res.on('finish', observe);
      next();
    },
  };
}
