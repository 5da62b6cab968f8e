import { expect, test, type Locator, type Page } from '@playwright/test';

/** Languages the shop speaks (app/domain/catalogue-types.ts). */
export type Language = 'it' | 'en';

/** The shop's language cookie; it takes a plain value (`en`), see app/i18n/language-cookie.ts. */
export const LANGUAGE_COOKIE = 'jc_prf_lng';

export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** A shop a worker started itself (the cluster project's nginx), which has no baseURL in the config. */
let workerShopUrl: string | undefined;
export function setWorkerShopUrl(url: string | undefined): void {
  workerShopUrl = url;
}

/** The running test's shop (its project's baseURL, or the worker's own). */
export function shopUrl(): string {
  const baseURL = test.info().project.use.baseURL ?? workerShopUrl;
  if (!baseURL) throw new Error('no baseURL: global setup starts the shops, or set E2E_BASE_URL');
  return baseURL;
}

export function languageCookie(language: Language, baseURL: string) {
  return { name: LANGUAGE_COOKIE, value: language, url: baseURL };
}

/** Shows the shop in `language` from now on, as the language switch would. */
export async function showShopIn(page: Page, language: Language, baseURL = shopUrl()): Promise<void> {
  await page.context().addCookies([languageCookie(language, baseURL)]);
}

/**
 * Waits until React has hydrated an element (it then carries React's props): input typed into
 * a server-rendered field before that reaches no handler, as for a fan on a slow phone.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the element is hydrated',
    })
    .toBe(true);
}

/**
 * A page's HTML as the server rendered it for the fan, without its translations block: that
 * JSON data block holds every text of the namespaces the page uses, shown or not, so a test
 * reading raw HTML for a message would find it there whether or not the page shows it.
 */
export async function renderedHtml(response: { text(): Promise<string> }): Promise<string> {
  return withoutPageTranslations(await response.text());
}

/** `html` without the page's translations block (its text has no '<': scriptSafeJson). */
export function withoutPageTranslations(html: string): string {
  return html.replace(/<script type="application\/json" id="page-translations"[^>]*>[^<]*<\/script>/, '');
}
