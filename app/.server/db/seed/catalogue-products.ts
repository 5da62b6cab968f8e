/**
 * Seed data: the eight catalogue products of season 2025/26 (spec §1, §3).
 * Six memberships (adult: J1897, Black & White, Stadium; kids: Young, Junior, Kids),
 * the shipped club card `jcard` and the academy (catalogue-academy.ts). Prices are integer euro cents.
 */
import type { BenefitComparison, BenefitValue } from '../../../domain/catalogue-types';
import type { products } from '../schema';
import { academyProduct } from './catalogue-academy';

const percent = (value: number): BenefitValue => ({ kind: 'percent', value });
const FREE: BenefitValue = { kind: 'free' };

/** Benefit comparison rows exactly as listed in spec §1. */
const J1897_COMPARISON: BenefitComparison = {
  tickets: percent(20),
  bigMatchTickets: percent(10),
  museum: percent(20),
  store: percent(10),
};
const ADULT_COMPARISON: BenefitComparison = {
  tickets: percent(10),
  bigMatchTickets: percent(10),
  museum: percent(20),
  store: percent(10),
};
const YOUTH_COMPARISON: BenefitComparison = {
  tickets: percent(50),
  bigMatchTickets: percent(50),
  museum: percent(20),
  store: percent(10),
};
const KIDS_COMPARISON: BenefitComparison = {
  tickets: FREE,
  bigMatchTickets: FREE,
  museum: FREE,
  store: percent(10),
};

/** Fields shared by every membership product. */
const membership: Pick<
  typeof products.$inferInsert,
  'tags' | 'virtual' | 'availability' | 'soldOut' | 'specialOf' | 'sizeType'
> = {
  tags: ['membership'],
  virtual: true,
  availability: 'available',
  soldOut: false,
  specialOf: null,
  sizeType: 'unique_size',
};

