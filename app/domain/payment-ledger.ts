/**
 * Settlement as a state machine that commutes (issue 29; docs/payments.md "Settlement"). Every
 * fact the shop learns about an order's payments — a webhook item, an answer of `/payments` or
 * `/payments/details`, a hosted session's result — is an event of the order's ledger. What the
 * order's money is (which payment pays it, which ones must go back, what support must hear) is
 * recomputed from ALL events seen, never from the last one: so an event that arrives early,
 * late, twice or from two instances at once leads to the same end state.
 *
 * Two kinds of state:
 *  - a PSP payment's facts (`factsOf`) are a pure function of the set of its events — replays
 *    and arrival order cannot change them;
 *  - the order's decisions (`settleOrder`) add what the shop already did and cannot undo: the
 *    payment that paid the order (it was fulfilled), and the reversals already asked of the PSP.
 */
import type { OrderStatus } from './order-status';

/** One event about one PSP payment, as the ledger keeps it. */
export type LedgerEvent = {
  /** Adyen's event code (AUTHORISATION, CANCELLATION, …); any other is kept and changes nothing. */
  eventCode: string;
  success: boolean;
  /** The PSP payment it is about: its own pspReference, or a modification's originalReference. */
  payment: string;
  /** As the event states it; null when the source does not say (an API answer without one). */
  amount: { value: number; currency: string } | null;
  merchantAccount: string | null;
};

/** What is known of one PSP payment, from the set of its events. */
export type PaymentFacts = {
  payment: string;
  authorised: boolean;
  refused: boolean;
  /** An authorisation whose amount, currency or merchant account is not the order's. */
  mismatch: boolean;
  /** The authorised amount as the PSP stated it (the largest stated, if events disagree). */
  authorisedCents: number | null;
  /** Cancelled, cancelled-or-refunded, technically cancelled, or closed without a payment. */
  cancelled: boolean;
  refundedCents: number;
  reversalFailed: boolean;
  refundFailed: boolean;
  captureFailed: boolean;
  /** A chargeback is open (a CHARGEBACK or a lost second round, not reversed since). */
  chargedBack: boolean;
  disputeOpened: boolean;
  chargebackReversed: boolean;
};

const CANCELS = new Set(['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND']);
const CHARGEBACKS = new Set(['CHARGEBACK', 'SECOND_CHARGEBACK', 'PREARBITRATION_LOST']);
const CHARGEBACK_REVERSALS = new Set(['CHARGEBACK_REVERSED', 'PREARBITRATION_WON']);
const DISPUTE_NOTICES = new Set(['NOTIFICATION_OF_CHARGEBACK', 'REQUEST_FOR_INFORMATION', 'NOTIFICATION_OF_FRAUD']);

/** The event codes that change a payment's facts; every other one is stored and ignored. */
export function isSettlementEvent(eventCode: string): boolean {
  return (
    eventCode === 'AUTHORISATION' ||
    eventCode === 'OFFER_CLOSED' ||
    eventCode === 'REFUND' ||
    eventCode === 'REFUND_FAILED' ||
    eventCode === 'CAPTURE' ||
    eventCode === 'CAPTURE_FAILED' ||
    CANCELS.has(eventCode) ||
    CHARGEBACKS.has(eventCode) ||
    CHARGEBACK_REVERSALS.has(eventCode) ||
    DISPUTE_NOTICES.has(eventCode)
  );
}

/** Which PSP payment an event is about: modifications and disputes name it in `originalReference`. */
export function paymentOfEvent(event: { eventCode: string; pspReference: string; originalReference: string | null }): string {
  return event.eventCode === 'AUTHORISATION' || event.eventCode === 'OFFER_CLOSED' || !event.originalReference ? event.pspReference : event.originalReference;
}

/** What the order asked the PSP for: an authorisation that differs is never kept. */
export type ExpectedAmount = { amountCents: number; currency: string; merchantAccount: string };

/** A payment's facts before any event: nothing known. */
export function emptyFacts(payment: string): PaymentFacts {
  return {
    payment,
    authorised: false,
    refused: false,
    mismatch: false,
    authorisedCents: null,
    cancelled: false,
    refundedCents: 0,
    reversalFailed: false,
    refundFailed: false,
    captureFailed: false,
    chargedBack: false,
    disputeOpened: false,
    chargebackReversed: false,
  };
}

