import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECTS, baseUrlOf, baseUrlVariable } from './projects';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, exited: () => string | null): Promise<void> {
  // Generous: a first start creates and seeds the database, and these machines' two cores are
  // shared (two shops start at once, often beside other test runs).
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the shop did not become healthy at ${baseUrl}`);
}

/** The built shop (as `npm start` runs it, offline defaults) on a free port with a throwaway data directory. */
async function startShop(name: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-e2e-${name}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const server = spawn(process.execPath, ['start.js'], {
    env: {
      ...process.env,
      NODE_ENV: undefined,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every test signs fans up from 127.0.0.1; the real limit is tested in tests/sign-in-limits.
      SIGN_UPS_PER_IP: '10000',
      // A slow body is cut after 5 s instead of 30 s (e2e/http.spec.ts); real requests arrive at once.
      REQUEST_TIMEOUT_MS: '5000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => {
    output.push(chunk.toString());
    if (process.env.E2E_LOG_LEVEL) process.stdout.write(`[${name}] ${chunk.toString()}`);
  });
  server.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let exitMessage: string | null = null;
  server.on('exit', (code) => {
    exitMessage = `the ${name} shop exited with code ${code} during the tests:\n${output.join('')}`;
  });
  await waitForHealth(baseUrl, () => exitMessage);
  return {
    baseUrl,
    stop: async () => {
      server.removeAllListeners('exit');
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One shop per Playwright project, so `js` and `no-js` never share stock, mail or fans. The
 * workers (started after this) read each project's address from the environment.
 */
export default async function globalSetup() {
  // A project given a running server (its own variable or E2E_BASE_URL) gets none started.
  const missing = PROJECTS.filter((project) => !baseUrlOf(project));
  const started = await Promise.allSettled(missing.map((project) => startShop(project)));
  const shops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  missing.forEach((project, index) => {
    process.env[baseUrlVariable(project)] = shops[index]!.baseUrl;
  });
  return stopAll;
}
