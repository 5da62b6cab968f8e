import { describe, expect, it } from 'vitest';
import { answerForLatePress, dropInReplyOf, dropInResultCode, type DropInOutcome } from './drop-in-reply';

const outcome = (fields: Partial<DropInOutcome>): DropInOutcome => ({ orderId: 'o-1', outcome: 'authorised', action: null, refusal: null, ...fields });

describe('dropInResultCode', () => {
  it('gives Drop-in a final code for a settled payment, so it ends', () => {
    expect(dropInResultCode(outcome({ outcome: 'authorised' }))).toBe('Authorised');
    expect(dropInResultCode(outcome({ outcome: 'refused', refusal: { reason: 'Refused', code: '2' } }))).toBe('Refused');
    expect(dropInResultCode(outcome({ outcome: 'error' }))).toBe('Error');
  });

  it('ends a payment that came too late for its order as refused: nothing is charged', () => {
    expect(dropInResultCode(outcome({ outcome: 'too-late' }))).toBe('Refused');
  });

  it('a non-final code with an action (mounted by Drop-in), Pending without one', () => {
    expect(dropInResultCode(outcome({ outcome: 'action', action: { type: 'threeDS2' } }))).toBe('RedirectShopper');
    expect(dropInResultCode(outcome({ outcome: 'action', action: null }))).toBe('Pending');
    expect(dropInResultCode(outcome({ outcome: 'pending' }))).toBe('Pending');
  });
});

describe('dropInReplyOf', () => {
  it('reads the shop’s answers', () => {
    const paid = outcome({});
    expect(dropInReplyOf(paid)).toBe(paid);
    expect(dropInReplyOf({ outcome: 'resubmit' })).toEqual({ outcome: 'resubmit' });
    expect(dropInReplyOf({ outcome: 'unavailable' })).toEqual({ outcome: 'unavailable' });
  });

  it('takes anything else (a sign-in page, a proxy’s error, an unknown outcome) as unavailable', () => {
    for (const value of [null, 'html', 42, {}, { outcome: 'authorised' }, { outcome: 'paid', orderId: 'o-1' }, { outcome: 'refused', orderId: 7 }]) {
      expect(dropInReplyOf(value)).toEqual({ outcome: 'unavailable' });
    }
  });
});

describe('answerForLatePress', () => {
  const answeredAt = new Date('2026-12-01T09:00:00.000Z');
  const justAfter = new Date('2026-12-01T09:00:00.001Z');

  it('gives a press made up to the moment the answer was recorded that answer, if it paid or left the order pending', () => {
    expect(answerForLatePress(outcome({ outcome: 'authorised' }), answeredAt, answeredAt)).toEqual(outcome({ outcome: 'authorised' }));
    expect(answerForLatePress(outcome({ outcome: 'pending' }), answeredAt, new Date('2026-12-01T08:59:59.999Z'))).toEqual(outcome({ outcome: 'pending' }));
  });

  it('gives none to a press made after the answer (refused as not payable), nor for an answer that did not pay', () => {
    expect(answerForLatePress(outcome({ outcome: 'authorised' }), answeredAt, justAfter)).toBeNull();
    expect(answerForLatePress(outcome({ outcome: 'refused', refusal: { reason: 'Refused', code: '2' } }), answeredAt, answeredAt)).toBeNull();
    expect(answerForLatePress(outcome({ outcome: 'action', action: { type: 'redirect' } }), answeredAt, answeredAt)).toBeNull();
    expect(answerForLatePress(outcome({ outcome: 'too-late' }), answeredAt, answeredAt)).toBeNull();
  });
});
