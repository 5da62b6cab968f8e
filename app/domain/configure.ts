/**
 * The configure flow (spec §2 "Buyer data form", §4 "Buy-for choice", §5 "Buyer form"): which
 * processes a product allows, which parts the form shows, and every rule a submitted
 * configuration must satisfy that needs no lookup. The configure form's schema and the cart
 * service both call `checkConfigureDraft`; the service then checks what needs the database
 * (coupon records, stock, the cart's other items, the uploaded files).
 */
import { isSoldOut } from './availability';
import { buyForOptions, resolveBuyFor, type BuyFor, type HolderAges } from './buy-for';
import { isGiftableKind, type ProductKind } from './cart-rules';
import { readCouponCode } from './coupon-code';
import { DOCUMENT_TYPES, type DocumentType } from './document-upload';
import { isCouponProduct } from './coupon';
import type { CustomisationBounds, readCustomisationText } from './customisation-text';
import type { checkGiftDraft, Gift, GiftDraft } from './gift';
import type { HOLDER_RULE } from './holder-check';
import { HOLDER_FIELDS, type HolderDraft } from './holder-draft';
import { failure, success, type FieldProblems, type Result } from './result';

export const CONFIGURE_PROCESSES = ['buy', 'gift', 'coupon'] as const;
export type ConfigureProcess = (typeof CONFIGURE_PROCESSES)[number];

export function isConfigureProcess(value: unknown): value is ConfigureProcess {
  return typeof value === 'string' && (CONFIGURE_PROCESSES as readonly string[]).includes(value);
}

// Kept with the uploads' rules, which pages without the configure form need (reload-docs).
export { DOCUMENT_TYPES, type DocumentType } from './document-upload';

/** What the process rules need to know of a product. */
export type ConfigurableProduct = HolderAges & {
  kind: ProductKind;
  tags: readonly string[];
  priceCents: number | null;
  availability: 'available' | 'not_available';
  soldOut: boolean;
};

/**
 * The processes a product can be configured in, entry first. Sold out: none. A membership
 * without a price is coupon-only; a priced one is bought, gifted or had with a coupon. The club
 * card is only bought: its holder's identity documents go with it into the cart (spec §4), and
 * a gift's holder is unknown until redemption.
 */
export function allowedProcesses(product: ConfigurableProduct): ConfigureProcess[] {
  if (isSoldOut(product)) return [];
  const coupon: ConfigureProcess[] = isCouponProduct(product) ? ['coupon'] : [];
  if (product.priceCents === null) return coupon;
  return isGiftableKind(product.kind) ? ['buy', 'gift', ...coupon] : ['buy', ...coupon];
}

/** The parts of the form for a process, product and buy-for choice. */
export type ConfigureParts = {
  /** The for-myself / on-behalf choice (not for a gift: its holder is whoever redeems it). */
  buyForChoice: boolean;
  /** Holder fields typed in (on behalf); for myself they are shown read-only from the profile. */
  holderFields: boolean;
  /** The buyer shown as the manager of a membership bought on behalf. */
  managerBlock: boolean;
  coupon: 'none' | 'optional' | 'required';
  automaticRenewal: boolean;
  variant: boolean;
  customization: boolean;
  documents: boolean;
  gift: boolean;
};

export function configurePartsOf(
  process: ConfigureProcess,
  product: { kind: ProductKind; hasVariants: boolean; hasCustomization: boolean },
  buyFor: BuyFor | null,
): ConfigureParts {
  const gift = process === 'gift';
  const membership = product.kind === 'membership';
  return {
    buyForChoice: !gift,
    holderFields: !gift && buyFor === 'BUY_ON_BEHALF',
    managerBlock: !gift && membership && buyFor === 'BUY_ON_BEHALF',
    coupon: process === 'coupon' ? 'required' : process === 'buy' && membership ? 'optional' : 'none',
    automaticRenewal: membership && !gift,
    variant: product.hasVariants,
    customization: product.hasCustomization,
    documents: product.kind === 'card',
    gift,
  };
}

/**
 * The primary button's wording (spec §2): a new item is added, an edited one saved; the same
 * form choosing a redeemed gift's holder activates it (issue 15).
 */
export type PrimaryAction = 'continueAndAddToCart' | 'saveToCart' | 'activateGift';

export function primaryActionOf(editing: boolean): PrimaryAction {
  return editing ? 'saveToCart' : 'continueAndAddToCart';
}

/** The form's text fields as submitted ('' for empty); `documentFront`/`documentBack` are files. */
export type ConfigureDraft = HolderDraft & {
  buyFor: string;
  couponCode: string;
  /** 'on' when the checkbox is ticked. */
  automaticRenewal: string;
  variantId: string;
  customization: string;
  documentType: string;
  giftRecipient: string;
  giftMessage: string;
  giftContactType: string;
  giftEmail: string;
  giftPhone: string;
};
export type ConfigureField = keyof ConfigureDraft;

export const CONFIGURE_FIELDS = [
  'buyFor',
  ...HOLDER_FIELDS,
  'couponCode',
  'automaticRenewal',
  'variantId',
  'customization',
  'documentType',
  'giftRecipient',
  'giftMessage',
  'giftContactType',
  'giftEmail',
  'giftPhone',
] as const satisfies readonly ConfigureField[];

/**
 * The holder rule (`HOLDER_RULE`, domain/holder-check.ts: the check and the holder as stored), handed in rather than imported:
 * only an on-behalf form asks a holder, so a page that asks none need not ship its tax code
 * checks (first-load weight). The cart service always hands it in; a form that shows the holder
 * fields loads it first.
 */
