import { expect, type Page } from '@playwright/test';
import { showShopIn } from '../support/shop';

/** The support pages at /dev (English: they switch the test's language). */
export class DevPages {
  constructor(private readonly page: Page) {}

  /** /dev/stock: marks the product sold out. */
  async markSoldOut(productName: string): Promise<void> {
    const { page } = this;
    await showShopIn(page, 'en');
    await page.goto('/dev/stock');
    const form = page.getByRole('form', { name: 'Mark a product sold out' });
    await form.getByLabel('Product').selectOption({ label: productName });
    await form.getByRole('button', { name: 'Mark sold out' }).click();
    await expect(page.getByRole('status')).toHaveText(`Product marked sold out: ${productName}.`);
  }

  /** /dev/stock: restocks the product (every size) with the quantity. */
  async restock(productName: string, quantity: number): Promise<void> {
    const { page } = this;
    await showShopIn(page, 'en');
    await page.goto('/dev/stock');
    const form = page.getByRole('form', { name: 'Restock a product' });
    await form.getByLabel('Product').selectOption({ label: productName });
    await form.getByLabel('Quantity').fill(String(quantity));
    await form.getByRole('button', { name: 'Restock' }).click();
    await expect(page.getByRole('status')).toContainText(`${productName} is available again`);
  }

  /** /dev/outbox: the mails queued for one address. */
  async openOutbox(to: string): Promise<void> {
    await this.page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  }
}

/** Today in the shop's time zone as the pages write dates (dd/mm/yyyy). */
export function shopToday(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}
