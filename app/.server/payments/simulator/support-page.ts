import { asc, desc, inArray } from 'drizzle-orm';
import { Router, type Request } from 'express';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/catalogue-types';
import { languageFromCookieHeader } from '../../../i18n/language-cookie';
import { pspSimPayments, pspSimWebhooks } from '../../db/schema';
import type { SimulatorContext } from './context';
import type { PaymentRow } from './engine';
import { h, money, page, sendPage, translatorFor, type Translate } from './html';

/**
 * The support page (`/_psp/`, `/_psp/payments`): the simulated payments, newest first, with
 * each webhook's delivery (delivered, attempts, next try, last error). What Adyen's Customer
 * Area would show, for whoever tries the shop offline. In the shop's language cookie's language.
 */

const LISTED_PAYMENTS = 200;
const BRAND_LABELS: Readonly<Record<string, string>> = { visa: 'Visa', mc: 'Mastercard', paypal: 'PayPal' };

type WebhookRow = typeof pspSimWebhooks.$inferSelect;

function timeText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function webhookText(t: Translate, webhook: WebhookRow): string {
  const base = { eventCode: webhook.eventCode, attempts: webhook.attempts };
  const state = webhook.deliveredAt
    ? t('support.webhookDelivered', base)
    : webhook.gaveUpAt
      ? t('support.webhookGaveUp', base)
      : t('support.webhookPending', { ...base, next: timeText(webhook.nextAttemptAt) });
  return webhook.lastError ? `${state}; ${t('support.lastError', { error: webhook.lastError })}` : state;
}

function row(t: Translate, language: Language, payment: PaymentRow, webhooks: WebhookRow[]): string {
  const brand = BRAND_LABELS[payment.brand] ?? payment.brand;
  const method = payment.lastFour ? t('support.cardEnding', { brand, lastFour: payment.lastFour }) : h(brand);
  const result = payment.refusalReason
    ? t('support.refusal', { resultCode: payment.resultCode, reason: payment.refusalReason, code: payment.refusalReasonCode ?? '' })
    : h(payment.resultCode);
  const hooks = webhooks.length > 0 ? `<ul>${webhooks.map((webhook) => `<li>${webhookText(t, webhook)}</li>`).join('')}</ul>` : t('support.none');
  return `<tr>
<td>${h(timeText(payment.createdAt))}</td>
<td>${h(payment.merchantReference)}</td>
<td><code>${h(payment.pspReference)}</code></td>
<td>${method}</td>
<td>${h(money(payment.amountValue, language))}</td>
<td>${result}</td>
<td>${payment.storedMethodId ? t('support.yes') : t('support.no')}</td>
<td>${hooks}</td>
</tr>`;
}

export function supportRoutes(context: SimulatorContext): Router {
  const router = Router();
  router.get(['/', '/payments'], async (req: Request, res, next) => {
    try {
      const language = languageFromCookieHeader(req.get('Cookie') ?? null) ?? DEFAULT_LANGUAGE;
      const t = translatorFor(language);
      const payments = await context.db.select().from(pspSimPayments).orderBy(desc(pspSimPayments.createdAt)).limit(LISTED_PAYMENTS);
      const references = payments.map((payment) => payment.pspReference);
      const webhooks =
        references.length > 0
          ? await context.db.select().from(pspSimWebhooks).where(inArray(pspSimWebhooks.paymentPspReference, references)).orderBy(asc(pspSimWebhooks.id))
          : [];
      const table =
        payments.length === 0
          ? `<p>${t('support.empty')}</p>`
          : `<table class="psp-table">
<caption>${t('support.caption')}</caption>
<thead><tr>${['time', 'reference', 'pspReference', 'method', 'amount', 'result', 'storedCard', 'webhooks'].map((key) => `<th scope="col">${t(`support.${key}`)}</th>`).join('')}</tr></thead>
<tbody>
${payments.map((payment) => row(t, language, payment, webhooks.filter((webhook) => webhook.paymentPspReference === payment.pspReference))).join('\n')}
</tbody>
</table>`;
      const main = `<h1>${t('support.heading')}</h1>\n<p>${t('support.intro')}</p>\n${table}`;
      sendPage(res, 200, page({ language, title: t('support.heading'), main, wide: true }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
