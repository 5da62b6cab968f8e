import { describe, expect, it } from 'vitest';
import { CLUB_CARD_OFFER, offersNotBought, stillOffered, type OfferedProduct } from './thank-you-offers';

const PREMIUM = { id: 'premium', product: { productId: 'j1897', kind: 'membership' } } as const;
const GIFT = { id: 'gift', product: { productId: 'kids', kind: 'membership' } } as const;
const COUPON = { id: 'coupon', product: null } as const;
const OFFERS = [PREMIUM, GIFT, COUPON];

describe('what the thank-you page still offers', () => {
  it('offers everything when nothing is known to be bought (the plain page, a stranger, new documents)', () => {
    expect(offersNotBought(OFFERS, [])).toEqual(OFFERS);
    expect(stillOffered(CLUB_CARD_OFFER, [])).toBe(true);
  });

  it('drops the offer of a product in the order, by its code, and keeps the order of the rest', () => {
    expect(offersNotBought(OFFERS, [{ productId: 'j1897', kind: 'membership' }])).toEqual([GIFT, COUPON]);
    expect(offersNotBought(OFFERS, [{ productId: 'kids', kind: 'membership' }, { productId: 'j1897', kind: 'membership' }])).toEqual([COUPON]);
  });

  it('drops the offer of a redeemed gift’s product though its kind is not known', () => {
    expect(offersNotBought(OFFERS, [{ productId: 'kids', kind: null }])).toEqual([PREMIUM, COUPON]);
  });

  it('keeps the offers of other products of the same kind: another membership is still for the fan', () => {
    expect(offersNotBought(OFFERS, [{ productId: 'stadium', kind: 'membership' }, { productId: 'junior', kind: 'membership' }])).toEqual(OFFERS);
  });

  it('never drops an offer of no product (the coupon page)', () => {
    expect(stillOffered(null, [{ productId: 'coupon', kind: 'other' }, { productId: 'jcard', kind: 'card' }])).toBe(true);
  });

  it('drops the club card when the order holds a club card, by code or by kind', () => {
    expect(stillOffered(CLUB_CARD_OFFER, [{ productId: 'jcard', kind: 'card' }])).toBe(false);
    expect(stillOffered(CLUB_CARD_OFFER, [{ productId: 'jcard', kind: null }])).toBe(false);
    expect(stillOffered(CLUB_CARD_OFFER, [{ productId: 'jcard-2027', kind: 'card' }])).toBe(false);
    expect(stillOffered(CLUB_CARD_OFFER, [{ productId: 'j1897', kind: 'membership' }])).toBe(true);
  });

  it('matches codes exactly (no prefix, no case folding)', () => {
    const offer: OfferedProduct = { productId: 'kids', kind: 'membership' };
    expect(stillOffered(offer, [{ productId: 'kids-2', kind: 'membership' }])).toBe(true);
    expect(stillOffered(offer, [{ productId: 'KIDS', kind: 'membership' }])).toBe(true);
  });
});
