import { describe, expect, it } from 'vitest';
import { emptyFacts, type PaymentFacts } from './payment-ledger';
import { paymentStanding, refundPlan, refundStateOf, voucherShares, withdrawalDeadline, withdrawalRefusal, type WithdrawalCandidate, type WithdrawalOrder } from './withdrawal-rights';

// Paid on 1 December 2026 at 10:05 in Rome (09:05 UTC): the period ends at the end of 15 December,
// i.e. 16 December 00:00 in Rome = 15 December 23:00 UTC.
const paidAt = new Date('2026-12-01T09:05:00Z');
const order: WithdrawalOrder = { status: 'fulfilled', paidAt };
const lastInstant = new Date('2026-12-15T22:59:59.999Z');
const periodOver = new Date('2026-12-15T23:00:00Z');

const membership: WithdrawalCandidate = { kind: 'membership', process: 'buy', waived: false, membershipStatus: 'ready', giftRedeemed: false, withdrawn: false };

describe('withdrawalDeadline', () => {
  it('is the end of the 14th Rome calendar day after payment, for a paid or fulfilled order only', () => {
    expect(withdrawalDeadline(order)?.toISOString()).toBe('2026-12-15T23:00:00.000Z');
    expect(withdrawalDeadline({ status: 'paid', paidAt })?.toISOString()).toBe('2026-12-15T23:00:00.000Z');
    for (const status of ['awaiting_payment', 'cancelled', 'expired'] as const) expect(withdrawalDeadline({ status, paidAt })).toBeNull();
    expect(withdrawalDeadline({ status: 'fulfilled', paidAt: null })).toBeNull();
  });
});

describe('withdrawalRefusal', () => {
  it('refuses every item of an order whose payment was disputed or given back outside the shop, after the item’s own reasons', () => {
    for (const item of [membership, { ...membership, kind: 'card' as const }, { ...membership, process: 'gift' as const }, { ...membership, process: 'coupon' as const }]) {
      expect(withdrawalRefusal(item, order, 'disputed', paidAt)).toBe('payment-disputed');
      expect(withdrawalRefusal(item, order, 'returned', lastInstant)).toBe('payment-returned');
    }
    // What the item is refused for anyway comes first: the fan is told what no support can change.
    expect(withdrawalRefusal(membership, order, 'disputed', periodOver)).toBe('period-over');
    expect(withdrawalRefusal({ ...membership, withdrawn: true }, order, 'returned', paidAt)).toBe('already-withdrawn');
    expect(withdrawalRefusal({ ...membership, process: 'gift', giftRedeemed: true }, order, 'disputed', paidAt)).toBe('gift-redeemed');
    expect(withdrawalRefusal(membership, { status: 'awaiting_payment', paidAt: null }, 'disputed', paidAt)).toBe('not-paid');
  });

  it('admits any item until the last millisecond of the 14th day, and none from then on', () => {
    for (const item of [
      membership,
      { ...membership, kind: 'card' as const, membershipStatus: 'active' as const },
      { ...membership, process: 'gift' as const },
      { ...membership, process: 'coupon' as const },
      { ...membership, process: 'upgrade' as const },
      { ...membership, process: 'renewal' as const },
    ]) {
      expect(withdrawalRefusal(item, order, 'holds', paidAt)).toBeNull();
      expect(withdrawalRefusal(item, order, 'holds', lastInstant)).toBeNull();
      expect(withdrawalRefusal(item, order, 'holds', periodOver)).toBe('period-over');
    }
  });

  it('refuses an order not paid, and an item withdrawn already (that first)', () => {
    expect(withdrawalRefusal(membership, { status: 'awaiting_payment', paidAt: null }, 'holds', paidAt)).toBe('not-paid');
    expect(withdrawalRefusal(membership, { status: 'cancelled', paidAt: null }, 'holds', paidAt)).toBe('not-paid');
    expect(withdrawalRefusal({ ...membership, withdrawn: true }, order, 'holds', paidAt)).toBe('already-withdrawn');
    expect(withdrawalRefusal({ ...membership, withdrawn: true, membershipStatus: 'cancelled' }, order, 'holds', periodOver)).toBe('already-withdrawn');
  });

  it('refuses a waived membership once it is active, not while it waits for its season; a kept right is never lost by activation', () => {
    expect(withdrawalRefusal({ ...membership, waived: true, membershipStatus: 'active' }, order, 'holds', paidAt)).toBe('started');
    expect(withdrawalRefusal({ ...membership, waived: true, membershipStatus: 'ready' }, order, 'holds', paidAt)).toBeNull();
    expect(withdrawalRefusal({ ...membership, waived: false, membershipStatus: 'active' }, order, 'holds', paidAt)).toBeNull();
    expect(withdrawalRefusal({ ...membership, process: 'upgrade', waived: true, membershipStatus: 'active' }, order, 'holds', paidAt)).toBe('started');
  });

  it('admits a gift only while nobody has redeemed it', () => {
    const gift = { ...membership, process: 'gift' as const };
    expect(withdrawalRefusal(gift, order, 'holds', paidAt)).toBeNull();
    expect(withdrawalRefusal({ ...gift, giftRedeemed: true }, order, 'holds', paidAt)).toBe('gift-redeemed');
    // An activated gift is redeemed too (its holder chosen).
    expect(withdrawalRefusal({ ...gift, giftRedeemed: true, membershipStatus: 'active' }, order, 'holds', paidAt)).toBe('gift-redeemed');
  });

  it('refuses a membership that ended otherwise (replaced by an upgrade, expired); an item not issued yet is admitted', () => {
    expect(withdrawalRefusal({ ...membership, membershipStatus: 'cancelled' }, order, 'holds', paidAt)).toBe('ended');
    expect(withdrawalRefusal({ ...membership, membershipStatus: 'expired' }, order, 'holds', paidAt)).toBe('ended');
    expect(withdrawalRefusal({ ...membership, membershipStatus: null }, { status: 'paid', paidAt }, 'holds', paidAt)).toBeNull();
  });
});

