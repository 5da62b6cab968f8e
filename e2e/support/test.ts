import { test as base, expect } from '@playwright/test';

/**
 * The shop's test: fails when the page logs an error or throws (a CSP violation, a
 * hydration mismatch, a broken script) — things a user would never see reported.
 */
export const test = base.extend<{ pageErrors: string[] }>({
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
        if (!isDocumentStatus && !isFormAnswerStatus) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
