/**
 * Redeeming a gift (issue 15; spec checkout-account §4 "Redeem gift", §5 "Gift redemption", §8).
 * A paid gift is a membership with a gifter and neither manager nor holder. The fan who opens
 * its link and confirms becomes its manager (redeemed); choosing the holder then uses it up
 * (activated). From then on the link answers "already redeemed" to its manager and "taken" to
 * anyone else: only the manager may come back to it. Pure: the gifts service reads and writes.
 */
import { ageOn } from './age';
import { buyForOptions, type HolderAges } from './buy-for';
import { acceptedTermsRecord, missingTerms, TERM_TEXT_VERSIONS, type AcceptedTerm, type CheckoutTerm, type TermName } from './checkout-terms';
import type { ConfigureCheckContext } from './configure';
import type { CalendarDay } from './shop-time';

/** Spec §9: minors under 16 cannot be managers, so cannot redeem. */
export const MIN_REDEEMER_AGE = 16;

export function isOldEnoughToRedeem(birthDate: CalendarDay, today: CalendarDay): boolean {
  return ageOn(birthDate, today) >= MIN_REDEEMER_AGE;
}

/**
 * Why a fan may not take a gift on (become its manager), before they claim it:
 * - `under-age`: under 16 (spec §5 "Gift redemption": minors under 16 cannot be managers);
 * - `no-holder-fits`: once redeemed, neither holder choice would be open to them — the
 *   product's holder ages exclude them (BUY_CARD) and they cannot hold it for a minor
 *   (BUY_ON_BEHALF: 18 or older, minHolderAge ≤ 16; catalogue-cart §4, as the configure form
 *   has it). A 16- or 17-year-old and a Junior (5-10) gift, say: claimed, it could never be
 *   activated, so it is refused and stays free for someone else.
 * null: they may take it on.
 */
export type RedeemerRefusal = 'under-age' | 'no-holder-fits';

export function redeemerRefusal(product: HolderAges, birthDate: CalendarDay, today: CalendarDay): RedeemerRefusal | null {
  if (!isOldEnoughToRedeem(birthDate, today)) return 'under-age';
  return redeemerHolderChoice(product, birthDate, today) === null ? 'no-holder-fits' : null;
}

/**
 * Whom a fan could choose as the gift's holder once it is theirs: the holder choice's buy-for
 * options (catalogue-cart §4) — `themselves` (BUY_CARD: 16 or older, within the product's holder
 * ages), a `minor` they look after (BUY_ON_BEHALF: 18 or older), or `either`; null: nobody
 * (`no-holder-fits`). The confirm step says it in these words, before the fan accepts.
 */
export type RedeemerHolderChoice = 'themselves' | 'minor' | 'either';

export function redeemerHolderChoice(product: HolderAges, birthDate: CalendarDay, today: CalendarDay): RedeemerHolderChoice | null {
  const { offered } = buyForOptions(product, birthDate, today);
  const themselves = offered.includes('BUY_CARD');
  const minor = offered.includes('BUY_ON_BEHALF');
  if (themselves && minor) return 'either';
  if (themselves) return 'themselves';
  return minor ? 'minor' : null;
}

/**
 * The terms a fan accepts when taking a gift on (catalogue-cart §2, §5: two terms checkboxes):
 * the membership's terms and the age/guardian declaration, the two a membership-only cart asks
 * at checkout, with the same text versions. The gift keeps which texts and when.
 */
export const GIFT_REDEMPTION_TERMS: readonly CheckoutTerm[] = (['membershipTerms', 'guardianDeclaration'] as const).map((name) => ({
  name,
  version: TERM_TEXT_VERSIONS[name],
}));

/** The redemption terms the fan did not tick, in display order; [] when both are. */
export function missingRedemptionTerms(accepted: ReadonlySet<string>): TermName[] {
  return missingTerms(GIFT_REDEMPTION_TERMS, accepted);
}

/** What the gift keeps of the terms accepted when it was taken on (ISO 8601, UTC). */
export function redemptionTermsRecord(at: Date): AcceptedTerm[] {
  return acceptedTermsRecord(GIFT_REDEMPTION_TERMS, at);
}

/** What a gift's link can still lead to, as the gifts service reads it. */
export type GiftState = {
  membershipStatus: 'ready' | 'active' | 'expired' | 'cancelled';
  managerCustomerId: string | null;
  holderCustomerId: string | null;
  /** When its manager chose the holder; null before. */
  activatedAt: Date | null;
};

/**
 * The gift check's answer for one fan (spec §3 "Gift check response": manager, holder, code,
 * label): whether they manage it, hold it, and where its link takes them.
 */
export type GiftCheck = { manager: boolean; holder: boolean; step: RedemptionStep };

/**
 * - `confirm`: nobody has taken it on; the fan is asked to confirm (spec: neither manager nor holder).
 * - `holder-choice`: the fan redeemed it and has still to choose its holder.
 * - `already-redeemed`: the fan took it on and it is used up (spec: ok but status not ready).
 * - `taken`: someone else redeemed it (spec: afterwards only the manager can reuse the link).
 * - `unavailable`: the membership was cancelled or has expired.
 */
export type RedemptionStep = 'confirm' | 'holder-choice' | 'already-redeemed' | 'taken' | 'unavailable';

export function checkGift(state: GiftState, customerId: string): GiftCheck {
  const manager = state.managerCustomerId === customerId;
  const holder = state.holderCustomerId === customerId;
  return { manager, holder, step: stepOf(state, manager, holder) };
}

function stepOf(state: GiftState, manager: boolean, holder: boolean): RedemptionStep {
  if (state.membershipStatus === 'cancelled' || state.membershipStatus === 'expired') return 'unavailable';
  if (manager) return state.activatedAt === null ? 'holder-choice' : 'already-redeemed';
  // A holder who is not its manager has the membership already; the link has nothing left for them.
  if (holder) return 'already-redeemed';
  return state.managerCustomerId === null ? 'confirm' : 'taken';
}

/** The errors the redeem page shows with their code (spec §8: REDEEM_GIFT.GENERIC_ERROR is a label plus its code). */
export const GIFT_ERROR_CODES = {
  'not-found': 'GIFT_NOT_FOUND',
  taken: 'GIFT_ALREADY_REDEEMED',
  unavailable: 'GIFT_UNAVAILABLE',
  'too-many-attempts': 'TOO_MANY_ATTEMPTS',
} as const;
export type GiftError = keyof typeof GIFT_ERROR_CODES;

/** What the holder choice needs to know of the gift's product (the redeem response's product). */
export type GiftProduct = { tags: readonly string[]; minHolderAge: number | null; maxHolderAge: number | null };

/**
 * The holder choice is the configure form's buy-for choice and holder for a membership
 * (`checkConfigureDraft` with this context, in the browser and the gifts service alike): the
 * product's holder ages count, nothing else of the product is asked again (the gifter chose the
 * size; price and stock were settled when it was paid).
 */
export function holderChoiceContext(
  product: GiftProduct,
  { customerBirthDate, today, countryNationalCodes }: Pick<ConfigureCheckContext, 'customerBirthDate' | 'today' | 'countryNationalCodes'>,
): ConfigureCheckContext {
  return {
    process: 'buy',
    product: {
      kind: 'membership',
      tags: product.tags,
      minHolderAge: product.minHolderAge,
      maxHolderAge: product.maxHolderAge,
      priceCents: null,
      availability: 'available',
      soldOut: false,
      variants: [],
      customization: null,
    },
    customerBirthDate,
    today,
    countryNationalCodes,
  };
}
