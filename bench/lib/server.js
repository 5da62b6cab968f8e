// @ts-check
// Building the shop and running the production server on a free port with a throwaway DATA_DIR.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnTracked, tail } from './child.js';

const HEALTH_TIMEOUT_MS = 60_000;

/** A failure the bench explains in one message (no stack trace). */
export class BenchError extends Error {
  /** @override */
  name = 'BenchError';
}

/**
 * `npm run build` with NODE_ENV=production. `onStart` receives the running build so that an
 * interrupt can stop it.
 * @param {string} root
 * @param {(build: import('./child.js').Tracked) => void} onStart
 */
export async function build(root, onStart) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const running = spawnTracked(npm, ['run', 'build'], { cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
  onStart(running);
  const { code, signal } = await running.exited;
  if (code !== 0) {
    throw new BenchError(`npm run build failed (${signal ?? `exit code ${code}`}):\n${tail(running.output())}`);
  }
}

/** @returns {Promise<number>} a port nothing listens on right now */
export function freePort() {
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

/**
 * @typedef {object} Server
 * @property {string} baseUrl
 * @property {string} dataDir
 * @property {(timeoutMs?: number) => Promise<void>} ready   resolves once /healthz answers 200 (within 60 s by default)
 * @property {number | undefined} pid
 * @property {() => boolean} running
 * @property {() => void} assertAlive       throws if the server exited on its own
 * @property {() => Promise<{ code: number | null, signal: NodeJS.Signals | null }>} stop
 *   SIGTERM, wait for exit, delete the data directory (idempotent)
 * @property {() => void} stopNow           last resort on process exit: SIGKILL and delete synchronously
 * @property {() => string} output
 */

/**
 * Starts `node start.js` in production mode. Returns at once (call `ready()`), so that the caller
 * can register `stop()` before anything else can fail.
 * @param {string} root  the checkout to serve (the shop, a `--compare` worktree or the minimal app)
 * @param {number} port
 * @param {{ script?: string, healthPath?: string, cpu?: string | null, env?: Record<string, string>, keepData?: boolean, nodeArgs?: string[] }} [options]
 *   `cpu`: a `taskset -c` CPU list to pin the server to (taskset execs node: the pid stays the server's);
 *   `env`: more variables, over the defaults (e.g. `DATABASE_URL`, shared secrets of two instances);
 *   `keepData`: `stop()` leaves the data directory (the caller reads it, then removes it);
 *   `nodeArgs`: node's own flags before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses)
 * @returns {Server}
 */
export function launchServer(root, port, { script = 'start.js', healthPath = '/healthz', cpu = null, env: extraEnv = {}, keepData = false, nodeArgs = [] } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    UPLOADS_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: '', // empty counts as unset: always the embedded PGlite
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
    // A production shop needs a payment provider: the bench's is the offline simulator, unless the
    // environment names an Adyen account (e.g. to see checkout as with Drop-in: issue 32).
    ...(process.env.ADYEN_API_KEY ? {} : { PAYMENT_SIMULATOR: 'on' }),
    ...extraEnv,
  };
  const running = cpu
    ? spawnTracked('taskset', ['-c', cpu, process.execPath, ...nodeArgs, script], { cwd: root, env })
    : spawnTracked(process.execPath, [...nodeArgs, script], { cwd: root, env });
  let stopping = false;
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }> | undefined} */
  let stopped;

  function assertAlive() {
    if (!running.running() && !stopping) {
      throw new BenchError(`the server exited unexpectedly:\n${tail(running.output())}`);
    }
  }

  async function ready(timeoutMs = HEALTH_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      assertAlive();
      try {
        const response = await fetch(`${baseUrl}${healthPath}`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new BenchError(`the server did not answer ${healthPath} within ${timeoutMs / 1000} s:\n${tail(running.output())}`);
  }

  function stop() {
    stopping = true;
    stopped ??= (async () => {
      const result = await running.stop('SIGTERM', 15_000);
      if (!keepData) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
      return result;
    })();
    return stopped;
  }

  function stopNow() {
    if (running.running() && running.child.pid !== undefined) {
      try {
        process.kill(-running.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { baseUrl, dataDir, pid: running.child.pid, ready, running: running.running, assertAlive, stop, stopNow, output: running.output };
}
