import { describe, expect, it } from 'vitest';
import { heroOffer } from './catalogue-hero';
import { formatShopDayMonth } from './display-format';

const promo = (until: string) => ({ kind: 'promo' as const, priceCents: 4990, listPriceCents: 5990, until: new Date(until) });
const list = { kind: 'list' as const, priceCents: 14900 };

describe('heroOffer', () => {
  it('is the first product on offer, named by the month its offer ends in', () => {
    const offer = heroOffer(
      [
        { id: 'j1897', name: 'J1897', price: list },
        { id: 'bw', name: 'Black & White', price: promo('2026-12-28T23:00:00Z') },
        { id: 'kids', name: 'Kids', price: promo('2026-12-28T23:00:00Z') },
      ],
      null,
    );
    expect(offer).toMatchObject({ productId: 'bw', priceCents: 4990, listPriceCents: 5990, occasion: 'christmas' });
    // The window ends at midnight Rome time after 28/12: the last day shown is 28/12.
    expect(formatShopDayMonth(offer!.lastDay, 'it')).toBe('28/12');
    expect(formatShopDayMonth(offer!.lastDay, 'en')).toBe('28/12');
  });

  it('is Black Friday during its theme, a plain offer outside December, none without a promo', () => {
    const bw = [{ id: 'bw', name: 'Black & White', price: promo('2026-12-28T23:00:00Z') }];
    expect(heroOffer(bw, 'black-friday')?.occasion).toBe('black-friday');
    expect(heroOffer([{ id: 'bw', name: 'B&W', price: promo('2026-03-10T23:00:00Z') }], null)?.occasion).toBe('offer');
    expect(heroOffer([{ id: 'j1897', name: 'J1897', price: list }], 'christmas')).toBeNull();
  });
});
