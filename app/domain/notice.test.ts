import { describe, expect, it } from 'vitest';
import { NOTICE_TIMINGS, noticeTiming } from './notice';

describe('noticeTiming (spec §9: snackbar 3 s, cart snackbar 10 s, welcome after 1 s)', () => {
  it('gives an ordinary notice 3 s on screen at once', () => {
    expect(noticeTiming({ key: 'addresses:book.done.saved' })).toEqual({ delayMs: 0, visibleMs: 3_000 });
  });

  it('keeps the cart notices 10 s, and shows the welcome back after 1 s for 10 s', () => {
    expect(noticeTiming({ key: 'cart:notice.removed', timing: 'cart' })).toEqual({ delayMs: 0, visibleMs: 10_000 });
    expect(noticeTiming({ key: 'auth:welcomeBack', timing: 'welcome' })).toEqual(NOTICE_TIMINGS.welcome);
    expect(NOTICE_TIMINGS.welcome).toEqual({ delayMs: 1_000, visibleMs: 10_000 });
  });
});
