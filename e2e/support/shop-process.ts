// Starts the built shop as a child process, as `npm start` would, for global setup and for
// tests that need a shop of their own.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
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

export type ShopProcess = {
  baseUrl: string;
  /** Everything the process printed so far (its log, at the LOG_LEVEL given). */
  output: () => string;
  /** Why the process ended on its own, with its output; null while it runs. */
  exitMessage: () => string | null;
  /** Sends SIGTERM (as an orchestrator would) and resolves with the exit code. */
  terminate: () => Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-request, as in a crash (its data directory is kept). */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The built shop (as `npm start` runs it, offline defaults) on a free port with a throwaway
 * data directory; `env` adds or overrides variables (a test's own shop on PostgreSQL).
 */
export async function startShopProcess(name: string, env: Record<string, string> = {}, options: { port?: number } = {}): Promise<ShopProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-e2e-${name}-`));
  // A given port: a shop started again where another one was (a restart after a crash).
  const port = options.port ?? (await freePort());
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
      // A slow body is cut after 5 s instead of 30 s (e2e/limits.spec.ts); real requests arrive at once.
      REQUEST_TIMEOUT_MS: '5000',
      ...env,
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
    output: () => output.join(''),
    exitMessage: () => exitMessage,
    terminate: () => {
      server.removeAllListeners('exit');
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      server.removeAllListeners('exit');
      if (server.exitCode !== null || server.signalCode !== null) return;
      const killed = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await killed;
    },
    stop: async () => {
      server.removeAllListeners('exit');
      if (server.exitCode === null && server.signalCode === null) {
        const stopped = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await stopped;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
