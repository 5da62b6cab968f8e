import type { CatalogueProduct, Section } from '../catalogue-types';

type ProductOverrides = Partial<Omit<CatalogueProduct, 'membershipCode'>> & {
  priority?: number;
  codeId?: number;
  section?: Section;
};

/** A plausible catalogue product for unit tests; override only what the test is about. */
export function aProduct(id: string, overrides: ProductOverrides = {}): CatalogueProduct {
  const { priority = 1, codeId = 1, section = 'default', ...fields } = overrides;
  return {
    id,
    sku: `membership_2526_${id}`,
    name: { it: `${id} (it)`, en: `${id} (en)` },
    priceCents: 1000,
    tags: ['membership'],
    virtual: true,
    availability: 'available',
    soldOut: false,
    imageUrl: `/art/${id}.svg`,
    minHolderAge: null,
    maxHolderAge: null,
    upgradeTo: null,
    sizeType: 'unique_size',
    availableInCountries: null,
    notAvailableInCountries: null,
    alternativeProductId: null,
    promos: [],
    cms: { description: { it: '', en: '' }, benefits: { it: [], en: [] } },
    ...fields,
    membershipCode: { id: codeId, code: id.toUpperCase(), priority, section, season: '2025/26' },
  };
}
