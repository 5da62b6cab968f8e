import { describe, expect, it } from 'vitest';
import { checkVoucher, checkVoucherValidity, normaliseVoucherCode, voucherCodeProblem, voucherDiscountCents, type VoucherRecord } from './voucher';

const voucher = (more: Partial<VoucherRecord> = {}): VoucherRecord => ({
  code: 'SCONTO10',
  discount: { type: 'percentage', percent: 10 },
  validFrom: new Date('2026-12-01T00:00:00Z'),
  validUntil: new Date('2027-01-01T00:00:00Z'),
  usageLimit: null,
  timesUsed: 0,
  ...more,
});

describe('the typed code', () => {
  it('is read without spaces and in capitals', () => {
    expect(normaliseVoucherCode('  sconto 10 ')).toBe('SCONTO10');
    expect(normaliseVoucherCode('natale-2026')).toBe('NATALE-2026');
  });

  it('has 1 to 30 letters, digits and hyphens, whatever spaces were typed around them', () => {
    expect(voucherCodeProblem('')).toBe('required');
    expect(voucherCodeProblem('   ')).toBe('required');
    expect(voucherCodeProblem('A'.repeat(30))).toBeNull();
    expect(voucherCodeProblem(` ${'A'.repeat(15)} ${'A'.repeat(15)} `)).toBeNull();
    expect(voucherCodeProblem('A'.repeat(31))).toBe('tooLong');
    expect(voucherCodeProblem('SCONTO_10')).toBe('invalid');
    expect(voucherCodeProblem('SCONTÒ10')).toBe('invalid');
  });
});

describe('checkVoucher', () => {
  const from = new Date('2026-12-01T00:00:00Z');
  const until = new Date('2027-01-01T00:00:00Z');

  it('is valid from its first instant to just before its end (from inclusive, until exclusive)', () => {
    expect(checkVoucher(voucher(), new Date(from.getTime() - 1), 1000)).toMatchObject({ ok: false, reason: 'notYetValid' });
    expect(checkVoucher(voucher(), from, 1000)).toMatchObject({ ok: true });
    expect(checkVoucher(voucher(), new Date(until.getTime() - 1), 1000)).toMatchObject({ ok: true });
    expect(checkVoucher(voucher(), until, 1000)).toMatchObject({ ok: false, reason: 'expired' });
    expect(checkVoucher(voucher({ validFrom: null, validUntil: null }), new Date('2099-01-01T00:00:00Z'), 1000)).toMatchObject({ ok: true });
  });

  it('refuses an unknown code, one used up to its limit, and a cart with nothing priced', () => {
    expect(checkVoucher(null, from, 1000)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(checkVoucher(voucher({ usageLimit: 2, timesUsed: 1 }), from, 1000)).toMatchObject({ ok: true });
    expect(checkVoucher(voucher({ usageLimit: 2, timesUsed: 2 }), from, 1000)).toMatchObject({ ok: false, reason: 'usedUp' });
    expect(checkVoucher(voucher(), from, 0)).toMatchObject({ ok: false, reason: 'notApplicable' });
    // The voucher's own refusals come first: an expired voucher on an empty cart is expired.
    expect(checkVoucher(voucher(), until, 0)).toMatchObject({ ok: false, reason: 'expired' });
    expect(checkVoucherValidity(voucher(), from)).toMatchObject({ ok: true });
  });
});

describe('voucherDiscountCents', () => {
  it('takes a percentage of the subtotal once, to the nearest cent with halves up', () => {
    expect(voucherDiscountCents({ type: 'percentage', percent: 10 }, 1666)).toBe(167);
    // 166.5 cents: the half goes up.
    expect(voucherDiscountCents({ type: 'percentage', percent: 10 }, 1665)).toBe(167);
    expect(voucherDiscountCents({ type: 'percentage', percent: 10 }, 1664)).toBe(166);
    // 15% of 33.33 € is 4.9995 €: 5.00 €.
    expect(voucherDiscountCents({ type: 'percentage', percent: 15 }, 3333)).toBe(500);
    expect(voucherDiscountCents({ type: 'percentage', percent: 10 }, 5)).toBe(1);
    expect(voucherDiscountCents({ type: 'percentage', percent: 100 }, 17400)).toBe(17400);
  });

  it('takes a fixed amount, at most the subtotal, and never anything off nothing', () => {
    expect(voucherDiscountCents({ type: 'amount', amountCents: 500 }, 17400)).toBe(500);
    expect(voucherDiscountCents({ type: 'amount', amountCents: 500 }, 300)).toBe(300);
    expect(voucherDiscountCents({ type: 'amount', amountCents: 500 }, 0)).toBe(0);
  });

  it('never adds to the total: a negative amount or percentage takes nothing off', () => {
    expect(voucherDiscountCents({ type: 'amount', amountCents: -500 }, 17400)).toBe(0);
    expect(voucherDiscountCents({ type: 'percentage', percent: -10 }, 17400)).toBe(0);
    expect(voucherDiscountCents({ type: 'percentage', percent: 10 }, 0)).toBe(0);
  });
});
