import { defineConfig, devices } from '@playwright/test';
import { baseUrlOf } from './e2e/support/projects';

/** Debian's Chromium: Playwright cannot download browsers on these machines. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The cluster project's one spec, which only it runs. */
const CLUSTER_SPEC = /cluster\.spec\.ts$/;

// Every flow runs twice: with JavaScript (enhanced) and without (plain HTML forms and links).
// Each project tests its own shop (global setup starts one per project), so the two never race
// for the same stock, mail or fans. This file is read again in each worker, after global setup
// has put the shops' addresses in the environment.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // 3 workers were faster on 115 tests (7.3 min against 10.2, 2026-11-22), but with 198 tests
  // the no-js project runs last and all three workers then load its one shop: on 2026-11-25 six
  // no-js tests ran out of time there (27.5 min in all). Two workers leave each shop room.
  workers: 2,
  // npm test (scripts/run-tests.js) also asks for a JSON report, to print the slowest tests.
  reporter: [...(process.env.CI ? [['list'] as const] : [['list'] as const, ['html', { open: 'never' }] as const]), ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as const] : [])],
  // A flow of a dozen pages on two shared cores; longer flows set their own.
  timeout: 45_000,
  // A sign-in is a chain of redirects (shop → sign-in service → shop) and these two cores are
  // shared: 5 s for a page to show what it should proved too tight for that chain.
  expect: { timeout: 10_000 },
  use: {
    trace: 'retain-on-failure',
    locale: 'en-GB',
  },
  projects: [
    {
      name: 'js',
      testIgnore: CLUSTER_SPEC,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true, baseURL: baseUrlOf('js') },
    },
    {
      name: 'no-js',
      testIgnore: CLUSTER_SPEC,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false, baseURL: baseUrlOf('no-js') },
    },
    // The no-JavaScript contract as HTTP (e2e/support/contract.ts): no browser, on the no-js shop.
    {
      name: 'contract',
      testMatch: /\.contract\.ts$/,
      use: { baseURL: baseUrlOf('no-js') },
    },
    // Two shops on one PostgreSQL behind nginx (deploy/nginx.conf), started by the spec's worker
    // fixture (e2e/support/cluster.ts) only when this project runs; its baseURL is nginx's.
    {
      name: 'cluster',
      testMatch: CLUSTER_SPEC,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
});
