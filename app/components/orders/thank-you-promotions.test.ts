import { describe, expect, it } from 'vitest';
import en from '../../locales/en/orders.json';
import it_ from '../../locales/it/orders.json';
import { THANK_YOU_PROMOTIONS } from './thank-you-promotions';

// The files under public/art, as their paths in the shop ('/art/j1897.svg').
const PUBLIC_ART = Object.keys(import.meta.glob('../../../public/art/*')).map((file) => file.replace('../../../public', ''));

describe('the thank-you promotions', () => {
  it('are three cards (spec §2), each with its text and button label in both languages', () => {
    expect(THANK_YOU_PROMOTIONS).toHaveLength(3);
    for (const { id } of THANK_YOU_PROMOTIONS) {
      for (const texts of [en.promotions, it_.promotions]) {
        expect(texts[id].text, id).not.toBe('');
        expect(texts[id].action, id).not.toBe('');
      }
    }
    expect(Object.keys(en.promotions).sort()).toEqual(THANK_YOU_PROMOTIONS.map((card) => card.id).sort());
  });

  it('show images the shop serves and lead to its own pages', () => {
    for (const card of THANK_YOU_PROMOTIONS) {
      expect(PUBLIC_ART, card.imageUrl).toContain(card.imageUrl);
      expect(card.href).toMatch(/^\/[a-z]/);
      // A card selling a product leads to that product's page (and is hidden once it is bought).
      if (card.product) expect(card.href).toBe(`/products/${card.product.productId}`);
    }
  });
});