export const seedProducts: (typeof products.$inferInsert)[] = [
  {
    ...membership,
    id: 'j1897',
    // The premium membership comes with a welcome pack sent home: it needs a shipping address.
    virtual: false,
    sku: 'membership_2526_j1897',
    name: { it: 'J1897', en: 'J1897' },
    priceCents: 14900,
    membershipCodeId: 1,
    minHolderAge: 14,
    maxHolderAge: null,
    upgradeTo: null,
    availableInCountries: null,
    notAvailableInCountries: ['US'],
    alternativeProductId: 'black-and-white',
    imageUrl: '/art/j1897.svg',
    cms: {
      description: {
        it: 'La membership più esclusiva: vantaggi al massimo livello e un posto in prima fila nella vita del club.',
        en: 'Our most exclusive membership: top-tier perks and a front-row seat in the life of the club.',
      },
      benefits: {
        it: [
          'Sconto del 20% sui biglietti delle partite',
          'Sconto del 10% sui biglietti dei big match',
          'Sconto del 20% sul museo',
          'Sconto del 10% allo store ufficiale',
          'Prelazione sugli eventi riservati ai soci',
        ],
        en: [
          '20% off match tickets',
          '10% off big-match tickets',
          '20% off museum entry',
          '10% off at the official store',
          'Priority access to members-only events',
        ],
      },
      comparison: J1897_COMPARISON,
    },
  },
  {
    ...membership,
    id: 'black-and-white',
    sku: 'membership_2526_bw',
    name: { it: 'Black & White', en: 'Black & White' },
    priceCents: 5990,
    membershipCodeId: 2,
    minHolderAge: 14,
    maxHolderAge: null,
    upgradeTo: 'j1897',
    availableInCountries: null,
    notAvailableInCountries: null,
    alternativeProductId: null,
    imageUrl: '/art/black-and-white.svg',
    cms: {
      description: {
        it: 'La membership classica in bianco e nero per vivere tutta la stagione accanto alla squadra.',
        en: 'The classic black-and-white membership to live the whole season alongside the team.',
      },
      benefits: {
        it: [
          'Sconto del 10% sui biglietti delle partite',
          'Sconto del 10% sui biglietti dei big match',
          'Sconto del 20% sul museo',
          'Sconto del 10% allo store ufficiale',
        ],
        en: ['10% off match tickets', '10% off big-match tickets', '20% off museum entry', '10% off at the official store'],
      },
      comparison: ADULT_COMPARISON,
    },
  },
  {
    ...membership,
    id: 'stadium',
    sku: 'membership_2526_stadium',
    name: { it: 'Stadium', en: 'Stadium' },
    priceCents: null,
    membershipCodeId: 3,
    minHolderAge: 14,
    maxHolderAge: null,
    upgradeTo: 'black-and-white',
    availableInCountries: ['IT', 'SM', 'VA'],
    notAvailableInCountries: null,
    alternativeProductId: 'black-and-white',
    imageUrl: '/art/stadium.svg',
    cms: {
      description: {
        it: 'La membership per chi vive lo stadio: si attiva esclusivamente con un coupon.',
        en: 'The membership for stadium regulars: it can only be activated with a coupon.',
      },
      benefits: {
        it: [
          'Sconto del 10% sui biglietti delle partite',
          'Sconto del 10% sui biglietti dei big match',
          'Sconto del 20% sul museo',
          'Sconto del 10% allo store ufficiale',
        ],
        en: ['10% off match tickets', '10% off big-match tickets', '20% off museum entry', '10% off at the official store'],
      },
      comparison: ADULT_COMPARISON,
    },
  },
  {
    id: 'jcard',
    sku: 'jcard_2526_main',
    name: { it: 'Carta del club', en: 'Club Card' },
    priceCents: 1000,
    tags: ['jcard'],
    virtual: false,
    availability: 'available',
    soldOut: false,
    membershipCodeId: 4,
    minHolderAge: 0,
    maxHolderAge: null,
    upgradeTo: null,
    specialOf: null,
    sizeType: 'upper_body',
    availableInCountries: null,
    notAvailableInCountries: null,
    alternativeProductId: null,
    imageUrl: '/art/jcard.svg',
    cms: {
      description: {
        it: 'La carta fisica del tifoso, personalizzabile con il tuo nome e spedita a casa insieme alla maglia del kit di benvenuto.',
        en: "The fan's physical card, personalised with your name and shipped home together with the welcome-kit shirt.",
      },
      benefits: {
        it: ['Carta personalizzata con il tuo nome', 'Maglia del kit di benvenuto nella tua taglia', 'Spedizione a domicilio'],
        en: ['Card personalised with your name', 'Welcome-kit shirt in your size', 'Home delivery'],
      },
    },
  },
  {
    ...membership,
    id: 'young',
    sku: 'membership_2526_young',
    name: { it: 'Young 11–13', en: 'Young 11–13' },
    priceCents: 2950,
    soldOut: true,
    membershipCodeId: 5,
    minHolderAge: 11,
    maxHolderAge: 13,
    upgradeTo: null,
    availableInCountries: null,
    notAvailableInCountries: null,
    alternativeProductId: null,
    imageUrl: '/art/young.svg',
    cms: {
      description: {
        it: 'Per i ragazzi dagli 11 ai 13 anni che non si perdono una partita.',
        en: 'For fans aged 11 to 13 who never miss a match.',
      },
      benefits: {
        it: [
          'Sconto del 50% sui biglietti delle partite',
          'Sconto del 50% sui biglietti dei big match',
          'Sconto del 20% sul museo',
          'Sconto del 10% allo store ufficiale',
        ],
        en: ['50% off match tickets', '50% off big-match tickets', '20% off museum entry', '10% off at the official store'],
      },
      comparison: YOUTH_COMPARISON,
    },
  },
  {
    ...membership,
    id: 'junior',
    sku: 'membership_2526_junior',
    name: { it: 'Junior 5–10', en: 'Junior 5–10' },
    priceCents: 2500,
    membershipCodeId: 6,
    minHolderAge: 5,
    maxHolderAge: 10,
    upgradeTo: null,
    availableInCountries: null,
    notAvailableInCountries: null,
    alternativeProductId: null,
    imageUrl: '/art/junior.svg',
    cms: {
      description: {
        it: 'La prima vera membership per i piccoli tifosi dai 5 ai 10 anni.',
        en: 'A first real membership for young fans aged 5 to 10.',
      },
      benefits: {
        it: [
          'Sconto del 50% sui biglietti delle partite',
          'Sconto del 50% sui biglietti dei big match',
          'Sconto del 20% sul museo',
          'Sconto del 10% allo store ufficiale',
        ],
        en: ['50% off match tickets', '50% off big-match tickets', '20% off museum entry', '10% off at the official store'],
      },
      comparison: YOUTH_COMPARISON,
    },
  },
  {
    ...membership,
    id: 'kids',
    sku: 'membership_2526_kids',
    name: { it: 'Kids 0–4', en: 'Kids 0–4' },
    priceCents: 1500,
    membershipCodeId: 7,
    minHolderAge: 0,
    maxHolderAge: 4,
    upgradeTo: null,
    availableInCountries: null,
    notAvailableInCountries: null,
    alternativeProductId: null,
    imageUrl: '/art/kids.svg',
    cms: {
      description: {
        it: 'Tifosi fin dalla culla: la membership per i più piccoli, da 0 a 4 anni.',
        en: 'Fans from the cradle: the membership for the little ones, aged 0 to 4.',
      },
      benefits: {
        it: [
          'Biglietti delle partite gratuiti',
          'Biglietti dei big match gratuiti',
          'Ingresso gratuito al museo',
          'Sconto del 10% allo store ufficiale',
        ],
        en: ['Free match tickets', 'Free big-match tickets', 'Free museum entry', '10% off at the official store'],
      },
      comparison: KIDS_COMPARISON,
    },
  },
  academyProduct,
];
