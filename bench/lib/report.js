// @ts-check
// Machine info, the printed report and the JSON results.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** 1 KB = 1000 bytes, as in Vite's build output. */
export const KB = 1000;

/** @param {string} root */
export function machineInfo(root) {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverageAtStart: loadAverage(),
    commit: gitCommit(root),
  };
}

/** @param {string} root */
function gitCommit(root) {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** @param {import('./load.js').Probe} probe */
export function describeStatus(probe) {
  return probe.location ? `${probe.status} → ${probe.location}` : String(probe.status);
}

/**
 * @param {string[][]} rows  the first row is the header
 * @param {('left' | 'right')[]} align
 */
function table(rows, align) {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length))) ?? [];
  /** @param {string} cell @param {number} column */
  const pad = (cell, column) => {
    const fill = ' '.repeat((widths[column] ?? 0) - [...cell].length);
    return align[column] === 'right' ? fill + cell : cell + fill;
  };
  const lines = rows.map((row) => row.map(pad).join(' | ').trimEnd());
  lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('-+-'));
  return lines.join('\n');
}

/** @param {number} value @param {number} digits */
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** @param {import('./load.js').LoadResult[]} results */
export function formatLoad(results) {
  const rows = [['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'status']];
  for (const result of results) {
    rows.push([
      result.route,
      result.requests === 0 ? '–' : fixed(result.requestsPerSecond, 0),
      result.requests === 0 ? '–' : fixed(result.latencyMs.p50, 1),
      result.requests === 0 ? '–' : fixed(result.latencyMs.p99, 1),
      String(result.non2xx),
      describeStatus(result.probe),
    ]);
  }
  const notes = [];
  for (const result of results) {
    if (result.probe.status !== 200) {
      notes.push(`! ${result.route} answered ${describeStatus(result.probe)}, not 200: its row measures that response, not the page.`);
    }
    if (result.requests === 0) {
      notes.push(`! ${result.route}: no response completed within the ${result.durationSeconds} s run; try a longer --duration or a quieter machine.`);
    }
    if (result.errors > 0) {
      notes.push(`! ${result.route}: ${result.errors} socket errors (${result.timeouts} timeouts) during the run.`);
    }
  }
  return [table(rows, ['left', 'right', 'right', 'right', 'right', 'left']), ...notes].join('\n');
}

/**
 * @param {import('./weight.js').PageWeight[]} weights
 * @param {{ jsKB: number, cssKB: number }} budgets
 */
export function formatWeight(weights, budgets) {
  const lines = [];
  const width = Math.max(...weights.map((weight) => weight.route.length));
  for (const weight of weights) {
    const label = weight.route.padEnd(width);
    if (!weight.measured || !weight.document) {
      lines.push(`${label}  not measured: the page answered ${describeStatus(weight)}, not 200`);
      continue;
    }
    const blank = ' '.repeat(width);
    lines.push(`${label}  ${budgetLine('JS', weight.js, budgets.jsKB)}`);
    lines.push(`${blank}  ${budgetLine('CSS', weight.css, budgets.cssKB)}`);
    const { gzipBytes, inlineScriptBytes } = weight.document;
    const inline = inlineScriptBytes > 0 ? ` (${fixed(inlineScriptBytes / KB, 1)} KB raw of it inline script)` : '';
    lines.push(`${blank}  ${'HTML'.padEnd(4)} ${kilobytes(gzipBytes)} KB gzip, the document itself${inline}: not budgeted`);
    for (const failure of weight.failures) lines.push(`${blank}  ! could not fetch ${failure}`);
  }
  return lines.join('\n');
}

/**
 * @param {string} name
 * @param {import('./weight.js').Totals} totals
 * @param {number} budgetKB
 */
function budgetLine(name, totals, budgetKB) {
  const kb = totals.gzipBytes / KB;
  const verdict = kb <= budgetKB ? 'OK' : `OVER by ${fixed(kb - budgetKB, 1)} KB`;
  const files = `${totals.files} file${totals.files === 1 ? '' : 's'}`;
  return `${name.padEnd(4)} ${kilobytes(totals.gzipBytes)} KB gzip, ${files.padEnd(9)} budget ${String(budgetKB).padStart(3)} KB  ${verdict}`;
}

/** @param {number} bytes */
const kilobytes = (bytes) => fixed(bytes / KB, 1).padStart(6);

/**
 * @param {ReturnType<typeof machineInfo>} machine
 * @param {{ loadAverageAtEnd: number[], backgroundCpuPercent: { before: number, after: number } }} conditions
 */
export function formatMachine(machine, { loadAverageAtEnd, backgroundCpuPercent }) {
  const { before, after } = backgroundCpuPercent;
  const lines = [
    `node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · ${machine.memoryGB} GB · ${machine.platform}`,
    `commit ${machine.commit ?? 'unknown'} · load average at start ${machine.loadAverageAtStart.join(' ')}, at end ${loadAverageAtEnd.join(' ')}` +
      ` · CPU used by other processes ${before}% before the runs, ${after}% after`,
  ];
  if (Math.max(before, after) > BUSY_PERCENT) {
    lines.push(
      `! the machine was busy with other work (over ${BUSY_PERCENT}% CPU besides the bench and its server): the numbers are not comparable with a quiet run.`,
    );
  }
  return lines.join('\n');
}

const BUSY_PERCENT = 15;

/**
 * How busy the machine is with other work: the share of all CPUs' time not idle over `ms`, minus
 * what the bench and its server used meanwhile (the server's share is known on Linux only).
 * @param {number | undefined} serverPid
 * @param {number} [ms]
 * @returns {Promise<number>} percent, rounded
 */
export async function backgroundCpuPercent(serverPid, ms = 1000) {
  const sample = () => {
    let idle = 0;
    let total = 0;
    for (const { times } of os.cpus()) {
      idle += times.idle;
      total += times.user + times.nice + times.sys + times.idle + times.irq;
    }
    const own = process.cpuUsage();
    return { idle, total, oursMs: (own.user + own.system) / 1000 + processCpuMs(serverPid) };
  };
  const start = sample();
  await sleep(ms);
  const end = sample();
  const total = end.total - start.total;
  const busy = total - (end.idle - start.idle) - (end.oursMs - start.oursMs);
  return total > 0 ? Math.max(0, Math.round((busy / total) * 100)) : 0;
}

/**
 * CPU time of a process from /proc (Linux; 0 elsewhere), assuming the usual 100 ticks per second.
 * @param {number | undefined} pid
 */
function processCpuMs(pid) {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime and stime, fields 14 and 15
  } catch {
    return 0;
  }
}

/** @returns {number[]} the 1, 5 and 15-minute load averages, rounded */
export function loadAverage() {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

/**
 * Writes `<dir>/<timestamp>.json` and `<dir>/latest.json` (each through a .tmp file and a rename,
 * so that an interrupted run never leaves half a file). The file name is ISO 8601 in its basic
 * format (no colons, which some file systems refuse).
 * @param {string} dir
 * @param {Date} startedAt
 * @param {unknown} data
 * @returns {Promise<string[]>} the files written
 */
export async function writeResults(dir, startedAt, data) {
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const files = [path.join(dir, `${stamp}.json`), path.join(dir, 'latest.json')];
  for (const file of files) {
    await writeFile(`${file}.tmp`, json);
    await rename(`${file}.tmp`, file);
  }
  return files;
}
