/**
 * Seed data for the catalogue of season 2025/26 (spec §1, §3, §9): membership codes,
 * size catalogue, restricted countries, promos, club-card variants and customisation.
 * The products themselves live in `catalogue-products.ts` and are re-exported here.
 */
import type {
  customizations,
  membershipCodes,
  productVariants,
  promos,
  restrictedCountries,
  sizes,
} from '../schema';
import { RESTRICTED_COUNTRY_CODES } from '../../../domain/countries';
import { ACADEMY_MEMBERSHIP_CODE_ID } from './catalogue-academy';

export { seedProducts } from './catalogue-products';

export const SEED_SEASON = '2025/26';

export const seedMembershipCodes: (typeof membershipCodes.$inferInsert)[] = [
  { id: 1, code: 'J1897', section: 'premium', priority: 1, season: SEED_SEASON },
  { id: 2, code: 'BW', section: 'default', priority: 2, season: SEED_SEASON },
  { id: 3, code: 'STADIUM', section: 'default', priority: 3, season: SEED_SEASON },
  { id: 4, code: 'JCARD', section: 'default', priority: 4, season: SEED_SEASON },
  { id: 5, code: 'YOUNG', section: 'junior', priority: 5, season: SEED_SEASON },
  { id: 6, code: 'JUNIOR', section: 'junior', priority: 6, season: SEED_SEASON },
  { id: 7, code: 'KIDS', section: 'junior', priority: 7, season: SEED_SEASON },
  // The academy is listed with the default section's products, after the club card.
  { id: ACADEMY_MEMBERSHIP_CODE_ID, code: 'ACADEMY', section: 'default', priority: 8, season: SEED_SEASON },
];

/** `unique_size` has one entry; `upper_body` 36…64 with Italian jacket and UK chest equivalents. */
export const seedSizes: (typeof sizes.$inferInsert)[] = [
  { sizeType: 'unique_size', value: 0, label: 'U', itLabel: 'Unica', ukLabel: 'One size' },
  { sizeType: 'upper_body', value: 36, label: 'XXS', itLabel: '42', ukLabel: '32' },
  { sizeType: 'upper_body', value: 40, label: 'XS', itLabel: '44', ukLabel: '34' },
  { sizeType: 'upper_body', value: 44, label: 'S', itLabel: '46', ukLabel: '36' },
  { sizeType: 'upper_body', value: 48, label: 'M', itLabel: '48', ukLabel: '38' },
  { sizeType: 'upper_body', value: 52, label: 'L', itLabel: '50', ukLabel: '40' },
  { sizeType: 'upper_body', value: 56, label: 'XL', itLabel: '52', ukLabel: '42' },
  { sizeType: 'upper_body', value: 60, label: 'XXL', itLabel: '54', ukLabel: '44' },
  { sizeType: 'upper_body', value: 64, label: 'XXXL', itLabel: '56', ukLabel: '46' },
];

/** Christmas offer: from 21/11 00:00 Rome time (inclusive) until the end of 28/12 Rome time (exclusive). */
export const seedPromos: (typeof promos.$inferInsert)[] = [
  {
    id: 'black-and-white-christmas-2026',
    productId: 'black-and-white',
    startsAt: new Date('2026-11-20T23:00:00Z'),
    endsAt: new Date('2026-12-28T23:00:00Z'),
    priceCents: 4990,
  },
];

/** Club-card stock per welcome-kit shirt size; XXXL (64) is out of stock. */
const JCARD_STOCK: ReadonlyArray<readonly [size: number, stockQty: number]> = [
  [36, 40],
  [40, 120],
  [44, 200],
  [48, 250],
  [52, 220],
  [56, 150],
  [60, 60],
  [64, 0],
];

export const seedProductVariants: (typeof productVariants.$inferInsert)[] = JCARD_STOCK.map(
  ([size, stockQty]) => ({
    id: `jcard-${size}`,
    productId: 'jcard',
    sku: `jcard_${size}_2526_main`,
    variantSize: size,
    stockQty,
  }),
);

export const seedCustomizations: (typeof customizations.$inferInsert)[] = [
  {
    id: 'jcard-name',
    productId: 'jcard',
    type: 'text',
    ruleLabel: { it: 'Nome sulla carta', en: 'Name on the card' },
    minLength: 0,
    maxLength: 10,
  },
];

/** Countries nothing is shipped to (spec §3), from the one list the domain rules use. */
export const seedRestrictedCountries: (typeof restrictedCountries.$inferInsert)[] =
  RESTRICTED_COUNTRY_CODES.map((countryCode) => ({ countryCode }));
