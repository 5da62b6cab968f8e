import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { fillCart, saveAddress } from "./pages/cart";
import { signUpFanWithProfile } from "./pages/configure";
import { paidGiftInCart } from "./pages/checkout";
import { buyStadiumForMyself } from "./pages/memberships";

// Full-page screenshots of the shop's pages (playwright.screenshots.config.ts): one file per page,
// screenshots/<language>-<project>/<nn>-<page>.png, so two runs (before and after a design change)
// compare side by side.

async function shoot(
  page: Page,
  testInfo: TestInfo,
  language: string,
  name: string,
  path: string,
): Promise<void> {
  await page.goto(path);
  // Pictures and the font settle before the picture is taken.
  await page.waitForLoadState("networkidle");
  await page.screenshot({
    path: `screenshots/${language}-${testInfo.project.name}/${name}.png`,
    fullPage: true,
  });
}

for (const language of ["it", "en"] as const) {
  test.describe(language, () => {
    test.use({ language });
    test(`every page (${language})`, async ({ page, auth }, testInfo) => {
      const at = (name: string, path: string) =>
        shoot(page, testInfo, language, name, path);
      await at("01-products", "/products");
      await at("02-product-j1897", "/products/j1897");
      await at("03-product-club-card", "/products/jcard");
      await at("04-not-found", "/products/no-such-product");
      await at("00-sign-in", "/login");
      // The sign-up helper waits for the header's greeting, which a phone's header hides.
      const viewport = page.viewportSize();
      await page.setViewportSize({ width: 1280, height: 800 });
      await signUpFanWithProfile(page, auth, language);
      if (viewport) await page.setViewportSize(viewport);
      await at("05-account", "/account");
      await saveAddress(page.request, {
        countryCode: "IT",
        provinceCode: "TO",
        cityCode: "L219",
        postalCode: "10121",
        street: "Via Roma",
        number: "1",
      });
      await at("06-addresses", "/account/addresses");
      await at("07-buy-form", "/products/black-and-white/configure/buy");
      await at("08-gift-form", "/products/black-and-white/configure/gift");
      const code = await buyStadiumForMyself(page, language);
      await page.screenshot({
        path: `screenshots/${language}-${testInfo.project.name}/09-thank-you.png`,
        fullPage: true,
      });
      await at("10-my-membership", "/mymembership/manage");
      await at("11-membership", `/mymembership/manage/${code}`);
      await at(
        "12-renewal-preferences",
        `/mymembership/manage/${code}/renewal`,
      );
      await at("13-upgrade", `/products/black-and-white/upgrade/${code}`);
      await at("14-orders", "/account/orders");
      // Checkout opens on a cart with nothing left to answer: a gift (virtual, no waiver).
      await paidGiftInCart(page.request);
      await at("16-checkout", "/checkout");
      await fillCart(page.request);
      await at("15-cart", "/cart");
      expect(code).toMatch(/^JM/);
    });
  });
}
