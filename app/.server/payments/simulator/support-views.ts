import type { Language } from '../../../domain/catalogue-types';
import type { pspSimWebhooks } from '../../db/schema';
import { SIMULATOR_PATH } from '../config';
import { isHeld } from './delivery';
import type { PaymentRow } from './engine';
import { errorSummary, field, h, money, page, radioGroup, selectField, translatorFor, type FieldErrors, type Translate } from './html';
import { canFailLater, type RefundRow } from './refund-failures';
import { amountText, EVENT_FIELD_IDS, PAYMENT_EVENT_CODES, type EventFormValues } from './support-events';

/**
 * The support page's HTML (support-page.ts serves it): the payments with their webhooks, a
 * payment's page with the form that sends a test webhook, and each waiting webhook's buttons
 * to hold it or send it now. Plain forms, no script; what Adyen's Customer Area would offer.
 */

export type WebhookRow = typeof pspSimWebhooks.$inferSelect;
/** Which page a webhook's buttons were pressed on, to go back there. */
export type SupportPlace = 'list' | 'payment';
export const NOTICES = ['sent', 'queuedHeld', 'held', 'released', 'unchanged', 'refundsFailOn', 'refundsFailOff'] as const;
export type Notice = (typeof NOTICES)[number];

const BRAND_LABELS: Readonly<Record<string, string>> = { visa: 'Visa', mc: 'Mastercard', paypal: 'PayPal' };

export const SUPPORT_PATHS = {
  list: `${SIMULATOR_PATH}/payments`,
  payment: (pspReference: string) => `${SIMULATOR_PATH}/payments/${encodeURIComponent(pspReference)}`,
  sendEvent: (pspReference: string) => `${SIMULATOR_PATH}/payments/${encodeURIComponent(pspReference)}/webhooks`,
  sendReport: `${SIMULATOR_PATH}/reports`,
  reschedule: (id: number, kind: 'hold' | 'send') => `${SIMULATOR_PATH}/webhooks/${id}/${kind}`,
  refundsFail: (pspReference: string) => `${SIMULATOR_PATH}/payments/${encodeURIComponent(pspReference)}/refunds-fail`,
  refundFailed: (pspReference: string, refund: string) => `${SIMULATOR_PATH}/payments/${encodeURIComponent(pspReference)}/refunds/${encodeURIComponent(refund)}/failed`,
};

function timeText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function webhookText(t: Translate, webhook: WebhookRow): string {
  // `count` picks the plural form ("1 tentativo", "2 tentativi").
  const base = { eventCode: webhook.eventCode, count: webhook.attempts };
  const state = webhook.deliveredAt
    ? t('support.webhookDelivered', base)
    : webhook.gaveUpAt
      ? t('support.webhookGaveUp', base)
      : isHeld(webhook)
        ? t('support.webhookHeld', base)
        : t('support.webhookPending', { ...base, next: timeText(webhook.nextAttemptAt) });
  return webhook.lastError ? `${state}; ${t('support.lastError', { error: webhook.lastError })}` : state;
}

/** Hold and send-now for a webhook still waiting; the buttons' names say which webhook. */
function webhookControls(t: Translate, webhook: WebhookRow, from: SupportPlace): string {
  if (webhook.deliveredAt || webhook.gaveUpAt) return '';
  const which = `<span class="visually-hidden"> ${t('support.whichWebhook', { eventCode: webhook.eventCode, pspReference: webhook.pspReference })}</span>`;
  const button = (kind: 'hold' | 'send', label: string) =>
    `<form method="post" action="${h(SUPPORT_PATHS.reschedule(webhook.id, kind))}"><input type="hidden" name="from" value="${from}"><button type="submit" class="button">${label}${which}</button></form>`;
  return `<div class="form--inline">${isHeld(webhook) ? '' : button('hold', t('support.hold'))}${button('send', t('support.sendNow'))}</div>`;
}

function webhookList(t: Translate, webhooks: readonly WebhookRow[], from: SupportPlace): string {
  if (webhooks.length === 0) return t('support.none');
  return `<ul>${webhooks.map((webhook) => `<li id="webhook-${webhook.id}">${webhookText(t, webhook)}${webhookControls(t, webhook, from)}</li>`).join('')}</ul>`;
}

function methodText(t: Translate, payment: PaymentRow): string {
  const brand = BRAND_LABELS[payment.brand] ?? payment.brand;
  return payment.lastFour ? t('support.cardEnding', { brand, lastFour: payment.lastFour }) : h(brand);
}

function resultText(t: Translate, payment: PaymentRow): string {
  return payment.refusalReason
    ? t('support.refusal', { resultCode: payment.resultCode, reason: payment.refusalReason, code: payment.refusalReasonCode ?? '' })
    : h(payment.resultCode);
}