function differs(event: LedgerEvent, expected: ExpectedAmount): boolean {
  if (event.merchantAccount !== null && event.merchantAccount !== expected.merchantAccount) return true;
  return event.amount !== null && (event.amount.value !== expected.amountCents || event.amount.currency !== expected.currency);
}

/**
 * Each payment's facts, in the order the payments were first seen. A pure fold over the set of
 * events: every update is a flag set or a sum of distinct events (the ledger stores each event
 * once), so any order of the same events gives the same facts.
 */
export function factsOf(events: readonly LedgerEvent[], expected: ExpectedAmount): PaymentFacts[] {
  const byPayment = new Map<string, PaymentFacts>();
  for (const event of events) {
    if (!event.payment || !isSettlementEvent(event.eventCode)) continue;
    const facts = byPayment.get(event.payment) ?? emptyFacts(event.payment);
    byPayment.set(event.payment, facts);
    const { eventCode, success } = event;
    if (eventCode === 'AUTHORISATION') {
      if (success) {
        facts.authorised = true;
        if (differs(event, expected)) facts.mismatch = true;
        if (event.amount) facts.authorisedCents = Math.max(facts.authorisedCents ?? 0, event.amount.value);
      } else {
        facts.refused = true;
      }
    } else if (CANCELS.has(eventCode) || eventCode === 'OFFER_CLOSED') {
      if (success) facts.cancelled = true;
      else if (eventCode !== 'OFFER_CLOSED') facts.reversalFailed = true;
    } else if (eventCode === 'REFUND') {
      if (success) facts.refundedCents += event.amount?.value ?? 0;
      else facts.refundFailed = true;
    } else if (eventCode === 'REFUND_FAILED') {
      facts.refundFailed = true;
    } else if (eventCode === 'CAPTURE_FAILED' || (eventCode === 'CAPTURE' && !success)) {
      facts.captureFailed = true;
    } else if (CHARGEBACKS.has(eventCode)) {
      facts.chargedBack = true;
    } else if (CHARGEBACK_REVERSALS.has(eventCode)) {
      facts.chargebackReversed = true;
    } else if (DISPUTE_NOTICES.has(eventCode)) {
      facts.disputeOpened = true;
    }
  }
  return [...byPayment.values()];
}

/** Whether the payment still holds the fan's money: authorised and neither cancelled, refunded in full nor charged back. */
export function holdsMoney(facts: PaymentFacts): boolean {
  if (!facts.authorised || facts.cancelled) return false;
  if (facts.chargedBack && !facts.chargebackReversed) return false;
  return facts.authorisedCents === null || facts.refundedCents < facts.authorisedCents;
}

/** Whether the payment may pay the order: it holds money, and exactly what the order asked for. */
export function canPay(facts: PaymentFacts): boolean {
  return holdsMoney(facts) && !facts.mismatch;
}

/** Why the shop gives a payment back. */
export type ReversalReason = 'duplicate' | 'order-closed' | 'mismatch';

