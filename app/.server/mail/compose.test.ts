import { describe, expect, it } from 'vitest';
import { backInStockMail } from '../../domain/notify-me';
import { composeBackInStockMail } from './compose';

const input = {
  firstName: 'Ada',
  productId: 'black-and-white',
  productName: { it: 'Black & White', en: 'Black & White' },
  publicUrl: 'https://shop.example',
};

describe('composeBackInStockMail', () => {
  it('writes Italian for a fan who asked in Italian', () => {
    const mail = composeBackInStockMail(backInStockMail({ ...input, language: 'it' }));
    expect(mail.subject).toBe('Black & White è di nuovo in vendita');
    expect(mail.text).toMatch(/^Ciao Ada,\n\nbuone notizie: Black & White è di nuovo in vendita su Fan Shop Abbonamenti\./);
    expect(mail.text).toContain('Trovi tutti i dettagli qui: https://shop.example/products/black-and-white\n');
    expect(mail.text).not.toMatch(/\{\{|&amp;/);
  });

  it('writes English for a fan who asked in English', () => {
    const mail = composeBackInStockMail(backInStockMail({ ...input, language: 'en', productName: { it: 'Carta del club', en: 'Club Card' } }));
    expect(mail.subject).toBe('Club Card is back on sale');
    expect(mail.text).toMatch(/^Hello Ada,\n\ngood news: Club Card is back on sale at Fan Membership Shop\./);
    expect(mail.text).toContain('https://shop.example/products/black-and-white');
    expect(mail.text.trimEnd().endsWith('Fan Membership Shop')).toBe(true);
  });
});
