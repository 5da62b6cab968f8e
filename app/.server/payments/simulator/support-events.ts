import { createHash } from 'node:crypto';
import type { Language } from '../../../domain/catalogue-types';
import { authorisationEvent, type PaymentRow } from './engine';
import { newPspReference } from './references';
import type { EventCode, WebhookEvent } from './webhooks';

/**
 * The support page's test webhooks, as the Customer Area's "test webhook" sends them: only the
 * item goes to the shop, the simulated payment stays as it is. Wire facts (docs.adyen.com
 * "Webhooks", "Dispute webhooks", "Reports"): AUTHORISATION and OFFER_CLOSED carry the payment's
 * own pspReference; a modification has a new pspReference of its own and the payment's as
 * `originalReference`; the dispute events of one payment share one dispute pspReference, with
 * the payment's as `originalReference`; every item about a payment has its merchant reference.
 * REPORT_AVAILABLE (Adyen's own test webhook) names a report file, with an empty
 * `merchantReference`, amount 0 EUR and success true.
 */

export const PAYMENT_EVENT_CODES = [
  'AUTHORISATION',
  'CANCELLATION',
  'CANCEL_OR_REFUND',
  'TECHNICAL_CANCEL',
  'REFUND',
  'REFUND_FAILED',
  'CAPTURE',
  'CAPTURE_FAILED',
  'CHARGEBACK',
  'NOTIFICATION_OF_CHARGEBACK',
  'CHARGEBACK_REVERSED',
  'OFFER_CLOSED',
] as const satisfies readonly EventCode[];

export type PaymentEventCode = (typeof PAYMENT_EVENT_CODES)[number];

const DISPUTE_EVENTS: ReadonlySet<PaymentEventCode> = new Set(['CHARGEBACK', 'NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK_REVERSED']);

/** The form's fields by their ids (the error summary links to them; the first radio carries the group's). */
export const EVENT_FIELD_IDS = { eventCode: 'event-code', amount: 'event-amount', success: 'event-success', hold: 'event-hold' } as const;

/** Up to 9,999,999.99 €: far past any membership, well inside Adyen's amount. */
const AMOUNT_PATTERN = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** `hold`: queued held, to be sent later with "Send now" (the tester's order of events). */
export type TestEventChoice = { eventCode: PaymentEventCode; amountValue: number; success: boolean; hold: boolean };
/** What the form shows again after an error, as typed. */
export type EventFormValues = { eventCode: string; amount: string; success: string; hold: boolean };

/** Euros as typed, with a point or a comma before the cents ("49.90", "49,9", "49"), in cents; null if not. */
export function parseEuroAmount(text: string): number | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Cents as the form shows them: two decimals, with the language's decimal separator. */
export function amountText(value: number, language: Language): string {
  const text = (value / 100).toFixed(2);
  return language === 'it' ? text.replace('.', ',') : text;
}

function isPaymentEventCode(value: string): value is PaymentEventCode {
  return (PAYMENT_EVENT_CODES as readonly string[]).includes(value);
}

/** The form read into a choice, or the translation keys of what is wrong, by field id. */
export function readEventForm(form: Record<string, unknown>): { ok: true; choice: TestEventChoice } | { ok: false; errors: Record<string, string>; values: EventFormValues } {
  const text = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');
  const values: EventFormValues = { eventCode: text('eventCode').slice(0, 40), amount: text('amount').slice(0, 40), success: text('success'), hold: text('hold') === 'on' };
  const errors: Record<string, string> = {};
  const eventCode = isPaymentEventCode(values.eventCode) ? values.eventCode : null;
  const amountValue = parseEuroAmount(values.amount);
  if (!eventCode) errors[EVENT_FIELD_IDS.eventCode] = 'support.errors.eventCode';
  if (amountValue === null) errors[EVENT_FIELD_IDS.amount] = values.amount ? 'support.errors.amount' : 'support.errors.amountRequired';
  if (values.success !== 'true' && values.success !== 'false') errors[EVENT_FIELD_IDS.success] = 'support.errors.success';
  if (!eventCode || amountValue === null || Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, choice: { eventCode, amountValue, success: values.success === 'true', hold: values.hold } };
}

/**
 * The pspReference of a payment's dispute: the same for all its dispute events, without a
 * column to keep it in (derived from the payment's, in Adyen's 16 upper-case letters and digits).
 */
export function disputeReferenceOf(paymentPspReference: string): string {
  const digest = createHash('sha256').update(`dispute ${paymentPspReference}`).digest();
  return BigInt(`0x${digest.toString('hex')}`).toString(36).toUpperCase().slice(0, 16).padStart(16, '0');
}

/** The test webhook a tester chose for a payment. */
export function testPaymentEvent(payment: PaymentRow, choice: TestEventChoice, now: Date): WebhookEvent {
  const { eventCode, amountValue, success } = choice;
  if (eventCode === 'AUTHORISATION') return authorisationEvent(payment, { success, amountValue, now });
  const common = {
    eventCode,
    merchantAccountCode: payment.merchantAccount,
    merchantReference: payment.merchantReference,
    amount: { value: amountValue, currency: payment.currency },
    success,
    reason: '',
    paymentMethod: payment.brand,
    eventDate: now,
  };
  if (eventCode === 'OFFER_CLOSED') return { ...common, pspReference: payment.pspReference };
  const pspReference = DISPUTE_EVENTS.has(eventCode) ? disputeReferenceOf(payment.pspReference) : newPspReference();
  return { ...common, pspReference, originalReference: payment.pspReference };
}

/** Adyen's REPORT_AVAILABLE test webhook: the `reportNumber`th settlement report of the account. */
export function reportAvailableEvent(merchantAccount: string, reportNumber: number, now: Date): WebhookEvent {
  const fileName = `settlement_detail_report_batch_${reportNumber}.csv`;
  return {
    eventCode: 'REPORT_AVAILABLE',
    pspReference: fileName,
    merchantAccountCode: merchantAccount,
    merchantReference: '',
    amount: { value: 0, currency: 'EUR' },
    success: true,
    // Where Adyen's test Customer Area would offer the file; nothing answers there offline.
    reason: `https://ca-test.adyen.com/reports/download/MerchantAccount/${encodeURIComponent(merchantAccount)}/${fileName}`,
    eventDate: now,
  };
}
