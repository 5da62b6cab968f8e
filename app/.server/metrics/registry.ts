import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { mayReadMetrics } from './access';
import { createHttpMetrics } from './http-metrics';
import { jobLastSuccess, jobRuns } from './job-metrics';
import { createShopMetrics, type ShopMetricsSource } from './shop-metrics';

export type ShopMetricsEndpoint = {
  /** The request-duration histogram's timer: server.ts mounts it first. */
  timeRequests: RequestHandler;
  /** GET /metrics. */
  serve: RequestHandler;
};

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * One shop's metrics (docs/operations.md, "Metrics and alerts"): its own registry with prom-client's
 * process metrics (process_*, nodejs_*), the request histogram, the jobs' counters and the
 * gauges read from the database at scrape time.
 */
export function createMetricsEndpoint(source: ShopMetricsSource & { token: string | null }): ShopMetricsEndpoint {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(jobRuns);
  registry.registerMetric(jobLastSuccess);
  const http = createHttpMetrics(registry);
  const shop = createShopMetrics(registry, source);

  return {
    timeRequests: http.middleware,
    async serve(req, res, next) {
      const allowed = mayReadMetrics(
        {
          remoteAddress: req.socket.remoteAddress,
          authorization: req.headers.authorization,
          forwarded: FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined),
        },
        source.token,
      );
      // Refused: answered as any unknown path is (the catch-all route), so nothing tells it exists.
      if (!allowed) {
        next();
        return;
      }
      await shop.refresh();
      res.set('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
    },
  };
}
