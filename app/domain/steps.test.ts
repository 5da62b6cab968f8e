import { describe, expect, it } from 'vitest';
import { PURCHASE_STEPS, stepStates } from './steps';

const statesOf = (current: string) => stepStates<string>(PURCHASE_STEPS, current).map((step) => step.state);

describe('stepStates', () => {
  it('marks the steps before the current one done and the ones after it upcoming', () => {
    expect(statesOf('configure')).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(statesOf('cart')).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    expect(statesOf('checkout')).toEqual(['done', 'done', 'current', 'upcoming']);
    expect(statesOf('pay')).toEqual(['done', 'done', 'done', 'current']);
  });

  it('numbers the steps from 1 in their order', () => {
    expect(stepStates(PURCHASE_STEPS, 'cart').map(({ step, number }) => `${number}. ${step}`)).toEqual([
      '1. configure',
      '2. cart',
      '3. checkout',
      '4. pay',
    ]);
  });

  it('claims nothing done for a step that is not in the list', () => {
    expect(statesOf('thank-you')).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });
});
