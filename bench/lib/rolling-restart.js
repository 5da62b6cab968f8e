// @ts-check
// `npm run bench:restart` (issue 33): two production shops on one fresh PostgreSQL database behind
// nginx running deploy/nginx.conf; the load's virtual fans (bench:load's mix, through nginx) keep
// going while instance A is stopped with SIGTERM, started again and waited for, then B. Every
// request must get its expected answer and every cart item a fan was shown must be in the database.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPostgresDatabase, openPostgres, readWhatFansMade } from './load-db.js';
import { Fan } from './load-fan.js';
import { prepareFan } from './load-flows.js';
import { inBatches, runMix, STARTUP_TIMEOUT_MS } from './load-mix.js';
import { reconcile, StepRecorder, summariseRecorder } from './load-stats.js';
import { startNginx } from './nginx.js';
import { restartPlan, rollingVerdict } from './rolling-verdict.js';
import { freePort, launchServer } from './server.js';

/** @param {string[]} lines @returns {{ line: string, count: number }[]} */
function countLines(lines) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const line of lines) if (line.trim()) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([line, count]) => ({ line, count })).toSorted((a, b) => b.count - a.count).slice(0, 20);
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ root: string, postgresUrl: string, fans: number, warmupSeconds: number, settleSeconds: number, seed: number, drain: boolean,
 *   cleanup: import('./cleanup.js').Cleanup, progress: (text: string) => void, isInterrupted: () => boolean }} input
 */
export async function measureRollingRestart({ root, postgresUrl, fans: fanCount, warmupSeconds, settleSeconds, seed, drain, cleanup, progress, isInterrupted }) {
  const made = await createPostgresDatabase(postgresUrl);
  if ('skipped' in made) return { skipped: made.skipped };
  cleanup.add(made.drop);
  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  // One deployment: the same database and secrets, nginx's address as the public one, nginx trusted.
  const env = {
    DATABASE_URL: made.url,
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: 'loopback',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    UPLOADS_KEY: randomBytes(32).toString('hex'),
    SIGN_UPS_PER_IP: String(fanCount + 100),
  };
  /** @type {Record<string, { port: number, server: import('./server.js').Server }>} */
  const instances = {};
  const start = async (/** @type {string} */ name, /** @type {number} */ port) => {
    const server = launchServer(root, port, { env });
    cleanup.add(() => server.stop(), server.stopNow);
    await server.ready(STARTUP_TIMEOUT_MS);
    instances[name] = { port, server };
  };
  for (const name of ['A', 'B']) {
    progress(`restart: starting instance ${name} on ${made.name}`);
    await start(name, await freePort());
  }
  const upstreamOf = (/** @type {string} */ name) => `127.0.0.1:${instances[name]?.port}`;
  const nginx = await startNginx({
    port: proxyPort,
    instances: ['A', 'B'].map(upstreamOf),
    clientDir: path.join(root, 'build', 'client'),
  });
  cleanup.add(nginx.stop);

  const fans = Array.from({ length: fanCount }, (_, index) => new Fan(proxyUrl, `restart-${index}-${seed}@example.org`, new StepRecorder()));
  progress(`restart: signing ${fanCount} fans up through nginx`);
  await inBatches(fanCount, 8, (index) => prepareFan(/** @type {Fan} */ (fans[index])));

  const recorder = new StepRecorder();
  let done = false;
  progress(`restart: the mix through nginx; instances restart one at a time after ${warmupSeconds} s`);
  // runMix stops at its deadline or when asked; the restarts decide when, so the deadline is far.
  const load = runMix({ fans, seconds: 24 * 3600, recorder, seed, thinkMs: 0, isInterrupted: () => done || isInterrupted() });
  const started = performance.now();
  /** @type {{ atSeconds: number, instance: string, action: string }[]} */
  const timeline = [];
  const note = (/** @type {string} */ instance, /** @type {string} */ action) => {
    timeline.push({ atSeconds: Math.round((performance.now() - started) / 100) / 10, instance, action });
    progress(`restart: ${action} ${instance}`);
  };
  try {
    await sleep(warmupSeconds * 1000);
    for (const step of restartPlan(['A', 'B'], { drain })) {
      if (isInterrupted()) break;
      const instance = /** @type {{ port: number, server: import('./server.js').Server }} */ (instances[step.instance]);
      if (step.action === 'drain') {
        await nginx.reload([upstreamOf(step.instance)]);
        note(step.instance, 'out of nginx (reloaded with it down; old workers gone)');
      } else if (step.action === 'restore') {
        await nginx.reload([]);
        note(step.instance, 'back in nginx');
      } else if (step.action === 'stop') {
        note(step.instance, 'SIGTERM');
        await instance.server.stop();
        note(step.instance, 'exited');
      } else if (step.action === 'start') {
        await start(step.instance, instance.port);
        note(step.instance, 'healthy again');
      } else {
        await sleep(settleSeconds * 1000);
      }
    }
  } finally {
    done = true;
    await load;
  }
  note('-', 'load stopped');

  const reader = await openPostgres(made.url);
  let found;
  try {
    found = await readWhatFansMade(reader);
  } finally {
    await reader.close();
  }
  const reconciliation = reconcile(
    { fans: fans.map((fan) => ({ email: fan.email, cartItems: fan.cartItems, unseenAdds: fan.unseenAdds, orders: fan.orders, uncertain: fan.uncertain })), placedUnconfirmed: new Map(fans.map((fan) => [fan.email, fan.placedUnconfirmed])) },
    found,
  );
  const summary = summariseRecorder(recorder, (performance.now() - started) / 1000);
  const accessLines = (await nginx.accessLog()).split('\n');
  const retried = accessLines.filter((line) => /upstream=\S+, /.test(line)).length;
  // Per second: how many answers of each status, and from which instance (when things went wrong).
  /** @type {Map<string, Record<string, number>>} */
  const bySecond = new Map();
  for (const line of accessLines) {
    const time = /\[[^:]+:(\d\d:\d\d:\d\d)/.exec(line)?.[1];
    const status = /" (\d{3}) /.exec(line)?.[1];
    if (!time || !status) continue;
    const counts = bySecond.get(time) ?? {};
    const key = `${status} ${/upstream=(.*?) upstream_status/.exec(line)?.[1] ?? '-'}`;
    counts[key] = (counts[key] ?? 0) + 1;
    bySecond.set(time, counts);
  }
  const answersBySecond = [...bySecond].map(([time, counts]) => ({ time, ...counts }));
  // What nginx itself said went wrong (refused connections, no live instance…), most frequent first.
  const nginxErrors = countLines((await nginx.errorLog()).split('\n').map((line) => line.replace(/^.*?\[\w+\] \d+#\d+: \*?\d* ?/, '').replace(/, client: .*$/, '')));
  return { fans: fanCount, drain, timeline, ...summary, requestsRetriedByNginx: retried, nginxErrors, answersBySecond, reconciliation, verdict: rollingVerdict(summary, reconciliation) };
}