describe('voucherShares', () => {
  it('splits the discount in proportion to the prices, in cents that add up to it exactly', () => {
    expect(voucherShares([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    expect(voucherShares([4990, 1000], 599)).toEqual([499, 100]);
    expect(voucherShares([3333, 3333, 3334], 1000)).toEqual([333, 333, 334]);
    const shares = voucherShares([1999, 4990, 0, 1], 777);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(777);
    expect(shares[2]).toBe(0);
  });

  it('gives nothing with no discount or nothing priced, and never more than an item cost', () => {
    expect(voucherShares([1000, 2000], 0)).toEqual([0, 0]);
    expect(voucherShares([0, 0], 500)).toEqual([0, 0]);
    expect(voucherShares([], 500)).toEqual([]);
    expect(voucherShares([1000, 2000], 3000)).toEqual([1000, 2000]);
    expect(voucherShares([1000, 2000], 9000)).toEqual([1000, 2000]);
  });
});

describe('refundPlan', () => {
  const lines = [
    { id: 'card', unitPriceCents: 1000, ships: true, couponCode: null },
    { id: 'gift', unitPriceCents: 4990, ships: false, couponCode: null },
    { id: 'coupon', unitPriceCents: 0, ships: false, couponCode: 'ABCDE12345' },
  ];
  const withVoucher = { lines, voucherDiscountCents: 599, shippingCents: 700 };

  it('gives back each item’s price less its voucher share; the shipping with the withdrawal that leaves nothing to ship', () => {
    expect(refundPlan(withVoucher, new Set(), new Set(['gift']))).toEqual({ items: [{ id: 'gift', refundCents: 4491, couponCode: null }], shippingCents: 0, totalCents: 4491 });
    expect(refundPlan(withVoucher, new Set(['gift']), new Set(['card']))).toEqual({ items: [{ id: 'card', refundCents: 900, couponCode: null }], shippingCents: 700, totalCents: 1600 });
    // Everything at once is what was paid.
    expect(refundPlan(withVoucher, new Set(), new Set(['card', 'gift', 'coupon'])).totalCents).toBe(1000 + 4990 - 599 + 700);
  });

  it('gives a coupon’s item its coupon back and no money; the shipping never twice', () => {
    expect(refundPlan(withVoucher, new Set(), new Set(['coupon']))).toEqual({ items: [{ id: 'coupon', refundCents: 0, couponCode: 'ABCDE12345' }], shippingCents: 0, totalCents: 0 });
    expect(refundPlan(withVoucher, new Set(['card']), new Set(['gift'])).shippingCents).toBe(0);
    expect(refundPlan({ ...withVoucher, shippingCents: 0 }, new Set(), new Set(['card'])).shippingCents).toBe(0);
  });
});

describe('refundStateOf', () => {
  it('is requested until the PSP answers; a failure wins over a success whatever their order', () => {
    expect(refundStateOf([])).toBe('requested');
    expect(refundStateOf([{ eventCode: 'REFUND', success: true }])).toBe('refunded');
    expect(refundStateOf([{ eventCode: 'REFUND', success: false }])).toBe('failed');
    expect(refundStateOf([{ eventCode: 'REFUND', success: true }, { eventCode: 'REFUND_FAILED', success: true }])).toBe('failed');
    expect(refundStateOf([{ eventCode: 'REFUND_FAILED', success: true }, { eventCode: 'REFUND', success: true }])).toBe('failed');
  });
});

describe('paymentStanding', () => {
  const facts = (change: Partial<PaymentFacts> = {}): PaymentFacts => ({ ...emptyFacts('PAYER'), authorised: true, authorisedCents: 4000, ...change });

  it('holds while nothing outside the shop touched the payment, and for an order paid without the PSP', () => {
    expect(paymentStanding(facts())).toBe('holds');
    expect(paymentStanding(facts({ refundFailed: true, captureFailed: false }))).toBe('holds');
    expect(paymentStanding(null)).toBe('holds');
  });

  it('is disputed from the first dispute notice or chargeback until the chargeback is reversed', () => {
    expect(paymentStanding(facts({ disputeOpened: true }))).toBe('disputed');
    expect(paymentStanding(facts({ chargedBack: true }))).toBe('disputed');
    expect(paymentStanding(facts({ disputeOpened: true, chargedBack: true }))).toBe('disputed');
    expect(paymentStanding(facts({ chargedBack: true, chargebackReversed: true }))).toBe('holds');
    expect(paymentStanding(facts({ disputeOpened: true, chargebackReversed: true }))).toBe('holds');
  });

  it('is returned once cancelled or refunded by anyone but a withdrawal (the caller leaves those out), by a cent already', () => {
    expect(paymentStanding(facts({ cancelled: true }))).toBe('returned');
    expect(paymentStanding(facts({ refundedCents: 1 }))).toBe('returned');
    expect(paymentStanding(facts({ refundedCents: 4000 }))).toBe('returned');
    // A chargeback says more than a refund: the bank took the money, support must not refund it again.
    expect(paymentStanding(facts({ refundedCents: 500, chargedBack: true }))).toBe('disputed');
  });
});
