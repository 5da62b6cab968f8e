import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, waitForHydration, renderedHtml } from './support/shop';
import { saveAddress } from './pages/cart';
import { cardShippedToViaRoma, CHECKOUT_TEXTS } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import { HostedCheckout } from './pages/payment';
import { buyStadiumForMyself, MEMBERSHIP_TEXTS } from './pages/memberships';

// My Membership (issue 15), with and without JavaScript: a fan of their own buys Stadium with a
// coupon (issued at once, active: its season is under way), finds it under Your Membership, opens it, and keeps
// renewal preferences; a forged manage action and a missing choice are refused with their
// messages; what is not there is the 404 page. A club card paid through the PSP's page keeps
// its preferred size (the only product with sizes).

const TURIN = { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219' };

for (const language of ['it', 'en'] as const) {
  test(`a bought membership: listed, its page, renewal preferences kept, bad manage posts refused (${language})`, async ({ page, auth }) => {
    test.setTimeout(180_000);
    const texts = MEMBERSHIP_TEXTS[language];
    await signUpFanWithProfile(page, auth, language);
    await saveAddress(page.request, { ...TURIN, postalCode: '10121', street: 'Via Roma', number: '1' });
    await saveAddress(page.request, { ...TURIN, postalCode: '10123', street: 'Via Po', number: '2' });
    const code = await buyStadiumForMyself(page, language);
    const tabLink = (name: string) => page.getByRole('navigation', { name: /./ }).getByRole('link', { name, exact: true });

    await test.step('the dashboard leads to the list: Your Membership is the current tab and lists it; no JavaScript', async () => {
      await page.goto('/account');
      await page.getByRole('link', { name: texts.dashboardLink, exact: true }).click();
      await expect(page).toHaveURL(/\/mymembership\/manage$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
      await expect(tabLink(texts.tabs.yours)).toHaveAttribute('aria-current', 'page');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Stadium' }) });
      await expect(card).toContainText(code);
      await expect(card).toContainText(texts.active);
      // Opened afresh (not by a client-side navigation), the page comes without scripts.
      await page.reload();
      await expect(page.locator('script')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    await test.step('the other tabs are links of their own, each with its empty state', async () => {
      for (const tab of ['gifted', 'managed', 'redeemed'] as const) {
        await tabLink(texts.tabs[tab]).click();
        await expect(page).toHaveURL(new RegExp(`\\?tab=${tab}$`));
        await expect(tabLink(texts.tabs[tab])).toHaveAttribute('aria-current', 'page');
        await expect(tabLink(texts.tabs.yours)).not.toHaveAttribute('aria-current');
        await expect(page.getByText(texts.empty[tab])).toBeVisible();
        await expect(page.getByText(code)).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
    });

    await test.step('its page: card, status, roles and the holder’s data; the upgrade it can have', async () => {
      await tabLink(texts.tabs.yours).click();
      await page.getByRole('link', { name: 'Stadium', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/mymembership/manage/${code}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stadium');
      await expect(page.getByRole('img', { name: /Stadium/ })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main).toContainText(texts.active);
      await expect(main).toContainText('2025/26');
      await expect(main).toContainText(texts.roles);
      await expect(page.getByRole('region', { name: texts.holderHeading })).toContainText('Mario Rossi');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: texts.upgradeLink }).click();
      await expect(page.getByText(texts.upgradeAvailable)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('shipping preference: chosen, saved, still chosen after a reload', async () => {
      await page.goto(`/mymembership/manage/${code}`);
      await page.getByRole('link', { name: texts.renewalLink }).click();
      await expect(tabLink(texts.shippingTab)).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('.renewal-current').first()).toContainText(texts.none);
      await expectNoAxeViolations(page);
      // Nothing chosen yet: refused (in the browser, or 400 without JavaScript), the summary links the group.
      await page.getByRole('button', { name: texts.saveShipping }).click();
      const summary = page.getByRole('alert');
      await expect(summary).toBeFocused();
      const link = summary.getByRole('link', { name: `${texts.shippingLegend}: ${texts.invalidConfig}` });
      await expect(link).toHaveAttribute('href', `#${await page.getByRole('radio').first().getAttribute('id')}`);
      await expect(page.getByRole('group', { name: texts.shippingLegend })).toHaveAccessibleDescription(texts.invalidConfig);
      await expectNoAxeViolations(page);
      await page.getByRole('radio', { name: /Via Po 2/ }).check();
      await page.getByRole('button', { name: texts.saveShipping }).click();
      await expect(page.getByRole('status')).toContainText(texts.shippingSaved);
      await page.reload();
      await expect(page.getByRole('radio', { name: /Via Po 2/ })).toBeChecked();
      await expect(page.locator('.renewal-current').filter({ hasText: texts.chosenShipping })).toContainText('Via Po 2');
    });

    await test.step('billing preference: its own tab, saved, still chosen after a reload', async () => {
      await tabLink(texts.billingTab).click();
      await expect(page).toHaveURL(/\/renewal\?tab=billing$/);
      await expect(page.getByRole('group', { name: texts.billingLegend })).toBeVisible();
      await page.getByRole('radio', { name: /Via Roma 1/ }).check();
      await page.getByRole('button', { name: texts.saveBilling }).click();
      await expect(page.getByRole('status')).toContainText(texts.billingSaved);
      await expect(page).toHaveURL(/\/renewal\?tab=billing$/);
      await page.reload();
      await expect(page.getByRole('radio', { name: /Via Roma 1/ })).toBeChecked();
      await expect(page.locator('.renewal-current').filter({ hasText: texts.chosenBilling })).toContainText('Via Roma 1');
      // The shipping choice is untouched.
      await tabLink(texts.shippingTab).click();
      await expect(page.locator('.renewal-current').filter({ hasText: texts.chosenShipping })).toContainText('Via Po 2');
      await expectNoAxeViolations(page);
    });

    await test.step('posted directly: an unknown action and a missing choice answer 400 with their messages', async () => {
      const renewalPath = `/mymembership/manage/${code}/renewal`;
      const forged = await page.request.post(renewalPath, { form: { action: 'renewalEverything', billingAddress: 'x' } });
      expect(forged.status()).toBe(400);
      expect(await renderedHtml(forged)).toContain(texts.invalidAction);
      const missing = await page.request.post(`${renewalPath}?tab=billing`, { form: { action: 'renewalBilling' } });
      expect(missing.status()).toBe(400);
      expect(await renderedHtml(missing)).toContain(texts.invalidConfig);
      // Nothing changed.
      await page.goto(`${renewalPath}?tab=billing`);
      await expect(page.getByRole('radio', { name: /Via Roma 1/ })).toBeChecked();
    });

    if (javaScriptEnabled()) {
      await test.step('with JavaScript, a forged action in the page: the alert says so and takes the focus', async () => {
        // Forged after hydration: before it, React may write the server's value back into the field.
        await waitForHydration(page.getByRole('button', { name: texts.saveBilling }));
        await page.locator('input[name="action"]').evaluate((input: HTMLInputElement) => {
          input.value = 'renewalEverything';
        });
        await page.getByRole('button', { name: texts.saveBilling }).click();
        const alert = page.getByRole('alert').filter({ hasText: texts.invalidAction });
        await expect(alert).toBeVisible();
        await expect(alert).toBeFocused();
        await expectNoAxeViolations(page);
      });
    }

    await test.step('an unknown section, and a membership that is not the fan’s, are the 404 page', async () => {
      for (const path of [`/mymembership/manage/${code}/nonsense`, '/mymembership/manage/JM0000000000', '/mymembership/manage/JM0000000000/renewal']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByText(texts.notFound)).toBeVisible();
      }
    });
  });
}

test('the club card, paid: its preferred size for the renewal, kept (it)', async ({ page, auth }) => {
  test.setTimeout(180_000);
  const checkout = CHECKOUT_TEXTS.it;
  await signUpFanWithProfile(page, auth, 'it');
  await saveAddress(page.request, { ...TURIN, postalCode: '10121', street: 'Via Roma', number: '1' });
  await cardShippedToViaRoma(page);

  await test.step('bought in M (48) and paid on the PSP’s page', async () => {
    await page.goto('/checkout');
    const terms = page.getByRole('checkbox', { name: checkout.membershipTerms });
    if (javaScriptEnabled()) await waitForHydration(terms);
    await terms.check();
    for (const declaration of checkout.cardDeclarations) await page.getByRole('checkbox', { name: declaration }).check();
    await page.getByRole('button', { name: checkout.pay, exact: true }).click();
    const hosted = new HostedCheckout(page, 'it');
    await hosted.expectOpen();
    await hosted.payByCard('APPROVED');
    await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
  });

  await test.step('its renewal preferences offer the sizes, M chosen; XL saved and kept after a reload', async () => {
    await page.goto('/mymembership/manage');
    await page.getByRole('link', { name: 'Carta del club', exact: true }).click();
    await page.getByRole('link', { name: 'Preferenze di rinnovo' }).click();
    const sizes = page.getByRole('group', { name: 'Taglia preferita per il rinnovo' });
    await expect(sizes.getByRole('radio')).toHaveCount(8);
    await expect(sizes.getByRole('radio', { name: 'M (IT 48, UK 38)' })).toBeChecked();
    await expectNoAxeViolations(page);
    await sizes.getByRole('radio', { name: 'XL (IT 52, UK 42)' }).check();
    await page.getByRole('button', { name: 'Salva la taglia' }).click();
    await expect(page.getByRole('status')).toContainText('Taglia preferita salvata.');
    await page.reload();
    await expect(page.getByRole('group', { name: 'Taglia preferita per il rinnovo' }).getByRole('radio', { name: 'XL (IT 52, UK 42)' })).toBeChecked();
    await expect(page.locator('.renewal-current').filter({ hasText: 'Taglia preferita scelta' })).toContainText('XL (IT 52, UK 42)');
  });
});
