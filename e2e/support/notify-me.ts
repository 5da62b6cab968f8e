import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../../app/domain/catalogue-types';

/**
 * The e2e server and database are shared by every test of both projects. The restock test
 * takes a product of its own per project, one no other test relies on being on sale, and
 * marks it sold out itself: so no test depends on another's order. (Young stays sold out:
 * the catalogue tests expect it.)
 */
export function productOwnedByThisProject(): { id: string; name: string } {
  return test.info().project.name === 'no-js' ? { id: 'kids', name: 'Kids 0–4' } : { id: 'junior', name: 'Junior 5–10' };
}

/** Shows the shop in the given language for the rest of the test (the shop's language cookie). */
export async function showShopIn(page: Page, language: Language): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? process.env.E2E_BASE_URL;
  await page.context().addCookies([{ name: 'jc_prf_lng', value: language, url: baseURL! }]);
}

/** /dev/stock: marks the product sold out (switches the test to English). */
export async function markSoldOut(page: Page, productName: string): Promise<void> {
  await showShopIn(page, 'en');
  await page.goto('/dev/stock');
  const form = page.getByRole('form', { name: 'Mark a product sold out' });
  await form.getByLabel('Product').selectOption({ label: productName });
  await form.getByRole('button', { name: 'Mark sold out' }).click();
  await expect(page.getByRole('status')).toHaveText(`Product marked sold out: ${productName}.`);
}

/** /dev/stock: restocks the product (every size) with the quantity (switches the test to English). */
export async function restock(page: Page, productName: string, quantity: number): Promise<void> {
  await showShopIn(page, 'en');
  await page.goto('/dev/stock');
  const form = page.getByRole('form', { name: 'Restock a product' });
  await form.getByLabel('Product').selectOption({ label: productName });
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByRole('status')).toContainText(`${productName} is available again`);
}

/** Today in the shop's time zone as the pages write dates (dd/mm/yyyy). */
export function shopToday(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}
