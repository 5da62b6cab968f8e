import { describe, expect, it } from 'vitest';
import { catalogueSections, compareProducts } from './catalogue-order';
import type { CatalogueProduct, Section } from './catalogue-types';

function product(
  id: string,
  { priority = 1, priceCents = 1000, codeId = 1, section = 'default' as Section } = {},
): CatalogueProduct {
  return {
    id,
    sku: `membership_2526_${id}`,
    name: { it: id, en: id },
    priceCents: priceCents as number | null,
    tags: ['membership'],
    virtual: true,
    availability: 'available',
    soldOut: false,
    imageUrl: `/art/${id}.svg`,
    minHolderAge: null,
    maxHolderAge: null,
    membershipCode: { id: codeId, code: id.toUpperCase(), priority, section, season: '2025/26' },
    promos: [],
    cms: { description: { it: '', en: '' }, benefits: { it: [], en: [] } },
  };
}

const ids = (products: CatalogueProduct[]) => products.map((p) => p.id);

describe('compareProducts', () => {
  it('orders by priority first, whatever the price', () => {
    const cheapFirst = product('a', { priority: 1, priceCents: 100 });
    const dearSecond = product('b', { priority: 2, priceCents: 9900 });
    expect(ids([dearSecond, cheapFirst].sort(compareProducts))).toEqual(['a', 'b']);
  });

  it('orders equal priorities by price, dearest first, coupon-only last', () => {
    const list = [
      product('cheap', { priceCents: 100 }),
      product('coupon', { priceCents: null as unknown as number }),
      product('dear', { priceCents: 9900 }),
      product('free', { priceCents: 0 }),
    ];
    expect(ids(list.sort(compareProducts))).toEqual(['dear', 'cheap', 'free', 'coupon']);
  });

  it('breaks a priority and price tie by membership-code id', () => {
    const list = [product('x', { codeId: 7 }), product('y', { codeId: 3 })];
    expect(ids(list.sort(compareProducts))).toEqual(['y', 'x']);
  });

  it('is total: a full tie falls back to the product id', () => {
    const list = [product('b'), product('a')];
    expect(ids(list.sort(compareProducts))).toEqual(['a', 'b']);
  });
});

describe('catalogueSections', () => {
  it('groups into premium, default, junior in that order and leaves out empty sections', () => {
    const sections = catalogueSections([
      product('kid', { section: 'junior' }),
      product('gold', { section: 'premium' }),
    ]);
    expect(sections.map((s) => [s.section, ids(s.products)])).toEqual([
      ['premium', ['gold']],
      ['junior', ['kid']],
    ]);
  });

  it('returns no sections for no products', () => {
    expect(catalogueSections([])).toEqual([]);
  });
});
