// POST /configure/tax-code (issue 30): React Router answered a resource route's wrong method with
// 405 and the body "Unexpected Server Error"; the route now answers as the request guards answer
// TRACE. Run through React Router's own request handler, with a build of just this route.
import { createRequestHandler, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as taxCodeCheck from '../app/routes/configure/tax-code-check';

const build = {
  entry: { module: { default: () => new Response('document', { status: 500 }) } },
  routes: {
    root: { id: 'root', path: '', module: {} },
    'tax-code': { id: 'tax-code', parentId: 'root', path: 'configure/tax-code', module: taxCodeCheck },
  },
  assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: 'test' },
  publicPath: '/',
  assetsBuildDirectory: '',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial' },
} as unknown as ServerBuild;

const handle = createRequestHandler(build, 'production');

describe('a wrong method on /configure/tax-code', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s is a bare 405 that names GET and HEAD', async (method) => {
    const answer = await handle(new Request('http://shop.test/configure/tax-code?fiscalCode=RSSMRA80A01H501U', { method, body: 'fiscalCode=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('Allow')).toBe('GET, HEAD');
    expect(await answer.text()).toBe('Method Not Allowed');
  });
});
