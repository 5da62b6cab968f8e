import { expect, type Locator, type Page } from '@playwright/test';
import type { Language } from '../support/shop';

/** The withdrawal pages' texts (app/locales/{it,en}/orders.json, issue 31) the tests are driven by. */
export const WITHDRAWAL_TEXTS = {
  en: {
    receiptSection: 'Right of withdrawal',
    legend: 'Items you may withdraw from',
    until: (date: string) => `You may withdraw until ${date}`,
    choose: 'Withdraw…',
    heading: (number: string) => `Withdraw from order ${number}`,
    confirm: 'Confirm withdrawal',
    caption: 'Items you are withdrawing from',
    // The card's brand and last four come with the PSP's AUTHORISATION webhook: until it is in, "the card you paid with".
    visa: /^The refund goes back to (your Visa card ending in 1111|the card you paid with)\.$/,
    deadline: (date: string) => `You may withdraw from these items until ${date} (included).`,
    nothingChosen: 'Items to withdraw from: Choose at least one item.',
    requested: /^Withdrawn on \d\d\/\d\d\/\d{4}: refund of .+ requested$/,
    refunded: /^Withdrawn on \d\d\/\d\d\/\d{4}: .+ refunded$/,
    done: /^Withdrawal confirmed: .+ will come back to you\./,
    refusedHeading: 'These items cannot be withdrawn',
    alreadyWithdrawn: 'You have already withdrawn from it.',
    modelForm: 'Prefer to write? Print the model withdrawal form',
    modelFormTitle: 'Model withdrawal form',
    historyRequested: /You withdrew from items of this order/,
    mailSubject: /your withdrawal from order \d{9}/,
    mailForm: 'I hereby give notice that I withdraw from my contract',
  },
  it: {
    receiptSection: 'Diritto di recesso',
    legend: 'Articoli da cui puoi recedere',
    until: (date: string) => `Puoi recedere fino al ${date}`,
    choose: 'Recedi…',
    heading: (number: string) => `Recesso dall'ordine ${number}`,
    confirm: 'Conferma il recesso',
    caption: 'Articoli da cui recedi',
    visa: /^Il rimborso torna sulla (tua carta Visa che termina con 1111|carta con cui hai pagato)\.$/,
    deadline: (date: string) => `Puoi recedere da questi articoli fino al ${date} compreso.`,
    nothingChosen: 'Articoli da cui recedere: Scegli almeno un articolo.',
    requested: /^Recesso del \d\d\/\d\d\/\d{4}: rimborso di .+ richiesto$/,
    refunded: /^Recesso del \d\d\/\d\d\/\d{4}: rimborsati .+$/,
    done: /^Recesso confermato: ti rimborsiamo .+\./,
    refusedHeading: 'Non puoi recedere da questi articoli',
    alreadyWithdrawn: 'Hai già esercitato il recesso per questo articolo.',
    modelForm: 'Preferisci scrivere? Stampa il modulo di recesso tipo',
    modelFormTitle: 'Modulo di recesso tipo',
    historyRequested: /Hai esercitato il recesso per articoli di questo ordine/,
    mailSubject: /il tuo recesso dall'ordine \d{9}/,
    mailForm: 'Con la presente notifico il recesso dal mio contratto',
  },
} as const;

/**
 * The last day to withdraw from an order paid at `paidAt`, as the pages write it: the 14th Rome
 * day after the day of payment (domain/withdrawal.ts).
 */
export function lastWithdrawalDay(paidAt: Date): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(paidAt)
    .split('-')
    .map(Number);
  const last = new Date(Date.UTC(year!, month! - 1, day! + 14));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(last.getUTCDate())}/${two(last.getUTCMonth() + 1)}/${last.getUTCFullYear()}`;
}

/** The receipt's withdrawal section and the withdrawal page (`/account/orders/{id}/withdrawal`): plain HTML in both projects. */
export class WithdrawalPages {
  readonly texts: (typeof WITHDRAWAL_TEXTS)[Language];

  constructor(
    private readonly page: Page,
    language: Language,
  ) {
    this.texts = WITHDRAWAL_TEXTS[language];
  }

  /** The choice of items: the fieldset of the receipt or of the withdrawal page. */
  choice(): Locator {
    return this.page.getByRole('group', { name: this.texts.legend });
  }

  /** Chooses the items whose labels match (none: nothing chosen) and goes on to the confirmation. */
  async choose(...labels: RegExp[]): Promise<void> {
    for (const label of labels) await this.choice().getByRole('checkbox', { name: label }).check();
    await this.page.getByRole('button', { name: this.texts.choose }).click();
  }

  /** The confirmation's hidden fields, as a second post would send them. */
  async confirmationFields(): Promise<{ item: string[]; key: string }> {
    const form = this.page.locator('form[method="post"]').filter({ has: this.page.getByRole('button', { name: this.texts.confirm }) });
    const item = await form.locator('input[name="item"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const key = (await form.locator('input[name="key"]').getAttribute('value')) ?? '';
    return { item, key };
  }

  /** The summary's notes under an item's name (its withdrawal state among them). */
  lineNotes(name: RegExp | string): Locator {
    return this.page.getByRole('rowheader', { name }).locator('.order-lines__withdrawn');
  }

  async expectErrorSummaryFocused(message: string): Promise<void> {
    const summary = this.page.getByRole('alert').filter({ has: this.page.getByRole('list') });
    await expect(summary.getByRole('link')).toHaveText([message]);
    await expect(summary).toBeFocused();
  }
}
