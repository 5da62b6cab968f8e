import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './order-status';
import {
  canPay,
  factsOf,
  holdsMoney,
  isForSupport,
  noticeKey,
  paymentOfEvent,
  settleOrder,
  type ExpectedAmount,
  type LedgerEvent,
  type ReversalReason,
} from './payment-ledger';

const EXPECTED: ExpectedAmount = { amountCents: 1500, currency: 'EUR', merchantAccount: 'Shop' };

function event(eventCode: string, payment: string, more: Partial<LedgerEvent> = {}): LedgerEvent {
  return { eventCode, success: true, payment, amount: { value: 1500, currency: 'EUR' }, merchantAccount: 'Shop', ...more };
}

describe('factsOf', () => {
  it('reads an authorisation, and a refusal', () => {
    const [authorised, refused] = factsOf([event('AUTHORISATION', 'P1'), event('AUTHORISATION', 'P2', { success: false })], EXPECTED);
    expect(authorised).toMatchObject({ payment: 'P1', authorised: true, mismatch: false, authorisedCents: 1500 });
    expect(canPay(authorised!)).toBe(true);
    expect(refused).toMatchObject({ payment: 'P2', authorised: false, refused: true });
    expect(holdsMoney(refused!)).toBe(false);
  });

  it('calls an authorisation of another amount, currency or merchant account a mismatch: it holds money but cannot pay', () => {
    for (const odd of [
      { amount: { value: 1, currency: 'EUR' } },
      { amount: { value: 1499, currency: 'EUR' } },
      { amount: { value: 1501, currency: 'EUR' } },
      { amount: { value: 1500, currency: 'USD' } },
      { merchantAccount: 'SomeoneElse' },
    ]) {
      const [facts] = factsOf([event('AUTHORISATION', 'P1', odd)], EXPECTED);
      expect(facts).toMatchObject({ authorised: true, mismatch: true });
      expect(holdsMoney(facts!)).toBe(true);
      expect(canPay(facts!)).toBe(false);
    }
  });

  it('takes an answer that states no amount or account at its word (the webhook will state them)', () => {
    const [facts] = factsOf([event('AUTHORISATION', 'P1', { amount: null, merchantAccount: null })], EXPECTED);
    expect(canPay(facts!)).toBe(true);
  });

  it('a cancellation cancels whether it comes before or after the authorisation', () => {
    for (const events of [
      [event('AUTHORISATION', 'P1'), event('CANCELLATION', 'P1')],
      [event('CANCELLATION', 'P1'), event('AUTHORISATION', 'P1')],
    ]) {
      const [facts] = factsOf(events, EXPECTED);
      expect(facts).toMatchObject({ authorised: true, cancelled: true });
      expect(holdsMoney(facts!)).toBe(false);
    }
  });

  it('each way of undoing a payment ends its money; a failed one says so', () => {
    for (const code of ['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND', 'OFFER_CLOSED']) {
      expect(holdsMoney(factsOf([event('AUTHORISATION', 'P1'), event(code, 'P1')], EXPECTED)[0]!)).toBe(false);
    }
    for (const code of ['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND']) {
      const [facts] = factsOf([event('AUTHORISATION', 'P1'), event(code, 'P1', { success: false })], EXPECTED);
      expect(facts).toMatchObject({ cancelled: false, reversalFailed: true });
      expect(holdsMoney(facts!)).toBe(true);
    }
  });

  it('a partial refund keeps the payment; a full one ends it', () => {
    const partial = factsOf([event('AUTHORISATION', 'P1'), event('REFUND', 'P1', { amount: { value: 1499, currency: 'EUR' } })], EXPECTED)[0]!;
    expect(partial.refundedCents).toBe(1499);
    expect(holdsMoney(partial)).toBe(true);
    const full = factsOf([event('REFUND', 'P1', { amount: { value: 500, currency: 'EUR' } }), event('AUTHORISATION', 'P1'), event('REFUND', 'P1', { amount: { value: 1000, currency: 'EUR' } })], EXPECTED)[0]!;
    expect(full.refundedCents).toBe(1500);
    expect(holdsMoney(full)).toBe(false);
  });

  it('a chargeback ends the money until it is reversed; failed refunds and captures are facts too', () => {
    expect(holdsMoney(factsOf([event('AUTHORISATION', 'P1'), event('CHARGEBACK', 'P1')], EXPECTED)[0]!)).toBe(false);
    expect(holdsMoney(factsOf([event('CHARGEBACK_REVERSED', 'P1'), event('CHARGEBACK', 'P1'), event('AUTHORISATION', 'P1')], EXPECTED)[0]!)).toBe(true);
    expect(factsOf([event('REFUND_FAILED', 'P1'), event('CAPTURE_FAILED', 'P1'), event('NOTIFICATION_OF_CHARGEBACK', 'P1')], EXPECTED)[0]).toMatchObject({
      refundFailed: true,
      captureFailed: true,
      disputeOpened: true,
    });
  });

  it('ignores events it does not know and events about no payment (REPORT_AVAILABLE)', () => {
    expect(factsOf([event('REPORT_AVAILABLE', ''), event('AUTHORISATION_ADJUSTMENT', 'P1'), event('ORDER_OPENED', 'P1')], EXPECTED)).toEqual([]);
  });

  it('names the payment an event is about', () => {
    expect(paymentOfEvent({ eventCode: 'AUTHORISATION', pspReference: 'P1', originalReference: null })).toBe('P1');
    expect(paymentOfEvent({ eventCode: 'OFFER_CLOSED', pspReference: 'P1', originalReference: 'X' })).toBe('P1');
    expect(paymentOfEvent({ eventCode: 'CANCELLATION', pspReference: 'M1', originalReference: 'P1' })).toBe('P1');
    expect(paymentOfEvent({ eventCode: 'CHARGEBACK', pspReference: 'D1', originalReference: 'P1' })).toBe('P1');
    expect(paymentOfEvent({ eventCode: 'REPORT_AVAILABLE', pspReference: 'report.csv', originalReference: null })).toBe('report.csv');
  });
});

