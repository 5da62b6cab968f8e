import { describe, expect, it } from 'vitest';
import { composeGiftDeliveryMail } from './gift-delivery';

const GIFT = {
  gifterFirstName: 'Ada',
  productName: 'Junior membership',
  membershipCode: 'JM0123456789',
  giftCode: 'ABCDEFGH23456789',
  publicUrl: 'https://shop.example',
};

describe('the gift mail', () => {
  it('names the gifter and the product, quotes the message, and carries the redemption link', () => {
    const mail = composeGiftDeliveryMail({ ...GIFT, language: 'en', message: 'Forza ragazzi!\nSee you at the stadium' });
    expect(mail.subject).toBe('Ada has given you a gift: Junior membership');
    expect(mail.text).toContain('Ada has given you Junior membership');
    expect(mail.text).toContain('Their message:\n\nForza ragazzi!\nSee you at the stadium');
    expect(mail.text).toContain('https://shop.example/redeem-gift?code=JM0123456789&giftCode=ABCDEFGH23456789');
  });

  it('says nothing of a message when there is none, and speaks the order’s language', () => {
    const mail = composeGiftDeliveryMail({ ...GIFT, language: 'it', message: '' });
    expect(mail.subject).toBe('Ada ti ha fatto un regalo: Junior membership');
    expect(mail.text).not.toContain('Il suo messaggio');
    expect(mail.text).toContain('/redeem-gift?code=JM0123456789&giftCode=ABCDEFGH23456789');
  });
});
