import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { ADDRESSES, fanWithProfileIn } from '../support/cart-state';
import { javaScriptEnabled, shopUrl } from '../support/shop';
import { saveAddress } from './cart';
import { CHECKOUT_TEXTS, paidGiftInCart } from './checkout';

/** Checkout of a paid gift, for a fan (en) with an Italian and a French address, and its invoicing controls. */
export async function vatCheckout(page: Page) {
  const texts = CHECKOUT_TEXTS.en;
  await fanWithProfileIn(page.context(), shopUrl(), 'en');
  await saveAddress(page.request, ADDRESSES.viaRoma);
  await saveAddress(page.request, ADDRESSES.paris);
  await paidGiftInCart(page.request);
  await page.goto('/checkout');
  return {
    taxCode: page.getByRole('definition').filter({ hasText: /^[A-Z]{6}\d{2}/ }),
    toggle: page.getByRole('checkbox', { name: texts.vatToggle }),
    // With JavaScript the country is searched in a text box (chooseVatCountry); its list shares the label.
    country: javaScriptEnabled() ? page.getByRole('combobox', { name: texts.vatCountry }).and(page.locator('input')) : page.getByLabel(texts.vatCountry),
    number: page.getByRole('textbox', { name: texts.vatNumber }),
    receiverCode: page.getByRole('textbox', { name: texts.receiverCode }),
    emailPec: page.getByRole('textbox', { name: texts.emailPec }),
  };
}

/**
 * Without JavaScript the VAT country is a select. With it, a combobox that searches from the
 * 2nd character (spec §4): one character lists nothing; then the country is picked by `how`.
 */
export async function chooseVatCountry(page: Page, label: string, country: { typed: string; name: string; code: string }, how: 'click' | 'keyboard') {
  if (!javaScriptEnabled()) {
    await page.getByLabel(label).selectOption(country.code);
    return;
  }
  // A native select is a combobox too: the searchable one is the text box.
  const box = page.getByRole('combobox', { name: label }).and(page.locator('input'));
  const matches = page.getByRole('listbox', { name: label }).getByRole('option');
  await box.fill(country.typed.slice(0, 1));
  await expect(page.getByText('Type at least 2 characters')).toBeVisible();
  await expect(matches).toHaveCount(0);
  await box.fill(country.typed);
  await expect(matches.first()).toHaveText(country.name);
  if (how === 'click') {
    await expectNoAxeViolations(page);
    await matches.first().click();
  } else {
    await box.press('ArrowDown');
    await box.press('Enter');
  }
  await expect(box).toHaveValue(country.name);
  await expect(matches).toHaveCount(0);
}