function noticeOf(t: Translate, notice: Notice | undefined): string {
  return notice ? `<div class="notice" role="status"><p>${t(`support.notice.${notice}`)}</p></div>` : '';
}

function paymentRow(t: Translate, language: Language, payment: PaymentRow, webhooks: readonly WebhookRow[]): string {
  return `<tr>
<td>${h(timeText(payment.createdAt))}</td>
<td>${h(payment.merchantReference)}</td>
<td><a href="${h(SUPPORT_PATHS.payment(payment.pspReference))}"><code>${h(payment.pspReference)}</code><span class="visually-hidden"> ${t('support.openPayment')}</span></a></td>
<td>${methodText(t, payment)}</td>
<td>${h(money(payment.amountValue, language))}</td>
<td>${resultText(t, payment)}</td>
<td>${payment.storedMethodId ? t('support.yes') : t('support.no')}</td>
<td>${webhookList(t, webhooks, 'list')}</td>
</tr>`;
}

const COLUMNS = ['time', 'reference', 'pspReference', 'method', 'amount', 'result', 'storedCard', 'webhooks'] as const;

export function listPage(input: { language: Language; payments: readonly PaymentRow[]; webhooks: readonly WebhookRow[]; otherWebhooks: readonly WebhookRow[]; notice?: Notice }): string {
  const { language, payments, webhooks } = input;
  const t = translatorFor(language);
  const table =
    payments.length === 0
      ? `<p>${t('support.empty')}</p>`
      : `<table class="psp-table">
<caption>${t('support.caption')}</caption>
<thead><tr>${COLUMNS.map((key) => `<th scope="col">${t(`support.${key}`)}</th>`).join('')}</tr></thead>
<tbody>
${payments.map((payment) => paymentRow(t, language, payment, webhooks.filter((webhook) => webhook.paymentPspReference === payment.pspReference))).join('\n')}
</tbody>
</table>`;
  const main = `<h1>${t('support.heading')}</h1>
${noticeOf(t, input.notice)}
<p>${t('support.intro')}</p>
<p>${t('support.sendIntro')}</p>
${table}
<section class="psp-section" aria-labelledby="reports-heading">
<h2 id="reports-heading">${t('support.report.heading')}</h2>
<p>${t('support.report.intro')}</p>
<form method="post" action="${h(SUPPORT_PATHS.sendReport)}"><button type="submit" class="button">${t('support.report.submit')}</button></form>
<h3>${t('support.report.webhooks')}</h3>
${webhookList(t, input.otherWebhooks, 'list')}
</section>`;
  return page({ language, title: t('support.heading'), main, wide: true });
}

export type EventForm = { values: EventFormValues; errors?: FieldErrors };

/** The form's first look: AUTHORISATION, the payment's amount, success. */
export function defaultEventForm(payment: PaymentRow, language: Language): EventForm {
  return { values: { eventCode: 'AUTHORISATION', amount: amountText(payment.amountValue, language), success: 'true', hold: false } };
}

function eventFormSection(t: Translate, language: Language, payment: PaymentRow, form: EventForm): string {
  const errors = form.errors ?? {};
  const message = (id: string) => (errors[id] ? t(errors[id]) : undefined);
  const { values } = form;
  return `<section class="psp-section" aria-labelledby="send-heading">
<h2 id="send-heading">${t('support.send.heading')}</h2>
<p>${t('support.send.intro')}</p>
<form class="form" method="post" action="${h(SUPPORT_PATHS.sendEvent(payment.pspReference))}" novalidate>
${selectField({ id: EVENT_FIELD_IDS.eventCode, name: 'eventCode', label: t('support.send.eventCode'), options: PAYMENT_EVENT_CODES.map((code) => ({ value: code, label: t(`support.events.${code}`) })), selected: values.eventCode, error: message(EVENT_FIELD_IDS.eventCode) })}
${field({ id: EVENT_FIELD_IDS.amount, name: 'amount', label: t('support.send.amount'), hint: t('support.send.amountHint', { amount: amountText(payment.amountValue, language) }), error: message(EVENT_FIELD_IDS.amount), value: values.amount, autocomplete: 'off', inputmode: 'decimal', maxlength: 20, required: true })}
${radioGroup({ id: EVENT_FIELD_IDS.success, name: 'success', legend: t('support.send.success'), options: [{ value: 'true', label: t('support.send.succeeded') }, { value: 'false', label: t('support.send.failed') }], checked: values.success, error: message(EVENT_FIELD_IDS.success) })}
<div class="psp-checkbox"><input type="checkbox" id="${EVENT_FIELD_IDS.hold}" name="hold" value="on"${values.hold ? ' checked' : ''}><label for="${EVENT_FIELD_IDS.hold}">${t('support.send.hold')}</label></div>
<button type="submit" class="button button--primary">${t('support.send.submit')}</button>
</form>
</section>`;
}