describe('settleOrder', () => {
  const order = (status: OrderStatus, paidBy: string | null = null) => ({ status, paidBy });

  it('pays a waiting order with its first payment that can pay, and gives a second one back', () => {
    const decision = settleOrder({ order: order('awaiting_payment'), expected: EXPECTED, events: [event('AUTHORISATION', 'P1'), event('AUTHORISATION', 'P2')], reversing: new Set() });
    expect(decision).toMatchObject({ payer: 'P1', pay: true, reverse: [{ payment: 'P2', reason: 'duplicate' }] });
  });

  it('never pays with a cancelled, refused or mismatched payment', () => {
    const events = [event('CANCELLATION', 'P1'), event('AUTHORISATION', 'P1'), event('AUTHORISATION', 'P2', { success: false }), event('AUTHORISATION', 'P3', { amount: { value: 1, currency: 'EUR' } })];
    const decision = settleOrder({ order: order('awaiting_payment'), expected: EXPECTED, events, reversing: new Set() });
    expect(decision).toMatchObject({ payer: null, pay: false, reverse: [{ payment: 'P3', reason: 'mismatch' }] });
    expect(decision.notices.map(noticeKey)).toEqual(expect.arrayContaining(['mismatch:P3', 'reversal-requested:P3']));
  });

  it('gives back an authorisation for an expired or cancelled order, and tells support', () => {
    for (const status of ['expired', 'cancelled'] as const) {
      const decision = settleOrder({ order: order(status), expected: EXPECTED, events: [event('AUTHORISATION', 'P1')], reversing: new Set() });
      expect(decision).toMatchObject({ payer: null, pay: false, reverse: [{ payment: 'P1', reason: 'order-closed' }] });
      expect(decision.notices.map(noticeKey)).toContain('late-authorisation:P1');
    }
  });

  it('asks for a reversal once: a payment already being given back is not asked again', () => {
    const decision = settleOrder({ order: order('fulfilled', 'P1'), expected: EXPECTED, events: [event('AUTHORISATION', 'P1'), event('AUTHORISATION', 'P2')], reversing: new Set(['P2']) });
    expect(decision.reverse).toEqual([]);
  });

  it('keeps a payer whose money stays; when it loses it, another payment not given back takes its place, and support hears', () => {
    const lost = settleOrder({ order: order('fulfilled', 'P1'), expected: EXPECTED, events: [event('AUTHORISATION', 'P1'), event('CANCELLATION', 'P1'), event('AUTHORISATION', 'P2')], reversing: new Set() });
    expect(lost).toMatchObject({ payer: 'P2', pay: false, reverse: [] });
    expect(lost.notices.map(noticeKey)).toEqual(expect.arrayContaining(['payer-reversed:P1', 'payer-replaced:P2']));
    const none = settleOrder({ order: order('fulfilled', 'P1'), expected: EXPECTED, events: [event('AUTHORISATION', 'P1'), event('CHARGEBACK', 'P1')], reversing: new Set() });
    expect(none).toMatchObject({ payer: 'P1', reverse: [] });
    expect(none.notices.map(noticeKey)).toEqual(expect.arrayContaining(['payer-reversed:P1', 'chargeback:P1']));
  });

  it('tells support what needs a person, and keeps the rest as history', () => {
    expect(isForSupport('chargeback')).toBe(true);
    expect(isForSupport('refund-failed')).toBe(true);
    expect(isForSupport('capture-failed')).toBe(true);
    expect(isForSupport('mismatch')).toBe(true);
    expect(isForSupport('late-authorisation')).toBe(true);
    expect(isForSupport('reversal-failed')).toBe(true);
    expect(isForSupport('paid')).toBe(false);
    expect(isForSupport('reversal-requested')).toBe(false);
  });
});

