import { defineConfig, devices } from '@playwright/test';

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

// Every flow runs twice: with JavaScript (enhanced) and without (plain HTML forms and links).
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    locale: 'en-GB',
  },
  projects: [
    {
      name: 'js',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: 'no-js',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
});
