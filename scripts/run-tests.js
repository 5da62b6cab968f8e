// @ts-check
// `npm test`: every check the shop has, in phases, each phase's steps side by side where they do
// not share a resource (lint beside typecheck, the bench's unit tests beside the app's). Prints
// each phase's wall time and, at the end, the 15 slowest tests of the run (Vitest's and
// Playwright's JSON reports), so a closing note can quote where the time goes. Stops at the first
// phase that fails, as the `&&` chain it replaces did.
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { slowestTests } from './test-timings.js';

const REPORTS = path.resolve('test-results/timings');

/** @typedef {{ name: string; command: string; args: string[]; env?: Record<string, string> }} Step */

/** @type {{ name: string; steps: Step[] }[]} */
const PHASES = [
  {
    name: 'lint and typecheck',
    steps: [
      { name: 'lint', command: 'npx', args: ['eslint', '.'] },
      { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    ],
  },
  {
    name: 'unit',
    steps: [
      { name: 'unit', command: 'npx', args: ['vitest', 'run', '--project', 'unit', ...vitestJson('unit')] },
      { name: 'bench and script tests', command: 'npm', args: ['run', '--silent', 'bench:test'] },
    ],
  },
  {
    name: 'integration (PGlite and PostgreSQL)',
    steps: [{ name: 'integration', command: 'npx', args: ['vitest', 'run', '--project', 'integration-pglite', '--project', 'integration-postgres', ...vitestJson('integration')] }],
  },
  { name: 'build', steps: [{ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] }] },
  {
    name: 'e2e',
    steps: [{ name: 'e2e', command: 'npx', args: ['playwright', 'test'], env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS, 'e2e.json') } }],
  },
];

/** Vitest's reporters: its usual output, and a JSON report for the timings. */
function vitestJson(name) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(REPORTS, `${name}.json`)}`];
}

/** Runs one step with its output as it comes; resolves to its exit code. */
function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`);

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

async function main() {
  await rm(REPORTS, { recursive: true, force: true });
  await mkdir(REPORTS, { recursive: true });
  const only = process.argv.slice(2);
  const phases = only.length > 0 ? PHASES.filter((phase) => only.some((name) => phase.name.startsWith(name))) : PHASES;
  /** @type {{ name: string; ms: number; ok: boolean }[]} */
  const done = [];
  const started = Date.now();
  let failed = false;
  for (const phase of phases) {
    const at = Date.now();
    say(`\n=== ${phase.name} ===`);
    const codes = await Promise.all(phase.steps.map(run));
    const ok = codes.every((code) => code === 0);
    done.push({ name: phase.name, ms: Date.now() - at, ok });
    if (!ok) {
      failed = true;
      break;
    }
  }
  say('\n=== where the time went ===');
  for (const phase of done) say(`${phase.ok ? 'ok  ' : 'FAIL'}  ${seconds(phase.ms).padStart(7)}  ${phase.name}`);
  say(`      ${seconds(Date.now() - started).padStart(7)}  in all`);
  const reports = await Promise.all(['unit', 'integration', 'e2e'].map((name) => readFile(path.join(REPORTS, `${name}.json`), 'utf8').then(JSON.parse, () => null)));
  const slowest = slowestTests(reports.filter((report) => report !== null), 15);
  if (slowest.length > 0) {
    say('\nThe 15 slowest tests:');
    for (const entry of slowest) say(`${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.name}`);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
