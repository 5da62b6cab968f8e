import { describe, expect, it } from 'vitest';
import { composeRenewalOfferMail } from './renewal-offer';

const MAIL = { firstName: 'Ada', productName: 'Black & White', membershipCode: 'JM0123456789', season: '2026/27' };

describe('the automatic renewal’s mail', () => {
  it('says the renewal is in the cart, for which membership and season, with the cart’s link', () => {
    const mail = composeRenewalOfferMail({ ...MAIL, language: 'en', inCart: true, link: 'https://shop.example/cart' });
    expect(mail.subject).toMatch(/: renew Black & White for the 2026\/27 season$/);
    expect(mail.text).toMatch(/^Hello Ada,/);
    expect(mail.text).toContain('JM0123456789 (Black & White)');
    expect(mail.text).toContain('is in your cart');
    expect(mail.text).toContain('https://shop.example/cart');
  });

  it('points to the renewal page when it could not be put in the cart, in Italian, names unescaped', () => {
    const link = 'https://shop.example/products/black-and-white/renewal/JM0123456789';
    const mail = composeRenewalOfferMail({ ...MAIL, language: 'it', inCart: false, link });
    expect(mail.text).toMatch(/^Ciao Ada,/);
    expect(mail.text).toContain('è pronto');
    expect(mail.text).not.toContain('carrello');
    expect(mail.text).toContain(link);
    expect(mail.subject).toContain('Black & White');
  });
});
