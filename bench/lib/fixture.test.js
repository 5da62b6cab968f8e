// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeTreeOfManifest, shapedRouteFiles } from './fixture.js';

const MANIFEST = `window.__reactRouterManifest=${JSON.stringify({
  entry: { module: '/assets/entry.client.js' },
  routes: {
    root: { id: 'root', path: '', hasLoader: true },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true },
    'routes/floor': { id: 'routes/floor', parentId: 'root', path: '_bench/floor' },
    'routes/account/layout': { id: 'routes/account/layout', parentId: 'root' },
    'routes/account/profile': { id: 'routes/account/profile', parentId: 'routes/account/layout', path: 'account/profile' },
    'routes/cart': { id: 'routes/cart', parentId: 'root', path: 'cart' },
    'routes/cart/item': { id: 'routes/cart/item', parentId: 'routes/cart', path: ':itemId' },
  },
})};`;

test('routeTreeOfManifest reads the routes of a client manifest, and refuses another file', () => {
  const tree = routeTreeOfManifest(MANIFEST);
  assert.equal(tree.length, 7);
  assert.deepEqual(tree[2], { id: 'routes/floor', parentId: 'root', path: '_bench/floor', index: undefined });
  assert.throws(() => routeTreeOfManifest('export default {}'), /__reactRouterManifest/);
});

test('shapedRouteFiles mirrors paths, indexes, layouts and nesting; leaves render the page, parents an outlet', () => {
  const files = shapedRouteFiles(routeTreeOfManifest(MANIFEST));
  const routes = files['app/routes.ts'] ?? '';
  assert.match(routes, /index\("routes\/r1\.tsx"\)/);
  assert.match(routes, /route\("_bench\/floor", "routes\/r2\.tsx"\)/);
  assert.match(routes, /layout\("routes\/r3\.tsx", \[route\("account\/profile", "routes\/r4\.tsx"\)\]\)/);
  assert.match(routes, /route\("cart", "routes\/r5\.tsx", \[route\(":itemId", "routes\/r6\.tsx"\)\]\)/);
  assert.equal(Object.keys(files).length, 1 + 6, 'routes.ts and one module per route but the root');
  assert.match(files['app/routes/r2.tsx'] ?? '', /<h1>OK<\/h1>/);
  assert.match(files['app/routes/r5.tsx'] ?? '', /<Outlet \/>/);
});
