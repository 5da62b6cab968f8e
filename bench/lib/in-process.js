// @ts-check
// What the in-process figures (order placement, payment round trip) share on the bench's side:
// one Vite build of their entries (bench/orders/*.ts, built as the shop's server is), a child
// process per figure and database, the timings it reports turned into rates and percentiles, and
// a table per figure. See bench/README.md, "Order placement" and "Payment round trip".
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnTracked, tail } from './child.js';
import { fixed, table } from './report.js';
import { BenchError } from './server.js';

/** The entries built, by the name the figures run them under. */
export const IN_PROCESS_ENTRIES = /** @type {const} */ ({ placement: 'bench/orders/placement.ts', payments: 'bench/orders/payments.ts' });
export const IN_PROCESS_DATABASES = /** @type {const} */ (['pglite', 'postgres']);
export const DATABASE_NAMES = /** @type {Record<string, string>} */ ({ pglite: 'PGlite', postgres: 'PostgreSQL' });
/**
 * One fan at a time (the cost of one), then eight at once (a burst after a sale opens): on
 * PostgreSQL the pool's connections work in parallel, on PGlite they queue on its one
 * connection, and any lock the work shares would show as a lower rate.
 */
export const IN_PROCESS_CONCURRENCIES = [1, 8];
/** Units of work done (and not timed) before the phases: the first ones pay for JIT and caches. */
export const IN_PROCESS_WARMUP = 20;

/**
 * @typedef {{ concurrency: number, durationsMs: number[], wallMs: number, cpuMs: number }} TimedPhase
 * @typedef {{ database: string, phases: TimedPhase[], setupMs: number, checked?: Record<string, unknown> } | { database: string, skipped: string }} InProcessOutcome
 * @typedef {{ count: number, perSecond: number | null, p50Ms: number | null, p95Ms: number | null, p99Ms: number | null, cpuMsEach: number | null }} Timings
 * @typedef {{ root: string, entry: string, postgresUrl: string, cpu: string | null, isInterrupted: () => boolean,
 *   progress: (text: string) => void, onStart: (running: import('./child.js').Tracked) => void }} InProcessRun
 */

/**
 * The `p`-th percentile (0…100) of `values` by the nearest-rank method: a value that occurred.
 * @param {number[]} values @param {number} p
 * @returns {number | null} null for no values
 */
export function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return /** @type {number} */ (sorted[Math.min(rank, sorted.length) - 1]);
}

/**
 * A phase's figures: units per second of wall time, percentiles of the time each took, and the
 * child process's CPU per unit (PGlite's database engine runs in that process too).
 * @param {TimedPhase} phase
 * @returns {Timings}
 */
export function timings({ durationsMs, wallMs, cpuMs }) {
  const count = durationsMs.length;
  return {
    count,
    perSecond: count > 0 && wallMs > 0 ? (count * 1000) / wallMs : null,
    p50Ms: percentile(durationsMs, 50),
    p95Ms: percentile(durationsMs, 95),
    p99Ms: percentile(durationsMs, 99),
    cpuMsEach: count > 0 ? cpuMs / count : null,
  };
}

/**
 * Builds every in-process entry in one go into a temp directory (node_modules: a symlink to the
 * shop's, so the packages it leaves external resolve). Vite is imported here only, when a figure
 * is wanted.
 * @param {string} root
 * @returns {Promise<{ entries: Record<keyof typeof IN_PROCESS_ENTRIES, string>, remove: () => void }>}
 */
