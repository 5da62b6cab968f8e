// @ts-check
// The printed summary of `npm run bench:load`: per database the throughput, each step's p50/p99,
// the failures and the reconciliation; then the race. Pure (load-stats.test.js covers it).
import { DATABASE_NAMES, num } from './in-process.js';
import { table } from './report.js';

/**
 * @param {any} result  one database's outcome of `measureMix` (or `{ database, skipped }`)
 * @param {{ pinned: string | null }} settings
 */
export function formatMix(result, { pinned }) {
  const name = DATABASE_NAMES[result.database] ?? result.database;
  if (result.skipped) return `! ${name} not measured: ${result.skipped}`;
  const lines = [
    `${name}: ${result.fans} fans for ${result.windowSeconds} s, then ${num(result.seconds - result.windowSeconds, 1)} s to finish the scenarios begun (${pinned ?? 'not pinned'}; fans made beforehand in ${num(result.setupSeconds, 0)} s)`,
    `  throughput ${num(result.requestsPerSecond, 1)} req/s (${result.requestsInWindow} requests answered within the ${result.windowSeconds} s; ${result.requests} in all) · server CPU ${num(result.serverCpuMsPerRequest, 1)} ms/req, ${num(result.serverCpuPercent, 0)} % of one core` +
      ` · 5xx ${result.serverErrors} (target 0) · unexpected answers ${result.errors.unexpected} · no answer ${result.errors.network} · sent again as a browser would ${result.resentLikeABrowser}`,
  ];
  for (const retry of result.setupRetries ?? []) lines.push(`  ! before the clock, made again: ${retry}`);
  const scenarios = result.scenarios.map((/** @type {any} */ entry) => `${entry.scenario} ${entry.count} (p50 ${num(entry.p50Ms, 0)} ms, p99 ${num(entry.p99Ms, 0)} ms)`);
  lines.push(`  scenarios completed: ${scenarios.join(' · ')}`);
  const rows = [['step', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'statuses']];
  for (const step of result.steps) {
    const statuses = Object.entries(step.statuses).map(([status, count]) => `${status}×${count}`).join(' ');
    rows.push([step.step, String(step.count), num(step.p50Ms, 0), num(step.p99Ms, 0), num(step.maxMs, 0), statuses]);
  }
  lines.push(indent(table(rows, ['left', 'right', 'right', 'right', 'right', 'left'])));
  const failed = Object.entries(result.failuresByStep ?? {}).map(([key, count]) => `${key} ×${count}`);
  if (failed.length > 0) lines.push(`  ! failures by step: ${failed.join(' · ')}`);
  for (const example of result.examples.slice(0, 5)) lines.push(`  ! ${example}`);
  lines.push(`  ${formatReconciliation(result.reconciliation)}`);
  return lines.join('\n');
}

/** @param {ReturnType<typeof import('./load-stats.js').reconcile>} reconciliation */
export function formatReconciliation({ ok, counts, problems }) {
  const what =
    `${counts.cartItemsFound} cart items in the database for ${counts.cartItemsExpected} the fans were shown, ` +
    `${counts.ordersFound} orders for ${counts.ordersExpected} the fans were thanked for` +
    (counts.unseenCartItems > 0 ? ` (+ ${counts.unseenCartItems} added whose cart page went unanswered)` : '') +
    (counts.unconfirmedOrders > 0 ? ` (+ ${counts.unconfirmedOrders} placed whose payment the fan did not see through)` : '') +
    (counts.uncertainFans > 0 ? `; ${counts.uncertainFans} fans had a change go unanswered (checked loosely)` : '');
  const head = `reconciliation ${ok ? 'OK' : 'FAILED'}: ${what}`;
  const shown = problems.slice(0, 10).map((problem) => `\n  ! ${problem}`).join('');
  const more = problems.length > 10 ? `\n  ! … and ${problems.length - 10} more` : '';
  return head + shown + more;
}

/** @param {any} race  `measureRace`'s outcome (or `{ skipped }`) */
export function formatRace(race) {
  if (race.skipped) return `! the race was not run: ${race.skipped}`;
  const { outcomes, checked } = race;
  return [
    `The last units on PostgreSQL: ${race.buyers} buyers press pay at once for ${race.units} units, on ${race.instances} shop instances sharing one database`,
    `  checkout p50 ${num(race.p50Ms, 0)} ms · p99 ${num(race.p99Ms, 0)} ms · max ${num(race.maxMs, 0)} ms — target p99 ≤ ${race.targetP99Ms} ms: ${race.pass ? 'PASS' : 'FAIL'}`,
    ...(typeof race.cpuMsPerCheckout === 'number' ? [`  the instances' CPU: ${num(race.cpuMsPerCheckout, 1)} ms per checkout (both, over the race's ${num(race.wallMs, 0)} ms)`] : []),
    `  placed ${outcomes.placed}, sold out ${outcomes.soldOut}, other ${outcomes.other} · 5xx ${race.serverErrors} · stock left ${checked.stockLeft}, ` +
      `${checked.unitsOrdered} units in ${checked.ordersWithTheSize} orders — ${race.correct ? 'exactly as many orders as units: OK' : 'WRONG'}`,
    ...race.examples.map((/** @type {string} */ example) => `  ! ${example}`),
  ].join('\n');
}

/** @param {string} text */
const indent = (text) => text.split('\n').map((line) => `  ${line}`).join('\n');
