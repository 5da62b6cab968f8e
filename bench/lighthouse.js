#!/usr/bin/env node
// @ts-check
// `npm run bench:lighthouse`: Lighthouse's mobile performance score of the sign-in page (issue 10:
// ≥ 98), run against the built shop as production serves it. Lighthouse is fetched by npx
// (a pinned version, not a dependency: it is large and no test needs it); Chromium is Debian's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/metrics.js';
import { writeResults } from './lib/report.js';
import { BenchError, build, freePort, launchServer } from './lib/server.js';
import { openSignInPage } from './lib/session.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const AUDITS = /** @type {const} */ ([
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
]);
const TARGET_SCORE = 98;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false }, page: { type: 'string', default: 'sign-in' } },
});
const runs = Math.max(1, Number(values.runs) || 3);
if (values.page !== 'sign-in' && values.page !== 'sign-up') throw new BenchError('--page is sign-in or sign-up');

/**
 * One Lighthouse run; its JSON report.
 * @param {string} url
 * @param {string} headersFile
 * @param {string} outFile
 */
function lighthouse(url, headersFile, outFile) {
  const args = ['--yes', LIGHTHOUSE, url, `--extra-headers=${headersFile}`, '--only-categories=performance', '--output=json',
    `--output-path=${outFile}`, '--quiet', '--chrome-flags=--headless=new --no-sandbox'];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new BenchError(`lighthouse exited with ${code}:\n${errors.slice(-2000)}`));
      const report = JSON.parse(readFileSync(outFile, 'utf8'));
      if (report.runtimeError) return reject(new BenchError(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`));
      resolve(report);
    });
  });
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART on Debian's Chromium): a failed
 * run is tried again, twice at most.
 * @param {string} url @param {string} headersFile @param {string} outFile
 */
async function lighthouseWithRetry(url, headersFile, outFile) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, headersFile, outFile);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`  (run failed, trying again: ${error instanceof Error ? error.message.split('\n').at(-2) ?? error.message : error})`);
    }
  }
}

/** @param {any} report Lighthouse's JSON (lhr) */
function figures(report) {
  const audits = report.audits;
  return {
    score: Math.round(report.categories.performance.score * 100),
    ...Object.fromEntries(AUDITS.map(([id, label]) => [label, audits[id].numericValue])),
    unusedJsBytes: audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
    totalBytes: audits['total-byte-weight'].numericValue,
  };
}

/** The report goes to stdout (progress to stderr). */
const print = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);

async function main() {
  if (!values['no-build']) await build(root, () => undefined);
  const server = launchServer(root, await freePort());
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  try {
    await server.ready();
    const signIn = await openSignInPage(server.baseUrl);
    const pagePath = values.page === 'sign-up' ? `${signIn.path.replace(/\/?$/, '/')}sign-up` : signIn.path;
    const url = new URL(pagePath, server.baseUrl).href;
    const headersFile = path.join(scratch, 'headers.json');
    // The interaction's cookies open its page; viewing it does not use the interaction up.
    writeFileSync(headersFile, JSON.stringify({ Cookie: signIn.jar.header() }));
    const results = [];
    for (let run = 1; run <= runs; run++) {
      console.error(`› lighthouse run ${run}/${runs}: ${values.page} page`);
      results.push(figures(await lighthouseWithRetry(url, headersFile, path.join(scratch, `run-${run}.json`))));
    }
    const summary = {
      page: values.page,
      lighthouse: LIGHTHOUSE,
      runs: results,
      median: Object.fromEntries(Object.keys(results[0] ?? {}).map((key) => [key, median(results.map((result) => /** @type {Record<string, number>} */ (result)[key]))])),
    };
    const score = summary.median.score ?? 0;
    const ms = (/** @type {number} */ value) => `${(value / 1000).toFixed(2)} s`;
    print(`Lighthouse (mobile, simulated throttling) of the ${values.page} page, median of ${runs}:`);
    print(`  performance ${score} (target ≥ ${TARGET_SCORE}: ${score >= TARGET_SCORE ? 'PASS' : 'FAIL'}) · runs ${results.map((result) => result.score).join(', ')}`);
    print(`  FCP ${ms(summary.median.FCP ?? 0)} · LCP ${ms(summary.median.LCP ?? 0)} · TBT ${Math.round(summary.median.TBT ?? 0)} ms · CLS ${(summary.median.CLS ?? 0).toFixed(3)} · SI ${ms(summary.median.SI ?? 0)}`);
    print(`  unused JavaScript ${((summary.median.unusedJsBytes ?? 0) / 1000).toFixed(1)} KB · total transfer ${((summary.median.totalBytes ?? 0) / 1000).toFixed(1)} KB`);
    const [file = ''] = await writeResults(path.join(root, 'bench', 'results', 'lighthouse'), new Date(), summary);
    print(`results: ${path.relative(root, file)}`);
  } finally {
    await server.stop();
    if (!process.env.KEEP_LIGHTHOUSE) rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof BenchError ? `bench: ${error.message}` : error);
  process.exitCode = 1;
});
