import { describe, expect, it } from 'vitest';
import { GIFT_ACTIVATED_PATH, giftActivatedPath, missingCodeReason, orderIdOf, redeemedProductOf, receiptPath, showsPayBy, thankYouKindOf, thankYouPath } from './order-pages';

const ORDER_ID = '0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11';

describe('order page addresses', () => {
  it('names the order by its uuid in the query of the thank-you page and the path of the receipt', () => {
    expect(thankYouPath(ORDER_ID)).toBe(`/thankyou?orderId=${ORDER_ID}`);
    expect(receiptPath(ORDER_ID)).toBe(`/account/orders/${ORDER_ID}`);
  });

  it('escapes whatever else it is given', () => {
    expect(thankYouPath('a&b=c')).toBe('/thankyou?orderId=a%26b%3Dc');
    expect(receiptPath('../x?y')).toBe('/account/orders/..%2Fx%3Fy');
  });

  it('reads the orderId of a thank-you address; absent or blank is none', () => {
    expect(orderIdOf(new URL(`http://shop.test/thankYou?orderId=${ORDER_ID}`))).toBe(ORDER_ID);
    expect(orderIdOf(new URL('http://shop.test/thankyou?orderId=not-a-uuid'))).toBe('not-a-uuid');
    expect(orderIdOf(new URL('http://shop.test/thankyou'))).toBeNull();
    expect(orderIdOf(new URL('http://shop.test/thankyou?orderId=%20'))).toBeNull();
  });
});

describe('what a thank-you address thanks for', () => {
  const kindOf = (path: string) => thankYouKindOf(new URL(path, 'http://shop.test'));

  it('a purchase, unless it names new documents or an activated gift', () => {
    expect(kindOf(`/thankyou?orderId=${ORDER_ID}`)).toBe('purchase');
    expect(kindOf('/thankyou?documents=1')).toBe('documents');
    expect(kindOf(GIFT_ACTIVATED_PATH)).toBe('gift');
    expect(kindOf('/thankyou?gift=yes')).toBe('purchase');
  });

  it('names the redeemed gift’s product after its activation; anything else names none', () => {
    const productOf = (path: string) => redeemedProductOf(new URL(path, 'http://shop.test'));
    expect(giftActivatedPath('kids')).toBe('/thankyou?gift=1&product=kids');
    expect(kindOf(giftActivatedPath('kids'))).toBe('gift');
    expect(productOf(giftActivatedPath('kids'))).toBe('kids');
    expect(productOf(giftActivatedPath('black-and-white'))).toBe('black-and-white');
    expect(productOf(giftActivatedPath('a'.repeat(64)))).toBe('a'.repeat(64));
    expect(productOf(giftActivatedPath('a'.repeat(65)))).toBeNull();
    expect(productOf(GIFT_ACTIVATED_PATH)).toBeNull();
    expect(productOf('/thankyou?gift=1&product=')).toBeNull();
    expect(productOf('/thankyou?gift=1&product=Kids')).toBeNull();
    expect(productOf('/thankyou?gift=1&product=-kids')).toBeNull();
    expect(productOf('/thankyou?gift=1&product=kids%2F..')).toBeNull();
    expect(productOf('/thankyou?product=kids')).toBeNull();
    expect(productOf('/thankyou?documents=1&gift=1&product=kids')).toBeNull();
  });
});

describe('what an order shows by its status', () => {
  it('promises the membership codes while the order is unpaid or paid, and nothing once it is closed', () => {
    expect(missingCodeReason('awaiting_payment')).toBe('pending');
    expect(missingCodeReason('paid')).toBe('pending');
    expect(missingCodeReason('cancelled')).toBe('none');
    expect(missingCodeReason('expired')).toBe('none');
    expect(missingCodeReason('fulfilled')).toBe('none');
  });

  it('shows the pay-by time only while the payment is awaited', () => {
    expect(showsPayBy('awaiting_payment')).toBe(true);
    expect(showsPayBy('paid')).toBe(false);
    expect(showsPayBy('expired')).toBe(false);
  });
});