export const NOTICE_KINDS = [
  'paid',
  'reversal-requested',
  'reversal-confirmed',
  'reversal-failed',
  'mismatch',
  'late-authorisation',
  'payer-reversed',
  'payer-replaced',
  'refunded',
  'refund-failed',
  'capture-failed',
  'dispute-opened',
  'chargeback',
  'chargeback-reversed',
  // A fan's withdrawal (issue 31), keyed by the withdrawal's refund reference instead of a payment.
  'withdrawal-requested',
  'withdrawal-refunded',
  'withdrawal-refund-failed',
  // A fan asked to withdraw from an order whose payment was disputed or given back outside the shop.
  'withdrawal-blocked',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What support staff must act on or hear of (they get a mail); the rest is the order's history
 * only. Every refund and withdrawal goes to support too (issue 31: the support mail stream).
 */
const FOR_SUPPORT: ReadonlySet<NoticeKind> = new Set([
  'refunded',
  'withdrawal-requested',
  'withdrawal-refunded',
  'withdrawal-refund-failed',
  'withdrawal-blocked',
  'reversal-failed',
  'mismatch',
  'late-authorisation',
  'payer-reversed',
  'refund-failed',
  'capture-failed',
  'dispute-opened',
  'chargeback',
  'chargeback-reversed',
]);

export function isForSupport(kind: NoticeKind): boolean {
  return FOR_SUPPORT.has(kind);
}

/** A line of the order's history, once per kind and payment (its key). */
export type PaymentNotice = { kind: NoticeKind; payment: string };

export function noticeKey(notice: PaymentNotice): string {
  return `${notice.kind}:${notice.payment}`;
}

export type SettlementInput = {
  order: { status: OrderStatus; paidBy: string | null };
  expected: ExpectedAmount;
  /** Every event of the order's payments, in the order the shop recorded them. */
  events: readonly LedgerEvent[];
  /** Payments whose reversal the shop already asked for (it cannot be taken back). */
  reversing: ReadonlySet<string>;
};

export type SettlementDecision = {
  facts: PaymentFacts[];
  /** The payment that pays the order after this decision (null: none). */
  payer: string | null;
  /** The order, awaiting payment, is paid now by `payer` (and then fulfilled). */
  pay: boolean;
  /** Payments to give back now, each once. */
  reverse: { payment: string; reason: ReversalReason }[];
  /** The history lines the facts call for (already written ones are skipped by their key). */
  notices: PaymentNotice[];
};

const CLOSED: ReadonlySet<OrderStatus> = new Set(['expired', 'cancelled']);

/**
 * The order's money, decided from all its events. One payment at most pays an order: the first
 * recorded that can pay it while it awaits payment (it is then fulfilled: that cannot be undone,
 * so the payer stays). Every other payment that holds money goes back: a duplicate (another tab,
 * a double click, another session), one for an order that expired or was cancelled, one whose
 * amount is not the order's. Should the payer lose its money afterwards (cancelled or refunded
 * at the PSP by someone else, charged back), another payment not yet given back takes its place,
 * and support is told either way.
 */
export function settleOrder(input: SettlementInput): SettlementDecision {
  const facts = factsOf(input.events, input.expected);
  const byPayment = new Map(facts.map((entry) => [entry.payment, entry]));
  const notices: PaymentNotice[] = [];
  const closed = CLOSED.has(input.order.status);
  const usable = (entry: PaymentFacts) => canPay(entry) && !input.reversing.has(entry.payment);

  let payer = input.order.paidBy;
  let pay = false;
  if (payer === null && input.order.status === 'awaiting_payment') {
    payer = facts.find(usable)?.payment ?? null;
    pay = payer !== null;
    if (payer !== null) notices.push({ kind: 'paid', payment: payer });
  } else if (payer !== null) {
    const current = byPayment.get(payer);
    if (current && !canPay(current)) {
      notices.push({ kind: 'payer-reversed', payment: payer });
      const replacement = facts.find(usable);
      if (replacement) {
        notices.push({ kind: 'payer-replaced', payment: replacement.payment });
        payer = replacement.payment;
      }
    }
  }

  const reverse: SettlementDecision['reverse'] = [];
  for (const entry of facts) {
    if (entry.payment === payer || !holdsMoney(entry) || input.reversing.has(entry.payment)) continue;
    const reason: ReversalReason = entry.mismatch ? 'mismatch' : payer === null && closed ? 'order-closed' : 'duplicate';
    reverse.push({ payment: entry.payment, reason });
    notices.push({ kind: 'reversal-requested', payment: entry.payment });
    if (reason === 'order-closed') notices.push({ kind: 'late-authorisation', payment: entry.payment });
  }

  for (const entry of facts) notices.push(...factNotices(entry, input.reversing));
  return { facts, payer, pay, reverse, notices };
}

/** The history lines one payment's facts call for, whatever the order decided. */
function factNotices(entry: PaymentFacts, reversing: ReadonlySet<string>): PaymentNotice[] {
  const of = (kind: NoticeKind): PaymentNotice => ({ kind, payment: entry.payment });
  const lines: PaymentNotice[] = [];
  if (entry.authorised && entry.mismatch) lines.push(of('mismatch'));
  if (entry.cancelled && reversing.has(entry.payment)) lines.push(of('reversal-confirmed'));
  if (entry.reversalFailed) lines.push(of('reversal-failed'));
  if (entry.refundedCents > 0) lines.push(of('refunded'));
  if (entry.refundFailed) lines.push(of('refund-failed'));
  if (entry.captureFailed) lines.push(of('capture-failed'));
  if (entry.disputeOpened) lines.push(of('dispute-opened'));
  if (entry.chargedBack) lines.push(of('chargeback'));
  if (entry.chargebackReversed) lines.push(of('chargeback-reversed'));
  return lines;
}
