/** Languages the shop speaks; Italian is the default. */
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export type LocalizedText = Record<Language, string>;

export type Section = 'premium' | 'default' | 'junior';

/** A benefit value in the comparison table: a percentage discount, free, or not included. */
export type BenefitValue = { kind: 'percent'; value: number } | { kind: 'free' } | { kind: 'none' };

export type BenefitComparison = {
  tickets: BenefitValue;
  bigMatchTickets: BenefitValue;
  museum: BenefitValue;
  store: BenefitValue;
};

/** The product's CMS content, per language. */
export type ProductCms = {
  description: LocalizedText;
  benefits: Record<Language, string[]>;
  comparison?: BenefitComparison;
  hero?: { url: string };
};

export type MembershipCode = {
  id: number;
  code: string;
  priority: number;
  section: Section;
  season: string;
};

export type Promo = { from: Date; to: Date; priceCents: number };

/** A product as the catalogue pages see it. */
export type CatalogueProduct = {
  id: string;
  sku: string;
  name: LocalizedText;
  /** Integer euro cents; null: coupon only. */
  priceCents: number | null;
  tags: string[];
  virtual: boolean;
  availability: 'available' | 'not_available';
  soldOut: boolean;
  imageUrl: string;
  minHolderAge: number | null;
  maxHolderAge: number | null;
  upgradeTo: string | null;
  sizeType: SizeType | null;
  /** ISO 3166-1 alpha-2; at most one of the two lists is set. */
  availableInCountries: string[] | null;
  notAvailableInCountries: string[] | null;
  alternativeProductId: string | null;
  membershipCode: MembershipCode;
  promos: Promo[];
  cms: ProductCms;
};

export type SizeType = 'unique_size' | 'upper_body';

export type ProductVariant = {
  id: string;
  sku: string;
  variantSize: number;
  stockQty: number;
  /** From the size catalogue: XXS…XXXL with Italian and UK equivalents. */
  label: string;
  itLabel: string;
  ukLabel: string;
};

export type ProductCustomization = {
  id: string;
  ruleLabel: LocalizedText;
  type: 'text';
  minLength: number;
  maxLength: number;
};

/** A product with what only its detail page needs. */
export type ProductDetail = CatalogueProduct & {
  variants: ProductVariant[];
  customizations: ProductCustomization[];
  alternativeProduct: { id: string; name: LocalizedText } | null;
};
