import { describe, expect, it } from 'vitest';
import { MAX_WITHDRAWAL_ITEMS, parseWithdrawalChoice, parseWithdrawalConfirmation, WITHDRAWAL_MESSAGES } from './withdrawal';

const A = '3f0c9a52-8d1e-4b7a-9c3e-5a2b1d0e4f61';
const B = '7e4d2c1b-0a9f-4e8d-b7c6-1f2e3d4c5b6a';
const KEY = 'c8a1e5f2-3b4d-4c6e-8f9a-0b1c2d3e4f5a';

const query = (...items: string[]) => new URLSearchParams(items.map((item) => ['item', item]));
function form(items: string[], key?: string): FormData {
  const data = new FormData();
  for (const item of items) data.append('item', item);
  if (key !== undefined) data.set('key', key);
  return data;
}

describe('the withdrawal choice (query)', () => {
  it('reads the chosen items, each once, in the order sent', () => {
    expect(parseWithdrawalChoice(query(A, B, A))).toEqual({ ok: true, itemIds: [A, B] });
  });

  it('asks for a choice when none is made', () => {
    expect(parseWithdrawalChoice(new URLSearchParams())).toEqual({ ok: false, field: 'item', message: WITHDRAWAL_MESSAGES.nothingChosen });
  });

  it('refuses an id that is no uuid, a huge one included', () => {
    expect(parseWithdrawalChoice(query(A, 'line-1'))).toMatchObject({ ok: false, field: 'item', message: WITHDRAWAL_MESSAGES.badChoice });
    expect(parseWithdrawalChoice(query('x'.repeat(100_000)))).toMatchObject({ ok: false, message: WITHDRAWAL_MESSAGES.badChoice });
  });

  it(`takes at most ${MAX_WITHDRAWAL_ITEMS} items`, () => {
    const ids = Array.from({ length: MAX_WITHDRAWAL_ITEMS + 1 }, (_, index) => `3f0c9a52-8d1e-4b7a-9c3e-${String(index).padStart(12, '0')}`);
    expect(parseWithdrawalChoice(query(...ids.slice(0, MAX_WITHDRAWAL_ITEMS)))).toMatchObject({ ok: true });
    expect(parseWithdrawalChoice(query(...ids))).toEqual({ ok: false, field: 'item', message: WITHDRAWAL_MESSAGES.tooMany });
  });
});

describe('the withdrawal confirmation (POST)', () => {
  it('reads the items and the key', () => {
    expect(parseWithdrawalConfirmation(form([A, B], KEY))).toEqual({ ok: true, itemIds: [A, B], key: KEY });
  });

  it('refuses a missing or malformed key at the key', () => {
    expect(parseWithdrawalConfirmation(form([A]))).toEqual({ ok: false, field: 'key', message: WITHDRAWAL_MESSAGES.badKey });
    expect(parseWithdrawalConfirmation(form([A], 'not-a-key'))).toEqual({ ok: false, field: 'key', message: WITHDRAWAL_MESSAGES.badKey });
  });

  it('asks for a choice when no item is posted', () => {
    expect(parseWithdrawalConfirmation(form([], KEY))).toEqual({ ok: false, field: 'item', message: WITHDRAWAL_MESSAGES.nothingChosen });
  });

  it('refuses a file sent as an item', () => {
    const data = form([], KEY);
    data.append('item', new File(['x'], 'x.txt'));
    expect(parseWithdrawalConfirmation(data)).toMatchObject({ ok: false, field: 'item', message: WITHDRAWAL_MESSAGES.badChoice });
  });
});
