import { describe, expect, it } from 'vitest';
import {
  backInStockMail,
  canAskToBeNotified,
  MAX_PENDING_NOTIFY_REQUESTS,
  isPurchasable,
  notifyMeDedupeKey,
  notifyMePageState,
  notifyMeState,
  productUrl,
} from './notify-me';

const onSale = { availability: 'available', soldOut: false } as const;

describe('isPurchasable', () => {
  it('is false while the product is marked sold out or not available, whatever the stock', () => {
    expect(isPurchasable({ availability: 'available', soldOut: true }, [])).toBe(false);
    expect(isPurchasable({ availability: 'not_available', soldOut: false }, [5])).toBe(false);
  });

  it('is true for a product on sale without sizes (no stock count)', () => {
    expect(isPurchasable(onSale, [])).toBe(true);
  });

  it('needs one size in stock when sizes carry stock', () => {
    expect(isPurchasable(onSale, [0, 0, 0])).toBe(false);
    expect(isPurchasable(onSale, [0, 1, 0])).toBe(true);
  });
});

describe('notify-me states', () => {
  it('a request waits until it is notified, then says when', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    expect(notifyMeState({ notifiedAt: null })).toEqual({ kind: 'waiting' });
    expect(notifyMeState({ notifiedAt: at })).toEqual({ kind: 'notified', at });
  });

  it('the page says "available" before anything else, then "waiting", else offers the form', () => {
    expect(notifyMePageState(true, true)).toBe('available');
    expect(notifyMePageState(true, false)).toBe('available');
    expect(notifyMePageState(false, true)).toBe('waiting');
    expect(notifyMePageState(false, false)).toBe('ask');
  });
});

describe('notifyMeDedupeKey', () => {
  it('is stable for one asking and changes when the fan asks again', () => {
    const first = new Date('2026-11-20T10:00:00.123Z');
    expect(notifyMeDedupeKey('r1', first)).toBe('notify-me:r1:2026-11-20T10:00:00.123Z');
    expect(notifyMeDedupeKey('r1', new Date(first))).toBe(notifyMeDedupeKey('r1', first));
    expect(notifyMeDedupeKey('r1', new Date('2026-11-21T10:00:00Z'))).not.toBe(notifyMeDedupeKey('r1', first));
    expect(notifyMeDedupeKey('r2', first)).not.toBe(notifyMeDedupeKey('r1', first));
  });
});

describe('productUrl', () => {
  it('is absolute, keeps a path prefix and encodes the id', () => {
    expect(productUrl('https://shop.example', 'young')).toBe('https://shop.example/products/young');
    expect(productUrl('https://shop.example/fan/', 'young')).toBe('https://shop.example/fan/products/young');
    expect(productUrl('http://localhost:3000', 'a b/c')).toBe('http://localhost:3000/products/a%20b%2Fc');
  });
});

describe('backInStockMail', () => {
  const input = {
    firstName: ' Ada ',
    productId: 'jcard',
    productName: { it: 'Carta del club', en: 'Club Card' },
    publicUrl: 'https://shop.example',
  };

  it('names the product in the language the fan asked in', () => {
    expect(backInStockMail({ ...input, language: 'it' })).toEqual({
      language: 'it',
      values: { firstName: 'Ada', productName: 'Carta del club', productUrl: 'https://shop.example/products/jcard' },
    });
    expect(backInStockMail({ ...input, language: 'en' }).values.productName).toBe('Club Card');
  });
});

describe('canAskToBeNotified', () => {
  it('lets a fan wait for up to 50 products at once', () => {
    expect(MAX_PENDING_NOTIFY_REQUESTS).toBe(50);
    expect(canAskToBeNotified(49)).toBe(true);
    expect(canAskToBeNotified(50)).toBe(false);
    expect(canAskToBeNotified(1, 2)).toBe(true);
    expect(canAskToBeNotified(2, 2)).toBe(false);
  });
});
