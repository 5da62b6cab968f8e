import { describe, expect, it } from 'vitest';
import { catalogueSections, compareProducts } from './catalogue-order';
import type { CatalogueProduct, Section } from './catalogue-types';
import { aProduct } from './testing/catalogue-product';

function product(id: string, options: { priority?: number; priceCents?: number | null; codeId?: number; section?: Section } = {}) {
  return aProduct(id, options);
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
      product('coupon', { priceCents: null }),
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
