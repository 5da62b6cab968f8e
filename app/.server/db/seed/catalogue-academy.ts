/**
 * Seed data: the club's football academy for season 2025/26, the one product that is neither
 * a membership nor the card (kind `other`). Its sku `academy_2526_main` is one the checkout
 * shows academy terms for (spec checkout §5), so the academy terms rule can be reached.
 * A season's course at the club's pitches: nothing is shipped (virtual), no sizes, no coupon
 * (coupons are for memberships), ages from 5 up, bought for oneself or on behalf of a child.
 */
import type { products } from '../schema';

/** Its own membership code row (catalogue-data.ts): the catalogue places and sorts by it. */
export const ACADEMY_MEMBERSHIP_CODE_ID = 8;

export const academyProduct: typeof products.$inferInsert = {
  // The URL id is the sku, as the season's academy products are known by it.
  id: 'academy_2526_main',
  sku: 'academy_2526_main',
  name: { it: 'Academy – Scuola calcio', en: 'Academy – Football school' },
  priceCents: 24900,
  tags: ['academy'],
  virtual: true,
  availability: 'available',
  soldOut: false,
  membershipCodeId: ACADEMY_MEMBERSHIP_CODE_ID,
  minHolderAge: 5,
  maxHolderAge: null,
  upgradeTo: null,
  specialOf: null,
  sizeType: null,
  availableInCountries: null,
  notAvailableInCountries: null,
  alternativeProductId: null,
  imageUrl: '/art/academy.svg',
  cms: {
    description: {
      it: 'La scuola calcio del club per la stagione 2025/26: allenamenti con gli istruttori del club, dai 5 anni in su.',
      en: "The club's football school for the 2025/26 season: training with the club's coaches, from age 5 up.",
    },
    benefits: {
      it: [
        'Due allenamenti a settimana da settembre a maggio',
        'Kit di allenamento da ritirare al campo',
        'Torneo di fine stagione',
      ],
      en: ['Two training sessions a week from September to May', 'Training kit to collect at the pitch', 'End-of-season tournament'],
    },
  },
};
