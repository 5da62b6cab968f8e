/**
 * Whom a fan buys a product for (spec catalogue-cart §4 "Buy-for choice", §5 "Buyer form", §9):
 * for themselves (BUY_CARD: the holder is the fan) or on behalf of a minor (BUY_ON_BEHALF: the
 * fan enters the holder). One rule for the form, the cart service and the component. Ages are
 * whole years on the shop's day in Rome (domain/age.ts), passed in as `today`.
 */

import { ageOn } from './age';
import type { CatalogueProduct } from './catalogue-types';
import { failure, success, type Result } from './result';
import type { CalendarDay } from './shop-time';

export const BUY_FOR_VALUES = ['BUY_CARD', 'BUY_ON_BEHALF'] as const;
export type BuyFor = (typeof BUY_FOR_VALUES)[number];

/** Spec §9: the youngest fan who may buy a product for themselves. */
export const MIN_AGE_TO_BUY_FOR_ONESELF = 16;
/** Spec §9: the youngest fan who may buy on behalf of a minor. */
export const MIN_AGE_TO_BUY_ON_BEHALF = 18;
/** Spec §4: the highest holder age when the product sets none. */
export const DEFAULT_MAX_HOLDER_AGE = 255;
/** Spec §4: BUY_ON_BEHALF needs a product a holder of this age or younger may hold (minHolderAge ≤ 16). */
export const MAX_MIN_HOLDER_AGE_ON_BEHALF = 16;
/** Spec §5: the oldest on-behalf holder when the product sets no maxHolderAge ("or 16"). */
export const DEFAULT_MAX_HOLDER_AGE_ON_BEHALF = 16;

/** The product's holder ages; null: no bound (a null minimum is 0: anyone may hold it). */
export type HolderAges = Pick<CatalogueProduct, 'minHolderAge' | 'maxHolderAge'>;

export function isBuyFor(value: unknown): value is BuyFor {
  return typeof value === 'string' && (BUY_FOR_VALUES as readonly string[]).includes(value);
}

export type BuyForOptions = {
  /** What the form offers, in page order (BUY_CARD first). */
  offered: BuyFor[];
  /** Spec: BUY_CARD if offered, else BUY_ON_BEHALF (even when that is not offered either). */
  defaultChoice: BuyFor;
  /** No option fits the fan's age: the form shows BUY_PRODUCT.MIN_MAX_AGE_NOT_OK and nothing can be bought. */
  ageNotOk: boolean;
};

/** The buy-for choices a fan born on `customerBirthDate` has for `product` on `today`. */
export function buyForOptions(product: HolderAges, customerBirthDate: CalendarDay, today: CalendarDay): BuyForOptions {
  const age = ageOn(customerBirthDate, today);
  const minHolderAge = product.minHolderAge ?? 0;
  const maxHolderAge = product.maxHolderAge ?? DEFAULT_MAX_HOLDER_AGE;
  const buyCard = age >= MIN_AGE_TO_BUY_FOR_ONESELF && age >= minHolderAge && age <= maxHolderAge;
  const buyOnBehalf = age >= MIN_AGE_TO_BUY_ON_BEHALF && minHolderAge <= MAX_MIN_HOLDER_AGE_ON_BEHALF;
  const offered = BUY_FOR_VALUES.filter((value) => (value === 'BUY_CARD' ? buyCard : buyOnBehalf));
  return { offered, defaultChoice: buyCard ? 'BUY_CARD' : 'BUY_ON_BEHALF', ageNotOk: offered.length === 0 };
}

/** The choice a form opens with: an edited cart item keeps its own while it is still offered. */
export function initialBuyFor(options: BuyForOptions, saved: BuyFor | null = null): BuyFor {
  return saved !== null && options.offered.includes(saved) ? saved : options.defaultChoice;
}

/** Why a buy-for choice is refused (a field reason of `buyFor`). */
export type BuyForRefusal = 'ageNotOk' | 'notOffered';

/**
 * The choice a submission (or a configure URL) may go on with. An absent or empty value means
 * the default; a value the options do not offer — forged, stale or unknown — is refused, and so
 * is everything when no option fits the fan's age.
 */
export function resolveBuyFor(
  requested: string | null | undefined,
  options: BuyForOptions,
): Result<BuyFor, 'invalid', 'buyFor'> {
  if (options.ageNotOk) return failure('invalid', { buyFor: 'ageNotOk' satisfies BuyForRefusal });
  const choice = requested === null || requested === undefined || requested === '' ? options.defaultChoice : requested;
  if (isBuyFor(choice) && options.offered.includes(choice)) return success(choice);
  return failure('invalid', { buyFor: 'notOffered' satisfies BuyForRefusal });
}
