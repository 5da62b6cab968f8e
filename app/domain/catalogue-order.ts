import type { CatalogueProduct, Section } from './catalogue-types';

/** Sections in page order. */
export const SECTIONS: readonly Section[] = ['premium', 'default', 'junior'];

/**
 * The spec's order: membership-code priority ascending, then price descending (a product
 * without a price last), then membership-code id ascending; product id settles the rest.
 */
export function compareProducts(a: CatalogueProduct, b: CatalogueProduct): number {
  return (
    a.membershipCode.priority - b.membershipCode.priority ||
    (b.priceCents ?? -1) - (a.priceCents ?? -1) ||
    a.membershipCode.id - b.membershipCode.id ||
    a.id.localeCompare(b.id)
  );
}

export type CatalogueSection = { section: Section; products: CatalogueProduct[] };

/** Groups products into the three sections (empty ones left out), each sorted. */
export function catalogueSections(products: readonly CatalogueProduct[]): CatalogueSection[] {
  return SECTIONS.map((section) => ({
    section,
    products: products.filter((product) => product.membershipCode.section === section).sort(compareProducts),
  })).filter(({ products: inSection }) => inSection.length > 0);
}