export type ConfigureRules = {
  holder: typeof HOLDER_RULE | null;
  /** `checkGiftDraft` (domain/gift.ts), for a gift. */
  gift: typeof checkGiftDraft | null;
  /** `readCustomisationText` (domain/customisation-text.ts), for a product with a customisation. */
  customization: typeof readCustomisationText | null;
};

/** A part's rule the page did not load: a programming error, never a fan's. */
function ruleFor<Rule>(rule: Rule | null, part: string): Rule {
  if (!rule) throw new Error(`checkConfigureDraft: the ${part} rule is needed for this configuration`);
  return rule;
}

export type ConfigureCheckContext = {
  process: ConfigureProcess;
  product: ConfigurableProduct & {
    variants: readonly { id: string; stockQty: number }[];
    customization: CustomisationBounds | null;
  };
  /** The fan's own birth date (the profile; purchase is blocked without it). */
  customerBirthDate: string;
  /** The shop's day (Rome), YYYY-MM-DD. */
  today: string;
  countryNationalCodes: Readonly<Record<string, string>>;
};

/** A configuration that passed every rule of this module, normalised for storage. */
export type CheckedConfiguration = {
  /** null for a gift. */
  buyFor: BuyFor | null;
  /** The typed holder (on behalf), normalised; null for myself (the profile) and for a gift. */
  holder: HolderDraft | null;
  /** The normalised ten-character code, or null when none was given. */
  couponCode: string | null;
  automaticRenewal: boolean;
  variantId: string | null;
  /** Normalised (uppercase ASCII); null when the product has none or it was left empty. */
  customization: string | null;
  documentType: DocumentType | null;
  gift: Gift | null;
};

const GIFT_FIELD_NAMES = {
  recipient: 'giftRecipient',
  message: 'giftMessage',
  contactType: 'giftContactType',
  email: 'giftEmail',
  phone: 'giftPhone',
} as const satisfies Record<keyof GiftDraft, ConfigureField>;

/**
 * Every rule that needs no lookup, as reason codes per field (the form words them):
 * buyFor `ageNotOk` | `notOffered`; the holder's as `checkHolderDraft`; couponCode `required` |
 * `incomplete` | `tooLong`; variantId `required` | `invalid` | `soldOut`; customization as
 * `readCustomisationText`; documentType `required` | `invalid`; the gift's as `checkGiftDraft`.
 * A process the product does not allow is not a field problem: the caller answers 404.
 * Fields a part does not show are ignored, whatever was sent.
 */
export function checkConfigureDraft(
  draft: ConfigureDraft,
  context: ConfigureCheckContext,
  rules: ConfigureRules,
): Result<CheckedConfiguration, 'invalid', ConfigureField> {
  const { process, product } = context;
  const problems: FieldProblems<ConfigureField> = {};

  let buyFor: BuyFor | null = null;
  if (process !== 'gift') {
    const resolved = resolveBuyFor(draft.buyFor, buyForOptions(product, context.customerBirthDate, context.today));
    if (resolved.ok) buyFor = resolved.value;
    else Object.assign(problems, resolved.fields);
  }
  const parts = configurePartsOf(process, { kind: product.kind, hasVariants: product.variants.length > 0, hasCustomization: product.customization !== null }, buyFor);

  let holder: HolderDraft | null = null;
  if (parts.holderFields) {
    const rule = ruleFor(rules.holder, 'holder');
    Object.assign(problems, rule.check(draft, { product, today: context.today, countryNationalCodes: context.countryNationalCodes }));
    // Only the card's holder has a tax code (spec §2): another holder's is never kept unchecked.
    holder = rule.normalise(product.kind === 'card' ? draft : { ...draft, taxCode: '' });
  }

  let couponCode: string | null = null;
  if (parts.coupon !== 'none') {
    const { code, problem } = readCouponCode(draft.couponCode);
    if (problem === 'incomplete' || problem === 'tooLong' || (problem === 'required' && parts.coupon === 'required')) problems.couponCode = problem;
    couponCode = code === '' ? null : code;
  }

  let variantId: string | null = null;
  if (parts.variant) {
    const variant = product.variants.find((candidate) => candidate.id === draft.variantId.trim());
    if (draft.variantId.trim() === '') problems.variantId = 'required';
    else if (!variant) problems.variantId = 'invalid';
    else if (variant.stockQty <= 0) problems.variantId = 'soldOut';
    else variantId = variant.id;
  }

  let customization: string | null = null;
  if (parts.customization) {
    const { text, problem } = ruleFor(rules.customization, 'customization')(draft.customization, product.customization ?? {});
    if (problem) problems.customization = problem;
    customization = text === '' ? null : text;
  }

  let documentType: DocumentType | null = null;
  if (parts.documents) {
    const type = draft.documentType.trim();
    if (type === '') problems.documentType = 'required';
    else if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) problems.documentType = 'invalid';
    else documentType = type as DocumentType;
  }

  let gift: Gift | null = null;
  if (parts.gift) {
    const checked = ruleFor(rules.gift, 'gift')({
      recipient: draft.giftRecipient,
      message: draft.giftMessage,
      contactType: draft.giftContactType,
      email: draft.giftEmail,
      phone: draft.giftPhone,
    });
    if (checked.ok) gift = checked.value;
    else for (const [field, problem] of Object.entries(checked.fields)) problems[GIFT_FIELD_NAMES[field as keyof GiftDraft]] = problem;
  }

  if (Object.keys(problems).length > 0) return failure('invalid', problems);
  return success({
    buyFor,
    holder,
    couponCode,
    automaticRenewal: parts.automaticRenewal && draft.automaticRenewal === 'on',
    variantId,
    customization,
    documentType,
    gift,
  });
}
