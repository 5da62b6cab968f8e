// @ts-check
// The framework's own floor: a minimal React Router app (one page, no data) with the same versions
// and the same future flags as the shop, GENERATED here into a temp directory at bench time (so it
// always follows the shop's installed packages and react-router.config.ts), built with the shop's
// @react-router/dev and served in production mode by a tiny Express + @react-router/express server.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
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

/**
 * @param {string} future
 * @param {Record<string, string>} dependencies  React Router's build reads them to pick the server runtime
 */
function files(future, dependencies) {
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
 * @returns {Promise<{ dir: string, versions: Record<string, string>, futureFlags: string, remove: () => void }>}
 */
export async function buildFixture(root, onStart) {
  const future = futureFlagsSource(readFileSync(path.join(root, 'react-router.config.ts'), 'utf8'));
  const versions = installedVersions(root);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-minimal-rr-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const [name, text] of Object.entries(files(future, versions))) {
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
