import { expect, type Locator, type Page, type Response } from '@playwright/test';
import type { Language } from '../support/shop';

/** The order pages' texts (app/locales/{it,en}/orders.json) the tests are driven by. */
export const ORDERS_TEXTS = {
  en: {
    thankYouTitle: 'Thank you for your purchase!',
    continueShopping: 'Continue shopping',
    buyCard: 'Buy the club card',
    allOrders: 'See all your orders',
    promotionsHeading: "Don't miss out",
    promotions: ['Discover J1897', 'Give Kids 0–4', 'Use a coupon'],
    summaryHeading: 'Order summary',
    orderNumber: 'Order number',
    status: 'Status',
    payBy: 'Pay by',
    statuses: { awaiting_payment: 'Awaiting payment', paid: 'Paid', fulfilled: 'Completed', cancelled: 'Cancelled', expired: 'Expired' },
    codePending: 'Issued once paid',
    withdrawalKept: (date: string) => `14-day right of withdrawal kept: active from ${date}`,
    total: 'Total',
    listHeading: 'Your orders',
    listEmpty: 'You have not placed any orders yet.',
    browse: 'Browse the memberships',
    order: (number: string) => `Order ${number}`,
    buyerHeading: 'Buyer',
    billingHeading: 'Billing address',
    termsHeading: 'Terms accepted',
    dashboardLink: 'Your orders',
    notFound: 'Resource not found.',
  },
  it: {
    thankYouTitle: 'Grazie per il tuo acquisto!',
    continueShopping: 'Continua gli acquisti',
    buyCard: 'Acquista la Carta del club',
    allOrders: 'Vedi tutti i tuoi ordini',
    promotionsHeading: 'Da non perdere',
    promotions: ['Scopri J1897', 'Regala Kids 0–4', 'Usa un coupon'],
    summaryHeading: "Riepilogo dell'ordine",
    orderNumber: "Numero d'ordine",
    status: 'Stato',
    payBy: 'Paga entro',
    statuses: {
      awaiting_payment: 'In attesa di pagamento',
      paid: 'Pagato',
      fulfilled: 'Completato',
      cancelled: 'Annullato',
      expired: 'Scaduto',
    },
    codePending: 'Emesso a pagamento ricevuto',
    withdrawalKept: (date: string) => `Diritto di recesso di 14 giorni mantenuto: attiva dal ${date}`,
    total: 'Totale',
    listHeading: 'I tuoi ordini',
    listEmpty: 'Non hai ancora effettuato ordini.',
    browse: 'Scopri le membership',
    order: (number: string) => `Ordine ${number}`,
    buyerHeading: 'Acquirente',
    billingHeading: 'Indirizzo di fatturazione',
    termsHeading: 'Condizioni accettate',
    dashboardLink: 'I tuoi ordini',
    notFound: 'Risorsa non trovata.',
  },
} as const;

export type OrdersTexts = (typeof ORDERS_TEXTS)[Language];

/**
 * The day (dd/mm/yyyy, as both languages write it) a membership paid at `paidAt` starts when its
 * buyer kept the right of withdrawal: the 14 days after the day of payment in Rome are over.
 */
