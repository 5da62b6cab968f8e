import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES as M } from './messages';
import { mintVoucherSchema } from './mint-voucher';

const percent = { code: ' sconto 20 ', discountType: 'percentage', amount: '20', validDays: '30', usageLimit: '' };

function parse(input: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(input)) formData.set(name, value);
  return parseWithZod(formData, { schema: mintVoucherSchema });
}

const errorsOf = (input: Record<string, string>) => {
  const submission = parse(input);
  return submission.status === 'success' ? {} : (submission.error ?? {});
};

describe('mintVoucherSchema', () => {
  it('normalises the code as the cart does, and reads an empty usage limit as none', () => {
    const submission = parse(percent);
    expect(submission.status === 'success' && submission.value).toEqual({ code: 'SCONTO20', discountType: 'percentage', amount: 20, validDays: 30 });
    const limited = parse({ ...percent, usageLimit: '3' });
    expect(limited.status === 'success' && limited.value.usageLimit).toBe(3);
  });

  it('takes 1 to 100 for a percentage and 1 to 1000 whole euros for an amount', () => {
    const amountMessage = ['dev:vouchers.invalidAmount'];
    expect(errorsOf({ ...percent, amount: '100' })).toEqual({});
    expect(errorsOf({ ...percent, amount: '101' })).toEqual({ amount: amountMessage });
    expect(errorsOf({ ...percent, amount: '0' })).toEqual({ amount: amountMessage });
    expect(errorsOf({ ...percent, discountType: 'amount', amount: '1000' })).toEqual({});
    expect(errorsOf({ ...percent, discountType: 'amount', amount: '1001' })).toEqual({ amount: amountMessage });
    expect(errorsOf({ ...percent, amount: '' })).toEqual({ amount: amountMessage });
  });

  it('refuses a code the cart could never accept, an unknown type, days out of range and a zero limit', () => {
    expect(errorsOf({ ...percent, code: 'A'.repeat(31) })).toEqual({ code: ['cart:errors.voucher.tooLong'] });
    expect(errorsOf({ ...percent, code: 'SCONTO_20' })).toEqual({ code: ['cart:errors.voucher.invalid'] });
    expect(errorsOf({ ...percent, code: '' })).toEqual({ code: [M.required] });
    expect(errorsOf({ ...percent, discountType: 'free' })).toEqual({ discountType: [M.selectFromList] });
    expect(errorsOf({ ...percent, validDays: '3651' })).toEqual({ validDays: ['dev:vouchers.invalidDays'] });
    expect(errorsOf({ ...percent, validDays: '0' })).toEqual({ validDays: ['dev:vouchers.invalidDays'] });
    expect(errorsOf({ ...percent, usageLimit: '0' })).toEqual({ usageLimit: ['dev:vouchers.invalidLimit'] });
  });
});
