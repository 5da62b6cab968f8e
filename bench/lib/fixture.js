// @ts-check
// The framework's own floor: a minimal React Router app (one page, no data) with the same versions
// and the same future flags as the shop, GENERATED here into a temp directory at bench time (so it
// always follows the shop's installed packages and react-router.config.ts), built with the shop's
// @react-router/dev and served in production mode by a tiny Express + @react-router/express server.
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnTracked, tail } from './child.js';
import { BenchError } from './server.js';

/**
 * The `future: { … }` object of the shop's react-router.config.ts, as source text.
 * @param {string} configText
 */
export function futureFlagsSource(configText) {
  const match = /future\s*:\s*(\{[^{}]*\})/.exec(configText);
  if (!match?.[1]) throw new BenchError('react-router.config.ts: no `future: { … }` block to copy the flags from');
  return match[1];
}

const DEPENDENCIES = ['react-router', '@react-router/dev', '@react-router/node', '@react-router/express', 'react', 'react-dom', 'isbot', 'express'];

/** @param {string} root @returns {Record<string, string>} */
function installedVersions(root) {
  /** @param {string} name */
  const version = (name) => JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  return Object.fromEntries(DEPENDENCIES.map((name) => [name, version(name)]));
}

/** @typedef {{ id: string, parentId?: string, path?: string, index?: boolean }} ManifestRoute */

/**
 * The route tree of a React Router build, from the client manifest it writes
 * (`build/client/assets/manifest-<hash>.js`: `window.__reactRouterManifest={…}`).
 * @param {string} manifestText
 * @returns {ManifestRoute[]}
 */
export function routeTreeOfManifest(manifestText) {
  const match = /^window\.__reactRouterManifest=(\{.*\});?\s*$/s.exec(manifestText);
  if (!match?.[1]) throw new BenchError('the client manifest does not start with window.__reactRouterManifest=');
  /** @type {{ routes: Record<string, ManifestRoute> }} */
  const manifest = JSON.parse(match[1]);
  return Object.values(manifest.routes).map(({ id, parentId, path: routePath, index }) => ({ id, parentId, path: routePath, index }));
}

/**
 * The shop's route tree, read from its build (the bench has just built or served it).
 * @param {string} root
 */
export function readRouteTree(root) {
  const assets = path.join(root, 'build', 'client', 'assets');
  const manifests = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (manifests.length !== 1) throw new BenchError(`expected one client manifest in ${assets}, found ${manifests.length}: build the shop again`);
  return routeTreeOfManifest(readFileSync(path.join(assets, /** @type {string} */ (manifests[0])), 'utf8'));
}

const LEAF_MODULE = `export const meta = () => [{ title: 'OK' }];\n\nexport default function Leaf() {\n  return <h1>OK</h1>;\n}\n`;
const PARENT_MODULE = `import { Outlet } from 'react-router';\n\nexport default function Parent() {\n  return <Outlet />;\n}\n`;

/**
 * `app/routes.ts` and a module per route for a minimal app shaped like `tree` (its paths, indexes,
 * layouts and nesting under the root): every leaf renders the one-route app's page, every parent
 * an outlet, nothing loads data. What React Router itself costs per request for a tree this size.
 * @param {readonly ManifestRoute[]} tree
 * @returns {Record<string, string>}
 */
export function shapedRouteFiles(tree) {
  /** @type {Record<string, string>} */
  const modules = {};
  /** @param {string} parentId @returns {string[]} */
  const entries = (parentId) =>
    tree
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const file = `routes/r${tree.indexOf(route)}.tsx`;
        const children = entries(route.id);
        modules[`app/${file}`] = children.length > 0 ? PARENT_MODULE : LEAF_MODULE;
        const nested = children.length > 0 ? `, [${children.join(', ')}]` : '';
        if (route.index) return `index(${JSON.stringify(file)})`;
        if (!route.path) return `layout(${JSON.stringify(file)}${nested || ', []'})`;
        return `route(${JSON.stringify(route.path)}, ${JSON.stringify(file)}${nested})`;
      });
  const root = tree.find((route) => route.parentId === undefined);
  if (!root) throw new BenchError('the route tree has no root route');
  const top = entries(root.id);
  return {
    'app/routes.ts': `import { index, layout, route } from '@react-router/dev/routes';\nexport default [\n  ${top.join(',\n  ')},\n];\n`,
    ...modules,
  };
}

/**
 * @param {string} future
 * @param {Record<string, string>} dependencies  React Router's build reads them to pick the server runtime
 * @param {readonly ManifestRoute[] | null} routeTree  the shop's routes to mirror; null: one route
 */
function files(future, dependencies, routeTree) {
  const manifest = { name: 'bench-minimal-react-router', private: true, type: 'module', dependencies };
  return {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'react-router.config.ts': `export default { appDirectory: 'app', ssr: true, future: ${future} };\n`,
    'vite.config.ts': `import { reactRouter } from '@react-router/dev/vite';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ plugins: [reactRouter()] });\n`,
    'app/routes.ts': `import { index } from '@react-router/dev/routes';\nexport default [index('routes/home.tsx')];\n`,
    'app/root.tsx': `import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
`,
    'app/routes/home.tsx': `export const meta = () => [{ title: 'OK' }];\n\nexport default function Home() {\n  return <h1>OK</h1>;\n}\n`,
    ...(routeTree ? shapedRouteFiles(routeTree) : {}),
    // Production serving as React Router's templates do it: hashed assets immutable, the rest by the handler.
    'server.mjs': `import express from 'express';
import { createRequestHandler } from '@react-router/express';

const build = await import('./build/server/index.js');
const app = express();
app.disable('x-powered-by');
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
app.use(express.static('build/client', { maxAge: '1h' }));
app.all('*splat', createRequestHandler({ build, mode: 'production' }));
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
`,
  };
}

/**
 * Writes the fixture into a new temp directory (node_modules: a symlink to the shop's) and builds it.
 * @param {string} root  the shop's checkout whose packages and flags the fixture uses
 * @param {(running: import('./child.js').Tracked) => void} onStart
 * @param {{ routeTree?: readonly ManifestRoute[] }} [shape]  mirror these routes instead of one
 * @returns {Promise<{ dir: string, versions: Record<string, string>, futureFlags: string, remove: () => void }>}
 */
export async function buildFixture(root, onStart, { routeTree } = {}) {
  const future = futureFlagsSource(readFileSync(path.join(root, 'react-router.config.ts'), 'utf8'));
  const versions = installedVersions(root);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-minimal-rr-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const [name, text] of Object.entries(files(future, versions, routeTree ?? null))) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const bin = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.js');
    const running = spawnTracked(process.execPath, [bin, 'build'], { cwd: dir, env: { ...process.env, NODE_ENV: 'production' } });
    onStart(running);
    const { code, signal } = await running.exited;
    if (code !== 0) throw new BenchError(`building the minimal React Router app failed (${signal ?? `exit code ${code}`}):\n${tail(running.output())}`);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, versions, futureFlags: future.replace(/\s+/g, ' '), remove };
}
