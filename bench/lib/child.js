// @ts-check
// Child processes the bench starts (the build, the server): each in its own process group, so a
// Ctrl-C in the terminal reaches only the bench, which then stops them in order.
import { spawn } from 'node:child_process';

const OUTPUT_LIMIT = 64 * 1024;

/**
 * @typedef {object} Tracked
 * @property {import('node:child_process').ChildProcess} child
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {() => boolean} running
 * @property {() => string} output  the last 64 KB of stdout and stderr, interleaved
 * @property {(signal?: NodeJS.Signals, graceMs?: number) => Promise<{ code: number | null, signal: NodeJS.Signals | null }>} stop
 *   sends `signal` to the process, waits `graceMs`, then SIGKILLs its process group
 */

/**
 * Spawns a command in a new process group with its output captured (and always drained, so a
 * chatty child never blocks on a full pipe).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Tracked}
 */
export function spawnTracked(command, args, { cwd, env }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let done = false;
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      collect(Buffer.from(`${command}: ${error.message}\n`));
      done = true;
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });

  /** @type {Tracked['stop']} */
  async function stop(signal = 'SIGTERM', graceMs = 15_000) {
    if (done) return exited;
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    const result = await exited;
    clearTimeout(timer);
    return result;
  }

  return { child, exited, running: () => !done, output: () => output, stop };
}

/**
 * Kills the process group the bench created for `child` (never anything else).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
export function killGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already empty
  }
}

/**
 * The last `lines` lines of a child's output, indented, for error messages.
 * @param {string} text
 * @param {number} [lines]
 */
export function tail(text, lines = 30) {
  const kept = text.trimEnd().split('\n').slice(-lines);
  return kept.map((line) => `    ${line}`).join('\n');
}