/** The refunds asked for, each with its outcome; one that went through can be sent its REFUND_FAILED. */
function refundList(t: Translate, language: Language, payment: PaymentRow, refunds: readonly RefundRow[]): string {
  if (refunds.length === 0) return `<p>${t('support.none')}</p>`;
  const item = (refund: RefundRow) => {
    const text = t(refund.success ? 'support.refunds.succeeded' : 'support.refunds.failed', {
      time: timeText(refund.createdAt),
      amount: money(refund.amountValue ?? 0, language),
      pspReference: refund.pspReference,
      reference: refund.reference ?? '—',
      reason: refund.reason ?? '',
    });
    const which = `<span class="visually-hidden"> ${t('support.refunds.which', { pspReference: refund.pspReference })}</span>`;
    const fail = canFailLater(refund)
      ? `<form method="post" action="${h(SUPPORT_PATHS.refundFailed(payment.pspReference, refund.pspReference))}"><button type="submit" class="button">${t('support.refunds.sendFailed')}${which}</button></form>`
      : '';
    return `<li id="refund-${h(refund.pspReference)}">${text}${fail}</li>`;
  };
  return `<ul>${refunds.map(item).join('')}</ul>`;
}

/** The switch that makes the payment's refunds fail, and the refunds asked for. */
function refundsSection(t: Translate, language: Language, payment: PaymentRow, refunds: readonly RefundRow[]): string {
  return `<section class="psp-section" aria-labelledby="refunds-heading" id="refunds">
<h2 id="refunds-heading">${t('support.refunds.heading')}</h2>
<p>${t('support.refunds.intro')}</p>
<form class="form" method="post" action="${h(SUPPORT_PATHS.refundsFail(payment.pspReference))}">
${radioGroup({ id: 'refunds-fail', name: 'refundsFail', legend: t('support.refunds.switch'), options: [{ value: 'off', label: t('support.refunds.off') }, { value: 'on', label: t('support.refunds.on') }], checked: payment.refundsFail ? 'on' : 'off' })}
<button type="submit" class="button">${t('support.refunds.save')}</button>
</form>
<h3>${t('support.refunds.asked')}</h3>
${refundList(t, language, payment, refunds)}
</section>`;
}

export function paymentPage(input: { language: Language; payment: PaymentRow; webhooks: readonly WebhookRow[]; refunds: readonly RefundRow[]; form: EventForm; notice?: Notice }): string {
  const { language, payment, form } = input;
  const t = translatorFor(language);
  const errors = Object.fromEntries(Object.entries(form.errors ?? {}).map(([id, key]) => [id, key ? t(key) : undefined]));
  const labels = { [EVENT_FIELD_IDS.eventCode]: t('support.send.eventCode'), [EVENT_FIELD_IDS.amount]: t('support.send.amount'), [EVENT_FIELD_IDS.success]: t('support.send.success') };
  const details: [string, string][] = [
    [t('support.reference'), h(payment.merchantReference)],
    [t('support.pspReference'), `<code>${h(payment.pspReference)}</code>`],
    [t('support.time'), h(timeText(payment.createdAt))],
    [t('support.method'), methodText(t, payment)],
    [t('support.amount'), h(money(payment.amountValue, language))],
    [t('support.result'), resultText(t, payment)],
  ];
  const main = `${errorSummary(t, errors, labels)}
<p><a href="${h(SUPPORT_PATHS.list)}">${t('support.backToList')}</a></p>
<h1>${t('support.payment.heading', { pspReference: payment.pspReference })}</h1>
${noticeOf(t, input.notice)}
<table class="psp-table">
<caption>${t('support.payment.caption')}</caption>
<tbody>${details.map(([label, value]) => `<tr><th scope="row">${label}</th><td>${value}</td></tr>`).join('')}</tbody>
</table>
${eventFormSection(t, language, payment, form)}
${refundsSection(t, language, payment, input.refunds)}
<section class="psp-section" aria-labelledby="webhooks-heading">
<h2 id="webhooks-heading">${t('support.payment.webhooks')}</h2>
<p>${t('support.payment.webhooksIntro')}</p>
${webhookList(t, input.webhooks, 'payment')}
</section>`;
  return page({ language, title: t('support.payment.heading', { pspReference: payment.pspReference }), main });
}
