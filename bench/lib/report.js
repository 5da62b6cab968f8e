// @ts-check
// Machine info, the printed report and the JSON results.
import { execFileSync } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processCpuMs } from './load.js';

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
export function table(rows, align) {
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
export const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

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
    return { idle, total, oursMs: (own.user + own.system) / 1000 + (processCpuMs(serverPid) ?? 0) };
  };
  const start = sample();
  await sleep(ms);
  const end = sample();
  const total = end.total - start.total;
  const busy = total - (end.idle - start.idle) - (end.oursMs - start.oursMs);
  return total > 0 ? Math.max(0, Math.round((busy / total) * 100)) : 0;
}

/** @returns {number[]} the 1, 5 and 15-minute load averages, rounded */
export function loadAverage() {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

/**
 * Writes `<dir>/<timestamp>.json` and `<dir>/latest.json` (each through a .tmp file and a rename,
 * so that an interrupted run never leaves half a file). The file name is ISO 8601 in its basic
 * format (no colons, which some file systems refuse). A `prefix` names both files of another kind
 * of run kept in the same folder (`slow-<timestamp>.json`, `slow-latest.json`).
 * @param {string} dir
 * @param {Date} startedAt
 * @param {unknown} data
 * @param {string} [prefix]
 * @returns {Promise<string[]>} the files written
 */
export async function writeResults(dir, startedAt, data, prefix = '') {
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const files = [path.join(dir, `${prefix}${stamp}.json`), path.join(dir, `${prefix}latest.json`)];
  for (const file of files) {
    await writeFile(`${file}.tmp`, json);
    await rename(`${file}.tmp`, file);
  }
  return files;
}
