/** The purchase flow's steps, in order (issue 16): configure → cart → checkout → pay. */
export const PURCHASE_STEPS = ['configure', 'cart', 'checkout', 'pay'] as const;
export type PurchaseStep = (typeof PURCHASE_STEPS)[number];

/** Where a step stands for a fan on `current`: behind them, the one they are on, or still ahead. */
export type StepState = 'done' | 'current' | 'upcoming';

/**
 * Each step's state and place (1-based) for a fan on `current`. A `current` that is none of the
 * steps leaves every step upcoming (nothing claims to be done).
 */
export function stepStates<Step extends string>(
  steps: readonly Step[],
  current: Step,
): { step: Step; number: number; state: StepState }[] {
  const at = steps.indexOf(current);
  return steps.map((step, index) => ({
    step,
    number: index + 1,
    state: at < 0 || index > at ? 'upcoming' : index === at ? 'current' : 'done',
  }));
}