/**
 * Every permutation of up to four events for one order, applied one at a time as the shop
 * applies them (each arrival settles the order from all events seen so far, and what it did —
 * the payer, reversals asked — is kept).
 */
describe('every arrival order of up to four events', () => {
  const UNIVERSE: Record<string, LedgerEvent> = {
    authorisedP1: event('AUTHORISATION', 'P1'),
    authorisedP2: event('AUTHORISATION', 'P2'),
    refusedP3: event('AUTHORISATION', 'P3', { success: false }),
    closedP3: event('OFFER_CLOSED', 'P3'),
    cancelledP1: event('CANCELLATION', 'P1'),
    reversedP2: event('CANCEL_OR_REFUND', 'P2'),
    reversalFailedP2: event('CANCEL_OR_REFUND', 'P2', { success: false }),
    oneCentP4: event('AUTHORISATION', 'P4', { amount: { value: 1, currency: 'EUR' } }),
    chargebackP1: event('CHARGEBACK', 'P1'),
    refundFailedP1: event('REFUND_FAILED', 'P1'),
    report: event('REPORT_AVAILABLE', '', { amount: { value: 0, currency: 'EUR' }, success: true }),
    unknown: event('AUTHORISATION_ADJUSTMENT', 'P1'),
  };

  type World = { status: OrderStatus; paidBy: string | null; fulfilments: number; reversing: Map<string, ReversalReason>; notices: Set<string>; events: LedgerEvent[] };

  function arrive(world: World, next: LedgerEvent): void {
    world.events.push(next);
    const decision = settleOrder({ order: { status: world.status, paidBy: world.paidBy }, expected: EXPECTED, events: world.events, reversing: new Set(world.reversing.keys()) });
    if (decision.pay) {
      expect(world.status).toBe('awaiting_payment');
      world.status = 'fulfilled';
      world.fulfilments += 1;
    }
    world.paidBy = decision.payer;
    for (const { payment, reason } of decision.reverse) {
      expect(world.reversing.has(payment)).toBe(false);
      world.reversing.set(payment, reason);
    }
    for (const notice of decision.notices) world.notices.add(noticeKey(notice));
  }

  function run(status: OrderStatus, events: LedgerEvent[]): World {
    const world: World = { status, paidBy: null, fulfilments: 0, reversing: new Map(), notices: new Set(), events: [] };
    for (const next of events) arrive(world, next);
    return world;
  }

  function* subsets<T>(items: T[], size: number, start = 0): Generator<T[]> {
    if (size === 0) return yield [];
    for (let index = start; index <= items.length - size; index++) for (const rest of subsets(items, size - 1, index + 1)) yield [items[index]!, ...rest];
  }

  function* permutations<T>(items: T[]): Generator<T[]> {
    if (items.length <= 1) return yield items;
    for (let index = 0; index < items.length; index++) {
      for (const rest of permutations([...items.slice(0, index), ...items.slice(index + 1)])) yield [items[index]!, ...rest];
    }
  }

  /** The shop's own steps, which may differ by arrival: a reversal not needed when the PSP already undid the payment. */
  const STEPS = new Set(['paid', 'reversal-requested', 'reversal-confirmed', 'late-authorisation', 'payer-replaced']);

  /**
   * The end state as money and people see it: the order, how many payments it keeps and gives
   * back, which ones never held money, and every fact support was told of. Which of two good
   * duplicates is kept depends on which arrived first (the first pays at once): not part of it.
   */
  function endState(world: World) {
    const facts = factsOf(world.events, EXPECTED);
    const payer = facts.find((entry) => entry.payment === world.paidBy) ?? null;
    const holding = facts.filter(holdsMoney);
    return JSON.stringify({
      status: world.status,
      fulfilments: world.fulfilments,
      payerCanPay: payer ? canPay(payer) : null,
      kept: holding.filter((entry) => !world.reversing.has(entry.payment)).length,
      returned: holding.filter((entry) => world.reversing.has(entry.payment)).length,
      noMoney: facts.filter((entry) => !holdsMoney(entry)).map((entry) => entry.payment).sort(),
      told: [...world.notices].filter((key) => !STEPS.has(key.slice(0, key.indexOf(':')))).sort(),
    });
  }

  /** The events in the universe that undo each payment that could pay. */
  const UNDOES: Record<string, string[]> = { authorisedP1: ['cancelledP1', 'chargebackP1'], authorisedP2: ['reversedP2'] };

  /**
   * The one kind of set whose end depends on arrival order: an order waiting for its payment, a
   * payment that can pay it, and that payment's money undone at the PSP. Arriving first, the
   * payment pays the order, which is fulfilled (that cannot be undone) and support is told of the
   * money gone; arriving after its undoing, it never pays. Every invariant still holds for it.
   */
  function dependsOnOrder(status: OrderStatus, chosen: string[]): boolean {
    return status === 'awaiting_payment' && Object.entries(UNDOES).some(([paying, undoes]) => chosen.includes(paying) && undoes.some((undo) => chosen.includes(undo)));
  }

  const names = Object.keys(UNIVERSE);

  for (const status of ['awaiting_payment', 'expired', 'cancelled'] as const) {
    it(`gives one end state for any order of the same events, and never keeps two payments (order ${status})`, () => {
      let sets = 0;
      let orders = 0;
      for (let size = 1; size <= 4; size++) {
        for (const chosen of subsets(names, size)) {
          sets += 1;
          const ends = new Set<string>();
          for (const arrival of permutations(chosen)) {
            orders += 1;
            const world = run(status, arrival.map((name) => UNIVERSE[name]!));
            ends.add(endState(world));
            const facts = factsOf(world.events, EXPECTED);
            const kept = facts.filter((entry) => holdsMoney(entry) && !world.reversing.has(entry.payment));
            // No double charge: at most one payment keeps money, and only the payer.
            expect(kept.length).toBeLessThanOrEqual(1);
            if (kept[0]) expect(kept[0].payment).toBe(world.paidBy);
            // Fulfilled at most once; never by a closed order; never by a mismatch.
            expect(world.fulfilments).toBeLessThanOrEqual(1);
            if (status !== 'awaiting_payment') expect(world.fulfilments).toBe(0);
            const payer = facts.find((entry) => entry.payment === world.paidBy);
            if (payer) expect(payer.mismatch).toBe(false);
            if (world.paidBy) expect(world.reversing.has(world.paidBy)).toBe(false);
            // A paid order whose money is gone is never silent.
            if (payer && !canPay(payer)) expect(world.notices).toContain(`payer-reversed:${payer.payment}`);
            // An order paid is paid by a payment that could pay when it did.
            if (world.fulfilments === 1) expect(world.paidBy).not.toBeNull();
            // A payment undone before its authorisation arrived never pays (issue 29's bug).
            for (const [paying, undoes] of Object.entries(UNDOES)) {
              const undoneAt = Math.min(...undoes.map((undo) => arrival.indexOf(undo)).filter((at) => at >= 0));
              if (arrival.includes(paying) && undoneAt < arrival.indexOf(paying)) expect(world.paidBy).not.toBe(UNIVERSE[paying]!.payment);
            }
          }
          if (!dependsOnOrder(status, chosen)) expect({ chosen, ends: [...ends] }).toEqual({ chosen, ends: [...ends].slice(0, 1) });
        }
      }
      // 12 events: 793 sets of one to four, each in all its arrival orders.
      expect({ sets, orders }).toEqual({ sets: 12 + 66 + 220 + 495, orders: 12 + 66 * 2 + 220 * 6 + 495 * 24 });
      // Exhaustive, so CPU-bound: about a second alone, several on a loaded 2-core machine.
    }, 60_000);
  }
});
