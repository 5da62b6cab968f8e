import type { AddressInfo } from 'node:net';
import express from 'express';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpMetrics, routeLabelOf } from './http-metrics';

describe('the route label', () => {
  const request = (originalUrl: string, path?: string, baseUrl = '') => ({ originalUrl, baseUrl, route: path === undefined ? undefined : { path } });

  it('is React Router’s pattern when its middleware named the request', () => {
    // As React Router gives it: without the leading slash (the index route's is `/`).
    expect(routeLabelOf(request('/products/jcard?x=1', '/{*splat}'), { route: 'products/:id' })).toBe('/products/:id');
    expect(routeLabelOf(request('/no/such/page', '/{*splat}'), { route: '*' })).toBe('/*');
    expect(routeLabelOf(request('/?lng=en', '/{*splat}'), { route: '/' })).toBe('/');
  });

  it('is the Express route for what Express answers itself, but never the catch-all’s splat', () => {
    expect(routeLabelOf(request('/webhooks/adyen', '/webhooks/adyen'), {})).toBe('/webhooks/adyen');
    expect(routeLabelOf(request('/anything/at/all', '/{*splat}'), {})).toBe('other');
  });

  it('is a mount’s prefix for assets, the sign-in service and the simulator; `other` for the rest — never the URL', () => {
    expect(routeLabelOf(request('/assets/entry-AbC123.js'), {})).toBe('/assets/*');
    // Served by the assets' own router (server.ts): its route is named by the mount.
    expect(routeLabelOf(request('/assets/entry-AbC123.js', '/{*file}', '/assets'), {})).toBe('/assets/*');
    expect(routeLabelOf(request('/sso/auth?client_id=x'), {})).toBe('/sso/*');
    expect(routeLabelOf(request('/_psp/checkout/v72/payments'), {})).toBe('/_psp/*');
    expect(routeLabelOf(request('/favicon.svg'), {})).toBe('other');
    expect(routeLabelOf(request('/%2e%2e/etc/passwd'), {})).toBe('other');
  });
});

describe('the request-duration histogram', () => {
  const registry = new Registry();
  let base = '';
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(createHttpMetrics(registry).middleware);
    app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
    // Stands for React Router: its root middleware writes the pattern into res.locals.
    app.all('/{*splat}', (req, res) => {
      if (req.path.startsWith('/products/')) res.locals.route = 'products/:id';
      res.status(req.method === 'POST' ? 303 : 200).send('page');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  afterAll(() => close());

  it('counts each request once under its route, method and status; the URLs themselves appear nowhere', async () => {
    for (const id of ['jcard', 'stadium', 'kids']) await fetch(`${base}/products/${id}`);
    await fetch(`${base}/products/jcard`, { method: 'POST' });
    await fetch(`${base}/healthz`);
    await fetch(`${base}/no-such-page-${Date.now()}`);
    await fetch(`${base}/products/jcard`, { method: 'DELETE' });

    const text = await registry.metrics();
    const count = (labels: string) => Number(new RegExp(`^shop_http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(count('route="/products/:id",method="GET",status="200"')).toBe(3);
    expect(count('route="/products/:id",method="POST",status="303"')).toBe(1);
    expect(count('route="/products/:id",method="other",status="200"')).toBe(1);
    expect(count('route="/healthz",method="GET",status="200"')).toBe(1);
    expect(count('route="other",method="GET",status="200"')).toBe(1);
    expect(text).not.toMatch(/jcard|stadium|kids|no-such-page/);
  });
});
