import type { Page } from '@playwright/test';
import type { Language } from '../support/shop';
import { expect } from '../support/test';

/** The purchase steps' words (locales/{it,en}/purchaseSteps.json), in the flow's order. */
export const PURCHASE_STEPS_TEXTS = {
  it: { label: "Passaggi dell'acquisto", names: ['Configura', 'Carrello', 'Cassa', 'Pagamento'], done: 'completato' },
  en: { label: 'Purchase steps', names: ['Configure', 'Cart', 'Checkout', 'Pay'], done: 'completed' },
} as const;

export type PurchaseStepName = 'configure' | 'cart' | 'checkout' | 'pay';
const ORDER: readonly PurchaseStepName[] = ['configure', 'cart', 'checkout', 'pay'];

/** The page shows the purchase steps with the fan on `current`, the steps before it said done. */
export async function expectPurchaseStep(page: Page, language: Language, current: PurchaseStepName): Promise<void> {
  const texts = PURCHASE_STEPS_TEXTS[language];
  const at = ORDER.indexOf(current);
  const list = page.getByRole('list', { name: texts.label });
  await expect(list.getByRole('listitem')).toHaveCount(ORDER.length);
  await expect(list.locator('[aria-current="step"]')).toHaveText(new RegExp(`${texts.names[at]}$`));
  for (const before of texts.names.slice(0, at)) await expect(list).toContainText(`${before}, ${texts.done}`);
  for (const after of texts.names.slice(at + 1)) await expect(list).not.toContainText(`${after}, ${texts.done}`);
}
