import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { saveAddress } from './pages/cart';
import { signUpFanWithProfile } from './pages/configure';
import { buyStadiumForMyself, MEMBERSHIP_TEXTS } from './pages/memberships';
import { BLACK_AND_WHITE_PRICE, payCartOnHostedPage } from './pages/payment';
import { amountToPay, expectRefusal, UPGRADE_TEXTS } from './pages/upgrade';

// Upgrades (issue 15), with and without JavaScript: a fan's Stadium (a coupon's, worth nothing)
// becomes Black & White from My Membership's upgrade section: its page and price, the cart (a
// second upgrade refused), checkout and the PSP's page; then the new membership is the one listed,
// offering its own upgrade, and the old one can no longer be upgraded.

for (const language of ['it', 'en'] as const) {
  test(`an upgrade from My Membership through checkout (${language})`, async ({ page, auth }) => {
    test.setTimeout(180_000);
    const texts = UPGRADE_TEXTS[language];
    const memberships = MEMBERSHIP_TEXTS[language];
    await signUpFanWithProfile(page, auth, language);
    await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
    const stadium = await buyStadiumForMyself(page, language);

    await test.step('the upgrade section leads to the upgrade page: the membership, the price to pay', async () => {
      await page.goto(`/mymembership/manage/${stadium}`);
      await page.getByRole('link', { name: memberships.upgradeLink }).click();
      await page.getByRole('link', { name: texts.buyLink }).click();
      await expect(page).toHaveURL(new RegExp(`/products/black-and-white/upgrade/${stadium}\\?submission=`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
      await expect(page.getByRole('main')).toContainText(stadium);
      await expect(amountToPay(page, language)).toHaveText(new RegExp(`^${BLACK_AND_WHITE_PRICE[language].source}$`));
      await expectNoAxeViolations(page);
    });

    await test.step('added to the cart, which names the membership it upgrades', async () => {
      await page.getByRole('button', { name: texts.addToCart }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('main')).toContainText(`${texts.cartDetail}`);
      await expect(page.getByRole('main')).toContainText(stadium);
    });

    await test.step('a second upgrade in the cart is refused with the spec’s message', async () => {
      await page.goto(`/products/black-and-white/upgrade/${stadium}`);
      await page.getByRole('button', { name: texts.addToCart }).click();
      await expect(page.getByRole('alert')).toContainText(texts.upgradeInCart);
      await expectNoAxeViolations(page);
    });

    await test.step('checkout and the PSP’s page: paid, a Black & White membership issued', async () => {
      await payCartOnHostedPage(page, language);
      // The receipt says which membership the line upgraded.
      await expect(page.getByRole('main')).toContainText(`${texts.cartDetail} ${stadium}`);
    });

    await test.step('My Membership lists the new membership only; it offers J1897; the old one cannot be upgraded', async () => {
      await page.goto('/mymembership/manage');
      await expect(page.getByRole('main').getByText(stadium)).toHaveCount(0);
      await page.getByRole('link', { name: 'Black & White', exact: true }).click();
      await page.getByRole('link', { name: memberships.upgradeLink }).click();
      await expect(page.getByRole('link', { name: texts.j1897Link })).toBeVisible();
      const refused = await page.goto(`/products/black-and-white/upgrade/${stadium}`);
      expect(refused?.status()).toBe(409);
      await expectRefusal(page, texts.notActive);
      await expect(page.getByRole('button', { name: texts.addToCart })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}
