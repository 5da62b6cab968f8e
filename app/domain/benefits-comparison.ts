import { compareProducts } from './catalogue-order';
import type { BenefitComparison, BenefitValue, CatalogueProduct } from './catalogue-types';

export const COMPARISON_GROUPS = ['adult', 'kids'] as const;
export type ComparisonGroup = (typeof COMPARISON_GROUPS)[number];

export function isComparisonGroup(value: unknown): value is ComparisonGroup {
  return typeof value === 'string' && (COMPARISON_GROUPS as readonly string[]).includes(value);
}

/** Spec §9: junior products have a maximum holder age of 16 or less; adult ones none or above 16. */
export const JUNIOR_MAX_HOLDER_AGE = 16;

export function comparisonGroupOf(product: Pick<CatalogueProduct, 'maxHolderAge'>): ComparisonGroup {
  return product.maxHolderAge !== null && product.maxHolderAge <= JUNIOR_MAX_HOLDER_AGE ? 'kids' : 'adult';
}

export const BENEFIT_ROWS = ['tickets', 'bigMatchTickets', 'museum', 'store'] as const satisfies readonly (keyof BenefitComparison)[];

export type ComparisonTable = {
  group: ComparisonGroup;
  columns: { id: string; name: CatalogueProduct['name'] }[];
  rows: { benefit: (typeof BENEFIT_ROWS)[number]; values: BenefitValue[] }[];
};

/** The comparison of a group's memberships (those with comparison data), in catalogue order. */
export function comparisonTable(products: readonly CatalogueProduct[], group: ComparisonGroup): ComparisonTable {
  const compared = products
    .filter((product) => product.cms.comparison && comparisonGroupOf(product) === group)
    .sort(compareProducts);
  return {
    group,
    columns: compared.map(({ id, name }) => ({ id, name })),
    rows: BENEFIT_ROWS.map((benefit) => ({
      benefit,
      values: compared.map((product) => product.cms.comparison?.[benefit] ?? { kind: 'none' }),
    })),
  };
}