export function keptWithdrawalStartDay(paidAt: Date): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(paidAt)
    .split('-')
    .map(Number);
  const start = new Date(Date.UTC(year!, month! - 1, day! + 15));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(start.getUTCDate())}/${two(start.getUTCMonth() + 1)}/${start.getUTCFullYear()}`;
}
export type OrderStatusWord = keyof OrdersTexts['statuses'];

/** What a test expects of an order's summary; anything left out is not checked. */
export type ExpectedSummary = {
  number?: string;
  status?: OrderStatusWord;
  /** Each line's name and price as shown ("Club Card", "€10"), in order. */
  lines?: { name: string; price: string }[];
  total?: string;
  /** `issued`: every line shows a membership code; `pending`: every line says it comes once paid. */
  codes?: 'issued' | 'pending';
};

/**
 * The thank-you page (`/thankyou?orderId=…`), the fan's orders (`/account/orders`) and a
 * receipt (`/account/orders/{id}`), in the test's language. Pages with no JavaScript of their
 * own: the same steps in both projects.
 */
export class OrderPages {
  readonly texts: OrdersTexts;

  constructor(
    private readonly page: Page,
    language: Language,
  ) {
    this.texts = ORDERS_TEXTS[language];
  }

  /** `orderId` as given (null: none); `path` is the spec's either spelling. */
  async openThankYou(orderId: string | null = null, path: '/thankyou' | '/thankYou' = '/thankyou'): Promise<Response | null> {
    return this.page.goto(orderId === null ? path : `${path}?orderId=${encodeURIComponent(orderId)}`);
  }

  /** The spec's thank-you page: title, the two links on, three promotional cards each with its button. */
  async expectThankYou(): Promise<void> {
    const { page, texts } = this;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.thankYouTitle);
    await expect(page.getByRole('link', { name: texts.continueShopping })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('link', { name: texts.buyCard })).toHaveAttribute('href', '/products/jcard');
    const cards = this.promotions().getByRole('listitem');
    await expect(cards).toHaveCount(3);
    for (const [index, label] of texts.promotions.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('link', { name: label })).toBeVisible();
      await expect(card.locator('img')).toHaveAttribute('src', /^\/art\/.+\.svg$/);
      await expect(card.getByRole('paragraph')).not.toBeEmpty();
    }
  }

  /** The plain page: no order shown, nothing about orders to follow. */
  async expectPlainThankYou(): Promise<void> {
    await this.expectThankYou();
    await expect(this.summary()).toHaveCount(0);
    await expect(this.page.getByText(this.texts.orderNumber)).toHaveCount(0);
    await expect(this.page.getByRole('link', { name: this.texts.allOrders })).toHaveCount(0);
  }

  /** The promotions' carousel (a labelled, scrollable region). */
  promotions(): Locator {
    return this.page.getByRole('region', { name: this.texts.promotionsHeading });
  }

  /** The order summary (thank-you page and receipt). */
  summary(): Locator {
    return this.page.getByRole('region', { name: this.texts.summaryHeading });
  }

  /** The value of one of the summary's facts ("Order number", "Status", "Pay by"). */
  fact(label: string): Locator {
    return this.summary().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /** The order number the summary shows. */
  async orderNumber(): Promise<string> {
    return (await this.fact(this.texts.orderNumber).innerText()).trim();
  }

  /** The membership codes the summary shows, line by line (issued ones only). */
  async membershipCodes(): Promise<string[]> {
    return this.summary().locator('tbody code').allInnerTexts();
  }

  async expectSummary(expected: ExpectedSummary): Promise<void> {
    const { texts } = this;
    const summary = this.summary();
    await expect(summary).toBeVisible();
    if (expected.number) await expect(this.fact(texts.orderNumber)).toHaveText(expected.number);
    if (expected.status) await expect(this.fact(texts.status)).toHaveText(texts.statuses[expected.status]);
    const rows = summary.locator('tbody tr');
    if (expected.lines) {
      await expect(rows).toHaveCount(expected.lines.length);
      for (const [index, line] of expected.lines.entries()) {
        await expect(rows.nth(index).getByRole('rowheader')).toContainText(line.name);
        await expect(rows.nth(index).getByRole('cell').last()).toHaveText(line.price);
      }
    }
    if (expected.total) {
      // Exact: "Subtotal" contains "total" too.
      const totalRow = summary.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: texts.total, exact: true }) });
      await expect(totalRow.getByRole('cell')).toHaveText(expected.total);
    }
    if (expected.codes === 'issued') {
      await expect(rows.locator('code')).toHaveCount(await rows.count());
      for (const code of await this.membershipCodes()) expect(code).toMatch(/^JM[0-9A-Z]{10}$/);
    }
    if (expected.codes === 'pending') {
      await expect(rows.getByText(texts.codePending)).toHaveCount(await rows.count());
    }
  }

  async openOrderList(): Promise<Response | null> {
    const response = await this.page.goto('/account/orders');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.texts.listHeading);
    return response;
  }

  /** The orders listed, newest first; each one's heading links to its receipt. */
  orderCards(): Locator {
    return this.page.locator('main .order-list > li');
  }

  /** One order of the list, by the number it shows. */
  orderCard(number: string): Locator {
    return this.orderCards().filter({ has: this.page.getByRole('heading', { name: this.texts.order(number) }) });
  }

  async expectEmptyOrderList(): Promise<void> {
    await expect(this.page.getByText(this.texts.listEmpty)).toBeVisible();
    await expect(this.orderCards()).toHaveCount(0);
    await expect(this.page.getByRole('link', { name: this.texts.browse })).toHaveAttribute('href', '/products');
  }

  /** From the list to an order's receipt, as a fan would. */
  async openReceiptFromList(number: string): Promise<void> {
    await this.orderCard(number).getByRole('link', { name: this.texts.order(number) }).click();
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.texts.order(number));
  }

  async openReceipt(orderId: string): Promise<Response | null> {
    return this.page.goto(`/account/orders/${encodeURIComponent(orderId)}`);
  }

  /** The receipt: the summary plus buyer, billing address and the terms accepted. */
  async expectReceipt(expected: ExpectedSummary & { number: string }): Promise<void> {
    const { page, texts } = this;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.order(expected.number));
    await this.expectSummary(expected);
    for (const heading of [texts.buyerHeading, texts.billingHeading, texts.termsHeading]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
  }

  /** The shop's 404 page. */
  async expectNotFound(response: Response | null): Promise<void> {
    expect(response?.status()).toBe(404);
    await expect(this.page.getByText(this.texts.notFound)).toBeVisible();
  }
}
