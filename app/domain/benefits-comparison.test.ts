import { describe, expect, it } from 'vitest';
import { comparisonGroupOf, comparisonTable, isComparisonGroup } from './benefits-comparison';
import type { BenefitComparison } from './catalogue-types';
import { aProduct } from './testing/catalogue-product';

const tenPercent: BenefitComparison = {
  tickets: { kind: 'percent', value: 10 },
  bigMatchTickets: { kind: 'percent', value: 10 },
  museum: { kind: 'percent', value: 20 },
  store: { kind: 'percent', value: 10 },
};
const withComparison = (id: string, maxHolderAge: number | null, priority: number) =>
  aProduct(id, {
    maxHolderAge,
    priority,
    cms: { description: { it: '', en: '' }, benefits: { it: [], en: [] }, comparison: tenPercent },
  });

describe('comparisonGroupOf', () => {
  it.each([
    [null, 'adult'],
    [17, 'adult'],
    [16, 'kids'],
    [4, 'kids'],
  ])('maxHolderAge %s is %s', (maxHolderAge, group) => {
    expect(comparisonGroupOf({ maxHolderAge })).toBe(group);
  });
});

describe('comparisonTable', () => {
  const products = [withComparison('b', null, 2), withComparison('a', null, 1), withComparison('kid', 4, 5), aProduct('card')];

  it('has the group’s products with comparison data as columns, in catalogue order', () => {
    expect(comparisonTable(products, 'adult').columns.map((column) => column.id)).toEqual(['a', 'b']);
    expect(comparisonTable(products, 'kids').columns.map((column) => column.id)).toEqual(['kid']);
  });

  it('has the four benefits as rows with one value per column', () => {
    const table = comparisonTable(products, 'adult');
    expect(table.rows.map((row) => row.benefit)).toEqual(['tickets', 'bigMatchTickets', 'museum', 'store']);
    expect(table.rows[2]?.values).toEqual([
      { kind: 'percent', value: 20 },
      { kind: 'percent', value: 20 },
    ]);
  });

  it('accepts only known groups from a query', () => {
    expect(['adult', 'kids', 'Kids', '', null].map(isComparisonGroup)).toEqual([true, true, false, false, false]);
  });
});
