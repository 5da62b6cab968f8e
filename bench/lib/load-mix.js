// @ts-check
// The mix of `npm run bench:load` on one database: a production shop on a fresh database, fans
// made before the clock, a warm-up, the measured window, then the shop stopped and its database
// read back to reconcile what every fan was told. See bench/README.md, "Load".
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createPostgresDatabase, openPglite, openPostgres, readWhatFansMade } from './load-db.js';
import { describeError, Fan, FlowError, NoAnswer } from './load-fan.js';
import { prepareFan, SCENARIOS } from './load-flows.js';
import { MIX, pickScenario, reconcile, seededRandom, StepRecorder, summariseRecorder } from './load-stats.js';
import { processCpuMs } from './load.js';
import { tail } from './child.js';
import { BenchError, freePort, launchServer } from './server.js';
import { CookieJar } from './session.js';

/** A fresh database is migrated and seeded at start: slow on a busy machine. */
export const STARTUP_TIMEOUT_MS = 180_000;
/** Fans made at once before the clock (sign-up hashes a password: CPU-bound on the shop). */
const PREPARE_AT_ONCE = 8;

/**
 * `count` calls of `task(index)`, `parallel` at a time.
 * @param {number} count @param {number} parallel @param {(index: number) => Promise<void>} task
 */
export async function inBatches(count, parallel, task) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await task(index);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}

/**
 * Every fan runs scenarios of the mix one after another, for `seconds`; a scenario begun before
 * the end is finished (so that what the fan was told is complete). A flow that fails is counted
 * and the fan goes on with its next scenario.
 * @param {{ fans: Fan[], seconds: number, recorder: StepRecorder, seed: number, thinkMs: number, isInterrupted: () => boolean }} input
 * @returns {Promise<{ wallSeconds: number, requestsInWindow: number }>} the time until the last fan
 *   finished, and the requests answered within the `seconds` (what throughput is read from)
 */
export async function runMix({ fans, seconds, recorder, seed, thinkMs, isInterrupted }) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let requestsInWindow = -1;
  const clock = setTimeout(() => (requestsInWindow = recorder.requests), seconds * 1000);
  await Promise.all(
    fans.map(async (fan, index) => {
      fan.recorder = recorder;
      const random = seededRandom(seed * 10_007 + index);
      while (performance.now() < deadline && !isInterrupted()) {
        const scenario = pickScenario(MIX, random());
        const begun = performance.now();
        try {
          await SCENARIOS[scenario](fan, random);
          recorder.scenario(scenario, performance.now() - begun);
        } catch (error) {
          if (error instanceof FlowError) {
            if (!error.recorded) recorder.failure('unexpected', error.message);
          } else if (!(error instanceof NoAnswer)) {
            throw error;
          }
        }
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + random())));
      }
    }),
  );
  clearTimeout(clock);
  return { wallSeconds: (performance.now() - started) / 1000, requestsInWindow: requestsInWindow < 0 ? recorder.requests : requestsInWindow };
}

/**
 * The whole figure on one database.
 * @param {{ root: string, database: 'pglite' | 'postgres', postgresUrl: string, fans: number, seconds: number, warmupSeconds: number,
 *   thinkMs: number, seed: number, cpu: string | null, cleanup: import('./cleanup.js').Cleanup, progress: (text: string) => void, isInterrupted: () => boolean }} input
 */
export async function measureMix({ root, database, postgresUrl, fans: fanCount, seconds, warmupSeconds, thinkMs, seed, cpu, cleanup, progress, isInterrupted }) {
  /** @type {Record<string, string>} */
  const env = { SIGN_UPS_PER_IP: String(fanCount + 100) };
  if (database === 'postgres') {
    const made = await createPostgresDatabase(postgresUrl);
    if ('skipped' in made) return { database, skipped: made.skipped };
    cleanup.add(made.drop);
    env.DATABASE_URL = made.url;
  }
  const server = launchServer(root, await freePort(), { cpu, env, keepData: true });
  cleanup.add(() => rm(server.dataDir, { recursive: true, force: true }));
  cleanup.add(() => server.stop(), server.stopNow);
  progress(`${database}: starting the shop (production, fresh database)`);
  await server.ready(STARTUP_TIMEOUT_MS);

  const fans = Array.from({ length: fanCount }, (_, index) => new Fan(server.baseUrl, `load-${index}-${seed}@example.org`, new StepRecorder()));
  progress(`${database}: signing ${fanCount} fans up through the real pages (profile, address), ${PREPARE_AT_ONCE} at a time`);
  const setupStarted = performance.now();
  /** @type {string[]} */
  const setupRetries = [];
  await inBatches(fanCount, PREPARE_AT_ONCE, async (index) => {
    const fan = /** @type {Fan} */ (fans[index]);
    for (let attempt = 1; !isInterrupted(); attempt += 1) {
      try {
        await prepareFan(fan);
        return;
      } catch (error) {
        server.assertAlive(); // a dead shop says so, with its last output
        // Not measured yet: one more try as another fan (the first may have half signed up),
        // reported in the results; a second failure stops the bench.
        if (attempt > 1) throw new BenchError(`making fan ${index} failed twice: ${describeError(error)}\n${tail(server.output(), 15)}`);
        setupRetries.push(`fan ${index}: ${describeError(error)}`);
        fan.email = fan.email.replace('@', '-again@');
        fan.jar = new CookieJar();
      }
    }
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  server.assertAlive();

  if (warmupSeconds > 0 && !isInterrupted()) {
    progress(`${database}: warm-up, ${warmupSeconds} s of the mix (not counted)`);
    await runMix({ fans, seconds: warmupSeconds, recorder: new StepRecorder(), seed: seed + 1, thinkMs, isInterrupted });
  }
  progress(`${database}: ${fanCount} fans for ${seconds} s`);
  const recorder = new StepRecorder();
  const cpuBefore = processCpuMs(server.pid);
  const { wallSeconds, requestsInWindow } = await runMix({ fans, seconds, recorder, seed, thinkMs, isInterrupted });
  const cpuAfter = processCpuMs(server.pid);
  server.assertAlive();

  progress(`${database}: stopping the shop, reading its database back`);
  let found;
  if (database === 'postgres') {
    const reader = await openPostgres(/** @type {string} */ (env.DATABASE_URL));
    try {
      await server.stop();
      found = await readWhatFansMade(reader);
    } finally {
      await reader.close();
    }
  } else {
    await server.stop();
    const reader = await openPglite(server.dataDir);
    try {
      found = await readWhatFansMade(reader);
    } finally {
      await reader.close();
    }
  }
  const reconciliation = reconcile(
    { fans: fans.map((fan) => ({ email: fan.email, cartItems: fan.cartItems, unseenAdds: fan.unseenAdds, orders: fan.orders, uncertain: fan.uncertain })), placedUnconfirmed: new Map(fans.map((fan) => [fan.email, fan.placedUnconfirmed])) },
    found,
  );
  const summary = summariseRecorder(recorder, wallSeconds);
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    database,
    fans: fanCount,
    setupSeconds,
    setupRetries,
    ...summary,
    // Throughput within the window; the scenarios begun in it then finish (wallSeconds, requests).
    windowSeconds: seconds,
    requestsInWindow,
    requestsPerSecond: requestsInWindow / seconds,
    serverCpuMsPerRequest: cpuMs === null || summary.requests === 0 ? null : cpuMs / summary.requests,
    serverCpuPercent: cpuMs === null ? null : (cpuMs / (wallSeconds * 1000)) * 100,
    reconciliation,
  };
}