export async function buildInProcessBenches(root) {
  const { build } = await import('vite');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-in-process-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const names = /** @type {(keyof typeof IN_PROCESS_ENTRIES)[]} */ (Object.keys(IN_PROCESS_ENTRIES));
  try {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      // As the shop's vite.config.ts: JSON modules are their default export.
      json: { namedExports: false },
      build: {
        ssr: true,
        outDir: path.join(dir, 'out'),
        emptyOutDir: false,
        target: 'node20',
        rollupOptions: {
          input: Object.fromEntries(names.map((name) => [name, path.join(root, IN_PROCESS_ENTRIES[name])])),
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
        },
      },
    });
  } catch (error) {
    remove();
    throw new BenchError(`building the in-process benches failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries = /** @type {Record<keyof typeof IN_PROCESS_ENTRIES, string>} */ (Object.fromEntries(names.map((name) => [name, path.join(dir, 'out', `${name}.mjs`)])));
  return { entries, remove };
}

/**
 * Runs a built entry on one database; its working directory is the shop's (the migrations are
 * found from there). PostgreSQL out of reach answers `skipped`; any other failure throws.
 * @param {Omit<InProcessRun, 'isInterrupted' | 'progress'> & { database: string, count: number, what: string }} input
 * @returns {Promise<InProcessOutcome>}
 */
export async function spawnInProcessBench({ root, entry, database, count, postgresUrl, cpu, onStart, what }) {
  const out = path.join(path.dirname(entry), `${path.basename(entry, '.mjs')}-${database}.json`);
  const args = [entry, '--database', database, '--count', String(count), '--warmup', String(IN_PROCESS_WARMUP), '--concurrency', IN_PROCESS_CONCURRENCIES.join(','), '--postgres-url', postgresUrl, '--out', out];
  const env = { ...process.env, NODE_ENV: 'production' };
  const running = cpu ? spawnTracked('taskset', ['-c', cpu, process.execPath, ...args], { cwd: root, env }) : spawnTracked(process.execPath, args, { cwd: root, env });
  onStart(running);
  const { code, signal } = await running.exited;
  if (code !== 0) throw new BenchError(`the ${what} bench on ${database} failed (${signal ?? `exit code ${code}`}):\n${tail(running.output())}`);
  return JSON.parse(await readFile(out, 'utf8'));
}

/**
 * A figure on each database, one after the other (the child on the servers' CPU when pinned):
 * per database either why it was skipped, or its set-up time, what it checked afterwards and its
 * phases as `summarise` puts them.
 * @template Summary
 * @param {InProcessRun & { count: number, what: string, summarise: (phase: TimedPhase) => Summary }} input
 * @returns {Promise<{ database: string, skipped?: string, setupMs?: number, checked?: Record<string, unknown>, phases?: Summary[] }[]>}
 */
export async function measurePerDatabase({ summarise, isInterrupted, progress, ...run }) {
  /** @type {{ database: string, skipped?: string, setupMs?: number, checked?: Record<string, unknown>, phases?: Summary[] }[]} */
  const results = [];
  for (const database of IN_PROCESS_DATABASES) {
    if (isInterrupted()) break;
    progress(`${run.what} on ${database}: ${IN_PROCESS_WARMUP} + ${run.count} × ${IN_PROCESS_CONCURRENCIES.length}`);
    const outcome = await spawnInProcessBench({ ...run, database });
    results.push('skipped' in outcome ? outcome : { database, setupMs: outcome.setupMs, ...(outcome.checked ? { checked: outcome.checked } : {}), phases: outcome.phases.map(summarise) });
  }
  return results;
}

/** @param {number | null} value @param {number} digits */
export const num = (value, digits) => (value == null ? '–' : fixed(value, digits));

/**
 * A figure's table: the title line, a row per database and phase (`row` gives its cells after
 * the database's name), a line per skipped database, then the notes.
 * @template Phase
 * @param {{ title: string, header: string[], results: { database: string, skipped?: string, phases?: Phase[] }[], row: (phase: Phase) => string[], notes: string[] }} input
 */
export function formatPerDatabase({ title, header, results, row, notes }) {
  const name = (/** @type {string} */ database) => DATABASE_NAMES[database] ?? database;
  const rows = [['database', ...header]];
  for (const result of results) for (const phase of result.phases ?? []) rows.push([name(result.database), ...row(phase)]);
  const lines = [title, table(rows, rows[0]?.map((_, column) => (column === 0 ? 'left' : 'right')) ?? [])];
  for (const result of results) if (result.skipped) lines.push(`! ${name(result.database)} not measured: ${result.skipped}`);
  return [...lines, ...notes.map((note) => `  ${note}`)].join('\n');
}
