import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, waitForHydration } from './support/shop';
import { PNG } from './pages/cart';
import { askForDocumentsByMail, paidCardOrder, RELOAD_DOCS_TEXTS, showIn } from './pages/reload-docs';

// New identity documents for a paid club card (issue 15), with and without JavaScript: support
// asks on /dev/reload-docs, the link comes by mail, the fan uploads through it.

test('a paid card: support asks, the mail’s link, the missing front refused, then new documents and thank-you', async ({ page, auth }) => {
  test.setTimeout(180_000);
  const { fan, orderId } = await paidCardOrder(page, auth);
  const path = await askForDocumentsByMail(page, orderId, fan.email);

  for (const language of ['en', 'it'] as const) {
    await test.step(`the page, accessible (${language})`, async () => {
      await showIn(page, language, path);
      await expect(page.getByRole('radio', { name: RELOAD_DOCS_TEXTS[language].passport })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  const texts = RELOAD_DOCS_TEXTS.it;
  const submit = page.getByRole('button', { name: texts.submit });
  await test.step('sent without the front: the error summary names it, links to it and has the focus', async () => {
    await page.getByRole('radio', { name: texts.passport }).check();
    if (javaScriptEnabled()) await waitForHydration(submit);
    await submit.click();
    const summary = page.getByRole('alert').filter({ hasText: texts.summaryTitle });
    await expect(summary).toBeFocused();
    const link = summary.getByRole('link', { name: texts.frontRequired });
    await expect(link).toHaveAttribute('href', `#${await page.getByLabel(texts.front).getAttribute('id')}`);
    // The choice made is kept.
    await expect(page.getByRole('radio', { name: texts.passport })).toBeChecked();
    await expectNoAxeViolations(page);
    await link.click();
    await expect(page.getByLabel(texts.front)).toBeFocused();
  });

  await test.step('with the front: the documents are replaced, thank-you says so', async () => {
    await page.getByLabel(texts.front).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await submit.click();
    await expect(page).toHaveURL(/\/thankyou\?documents=1$/);
    await expect(page.getByRole('heading', { level: 1, name: texts.thankYouHeading })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the link still opens the page (the fan may send again); a wrong hash is the 404 page', async () => {
    await showIn(page, 'it', path);
    const wrong = path.replace(/hash=([A-Za-z0-9_-])/, (_match, first: string) => `hash=${first === 'A' ? 'B' : 'A'}`);
    const answer = await page.goto(wrong);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toHaveCount(0);
  });
});
