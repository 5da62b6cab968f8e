import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { saveAddress } from './pages/cart';
import { signUpFanWithProfile } from './pages/configure';
import { MEMBERSHIP_TEXTS } from './pages/memberships';
import { payCartOnHostedPage } from './pages/payment';
import { buyBlackAndWhiteForMyself, RENEWAL_TEXTS } from './pages/renewal';

// Renewals (issue 15), with and without JavaScript: a fan's Black & White offers its renewal on
// its page; the renewal page shows the next season, the price and the renewal preferences it
// takes (the billing address chosen in My Membership); the cart names the membership renewed;
// paid, a 2026/27 membership is issued and the old one cannot be renewed again. `/renewal?ms=`
// leads to the same page; someone else's or an unknown code is the 404 page.

for (const language of ['it', 'en'] as const) {
  test(`a renewal from My Membership through checkout (${language})`, async ({ page, auth }) => {
    test.setTimeout(180_000);
    const texts = RENEWAL_TEXTS[language];
    const memberships = MEMBERSHIP_TEXTS[language];
    await signUpFanWithProfile(page, auth, language);
    await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
    const code = await buyBlackAndWhiteForMyself(page, language);

    await test.step('the renewal takes the billing address chosen in the renewal preferences', async () => {
      await page.goto(`/mymembership/manage/${code}/renewal?tab=billing`);
      await page.getByRole('radio', { name: /Via Roma 1/ }).check();
      await page.getByRole('button', { name: memberships.saveBilling }).click();
      await expect(page.getByRole('status')).toContainText(memberships.billingSaved);
    });

    await test.step('the membership’s page offers the renewal; its page: the next season and the preferences', async () => {
      await page.goto(`/mymembership/manage/${code}`);
      await page.getByRole('link', { name: texts.renewLink }).click();
      await expect(page).toHaveURL(new RegExp(`/products/black-and-white/renewal/${code}\\?submission=`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
      await expect(page.getByRole('main')).toContainText(code);
      const preferences = page.getByRole('region', { name: texts.preferencesHeading });
      await expect(preferences).toContainText('Via Roma 1');
      await expectNoAxeViolations(page);
    });

    await test.step('added to the cart, which names the membership it renews', async () => {
      await page.getByRole('checkbox', { name: texts.automaticRenewal }).uncheck();
      await page.getByRole('button', { name: texts.addToCart }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('main')).toContainText(texts.cartDetail);
      await expect(page.getByRole('main')).toContainText(code);
    });

    await test.step('paid on the PSP’s page: a membership for 2026/27, the receipt naming the one renewed', async () => {
      const [renewed] = await payCartOnHostedPage(page, language);
      expect(renewed).not.toBe(code);
      await expect(page.getByRole('main')).toContainText(`${texts.cartDetail} ${code}`);
      await page.goto(`/mymembership/manage/${renewed}`);
      await expect(page.getByRole('main')).toContainText('2026/27');
    });

    await test.step('/renewal?ms= leads to the renewal page, now refused; a code not the fan’s is not found', async () => {
      const refused = await page.goto(`/renewal?ms=${code}`);
      expect(refused?.status()).toBe(409);
      await expect(page).toHaveURL(new RegExp(`/products/black-and-white/renewal/${code}$`));
      await expect(page.getByText(texts.alreadyRenewed)).toBeVisible();
      await expect(page.getByRole('button', { name: texts.addToCart })).toHaveCount(0);
      await expectNoAxeViolations(page);
      const unknown = await page.goto('/renewal?ms=JM0000000000');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('main')).toContainText(texts.notFound);
      await page.goto(`/mymembership/manage/${code}`);
      await expect(page.getByRole('link', { name: texts.renewLink })).toHaveCount(0);
    });
  });
}
