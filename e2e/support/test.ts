import { test as base, expect, type BrowserContext } from '@playwright/test';
import { AuthPages, newFan, type Fan } from '../pages/auth';
import { signUpOverHttp } from './http-sign-up';
import { languageCookie, type Language } from './shop';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

type TestFixtures = {
  pageErrors: string[];
  /** The language the test's pages start in (the shop's cookie); none: the shop's default, Italian. */
  language: Language | undefined;
  /** Sign-in pages and sign-out, for tests about them and for tests that need a fan of their own. */
  auth: AuthPages;
  /**
   * The worker's fan, with the test's browser context signed in as them (no pages visited).
   * Tests run one after another in a worker: a test using this fan must leave their data as it
   * found it (notify-me list empty, no addresses, profile incomplete). A failed test ends its
   * worker, so a half-done test cannot leak into the next one.
   */
  fan: Fan;
};

type WorkerFixtures = { workerFan: { fan: Fan; cookies: Cookies } };

/**
 * The shop's test: fails when the page logs an error or throws (a CSP violation, a
 * hydration mismatch, a broken script) — things a user would never see reported.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page served with an error status (a 404 screen) is reported as a failed load.
        const isDocumentStatus =
          message.text().startsWith('Failed to load resource') && message.location().url === page.url();
        // So is a form's 4xx answer (400 validation, 429 too many attempts) to a React Router data request.
        const isFormAnswerStatus =
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
          /\.data(\?|$)/.test(message.location().url);
        // (Offline checkout mounts no Drop-in: a page reaching for Adyen's servers is an error.)
        if (!isDocumentStatus && !isFormAnswerStatus) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],

  language: [undefined, { option: true }],

  context: async ({ context, language, baseURL }, use) => {
    if (language) await context.addCookies([languageCookie(language, baseURL!)]);
    await use(context);
  },

  auth: async ({ page, baseURL, language }, use) => {
    await use(new AuthPages(page, { baseURL: baseURL!, language }));
  },

  // Signs up once per worker (over HTTP: support/http-sign-up.ts) and keeps the session's cookies.
  workerFan: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const fan = newFan('Mario');
      await use({ fan, cookies: await signUpOverHttp(workerInfo.project.use.baseURL!, fan) });
    },
    { scope: 'worker' },
  ],

  fan: async ({ context, workerFan }, use) => {
    await context.addCookies(workerFan.cookies);
    await use(workerFan.fan);
  },
});

export { expect };
