import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, type Language, waitForHydration } from './support/shop';
import { expect, test } from './support/test';

// /dev/components (issue 16): every component of the library, in both languages, accessible;
// the dialog is a modal with JavaScript and a page of its own without it.

const TEXTS = {
  it: {
    heading: 'Componenti',
    componentHeadings: [
      'Riepilogo degli errori',
      'Campi dei moduli',
      'Pulsanti',
      'Avvisi',
      'Card',
      'Schede',
      'Percorso di navigazione',
      'Finestra di dialogo',
      'Indicatore dei passaggi',
      'Prezzo',
      'Etichette',
      'Stato vuoto',
    ],
    switchLanguage: 'Show this page in English',
    email: 'Email',
    emailError: 'Email: Inserisci un indirizzo e-mail valido',
    tabs: "Dettagli dell'abbonamento",
    benefitsTab: 'Vantaggi',
    steps: "Passaggi dell'acquisto",
    stepNames: ['Configura', 'Carrello', 'Cassa', 'Pagamento'],
    done: 'completato',
    openDialog: "Leggi le condizioni dell'abbonamento",
    dialogTitle: "Condizioni dell'abbonamento",
    close: 'Chiudi',
    back: 'Torna ai componenti',
  },
  en: {
    heading: 'Components',
    componentHeadings: [
      'Error summary',
      'Form fields',
      'Buttons',
      'Notices',
      'Cards',
      'Tabs',
      'Breadcrumb',
      'Dialog',
      'Steps indicator',
      'Price',
      'Badges',
      'Empty state',
    ],
    switchLanguage: 'Mostra questa pagina in italiano',
    email: 'Email',
    emailError: 'Email: Insert a valid email address',
    tabs: 'Membership details',
    benefitsTab: 'Benefits',
    steps: 'Purchase steps',
    stepNames: ['Configure', 'Cart', 'Checkout', 'Pay'],
    done: 'completed',
    openDialog: 'Read the membership terms',
    dialogTitle: 'Membership terms',
    close: 'Close',
    back: 'Back to the components',
  },
} as const satisfies Record<Language, unknown>;

const OTHER: Record<Language, Language> = { it: 'en', en: 'it' };

for (const language of ['it', 'en'] as const) {
  const texts = TEXTS[language];

  test.describe(`components (${language})`, () => {
    test.use({ language });

    test('every component under its heading, accessible, and the switch to the other language', async ({ page }) => {
      await page.goto('/dev/components');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
      const headings = page.getByRole('main').getByRole('heading', { level: 2 });
      for (const name of texts.componentHeadings)
        await expect(headings.filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
      await expectNoAxeViolations(page);

      await test.step('the error summary links to the field with the error', async () => {
        const link = page.getByRole('alert').getByRole('link', { name: texts.emailError });
        await expect(link).toHaveAttribute('href', `#${await page.getByLabel(texts.email, { exact: true }).getAttribute('id')}`);
      });

      await test.step('the steps: one current step per list, the ones before it said done', async () => {
        const lists = page.getByRole('list', { name: texts.steps });
        await expect(lists).toHaveCount(texts.stepNames.length);
        for (const [index, name] of texts.stepNames.entries()) {
          const list = lists.nth(index);
          await expect(list.locator('[aria-current="step"]')).toHaveText(new RegExp(`${name}$`));
          await expect(list.getByRole('listitem')).toHaveCount(texts.stepNames.length);
          for (const before of texts.stepNames.slice(0, index)) await expect(list).toContainText(`${before}, ${texts.done}`);
          await expect(list).not.toContainText(`${name}, ${texts.done}`);
        }
      });

      await test.step('the other language', async () => {
        await page.getByRole('button', { name: texts.switchLanguage }).click();
        await expect(page).toHaveURL(/\/dev\/components$/);
        await expect(page.locator('html')).toHaveAttribute('lang', OTHER[language]);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[OTHER[language]].heading);
      });
    });

    test('tabs are links: the chosen one is current and its panel shows', async ({ page }) => {
      await page.goto('/dev/components');
      const tabs = page.getByRole('navigation', { name: texts.tabs });
      const benefits = tabs.getByRole('link', { name: texts.benefitsTab });
      await expect(benefits).not.toHaveAttribute('aria-current', 'page');
      // Clicked while React hydrates, the link neither loaded the page nor navigated (CI, once).
      if (javaScriptEnabled()) await waitForHydration(benefits);
      await benefits.click();
      await expect(page).toHaveURL(/\/dev\/components\?tab=benefits#tabs-heading$/);
      await expect(benefits).toHaveAttribute('aria-current', 'page');
      await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 3, name: texts.benefitsTab })).toBeVisible();
    });

    test('the dialog: a modal with JavaScript (Escape and Close give focus back), its page without', async ({ page }) => {
      await page.goto('/dev/components');
      const link = page.getByRole('link', { name: texts.openDialog });
      await expect(link).toHaveAttribute('href', '/dev/components/dialog');
      if (javaScriptEnabled()) {
        // The dialog is added once React runs: until then the link still goes to the page.
        await expect(page.locator('dialog')).toBeAttached();
        const dialog = page.getByRole('dialog', { name: texts.dialogTitle });
        await link.click();
        await expect(dialog).toBeVisible();
        expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
        await expect(dialog.getByRole('heading', { name: texts.dialogTitle })).toBeFocused();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(link).toBeFocused();
        await expect(page).toHaveURL(/\/dev\/components$/);

        await link.press('Enter');
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: texts.close }).click();
        await expect(dialog).toBeHidden();
        await expect(link).toBeFocused();
      } else {
        await link.click();
        await expect(page).toHaveURL(/\/dev\/components\/dialog$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.dialogTitle);
        await expectNoAxeViolations(page);
        await page.getByRole('link', { name: texts.back }).click();
        await expect(page).toHaveURL(/\/dev\/components#dialog-heading$/);
      }
    });
  });
}
