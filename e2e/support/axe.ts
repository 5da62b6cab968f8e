import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** WCAG 2.2 AA: every page a test visits must pass with 0 violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const audited = javaScriptEnabled ? page : await mirrorWithoutPageScripts(page);
  try {
    const results = await new AxeBuilder({ page: audited }).withTags(WCAG_22_AA).analyze();
    const summary = results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
    expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    if (audited !== page) await audited.context().close();
  }
}

/**
 * axe runs as a script, which a JavaScript-disabled page cannot run. Audit the same
 * HTML in a script-capable page that blocks the shop's own scripts, so what is audited is
 * exactly what the no-JS visitor got (same markup, same styles, same viewport).
 */
async function mirrorWithoutPageScripts(page: Page): Promise<Page> {
  // A whole document: content() during a navigation could copy one half parsed.
  await page.waitForLoadState('load');
  const html = await page.content();
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error('axe mirror needs a browser');
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    locale: test.info().project.use.locale,
  });
  const mirror = await context.newPage();
  await mirror.route(
    () => true,
    (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
  );
  await mirror.route(
    (candidate) => candidate.href === url,
    (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
  );
  await mirror.goto(url);
  return mirror;
}
