import type { Clock } from '../../app/.server/clock';

/** A clock that stays where a test puts it. */
export function manualClock(start: Date | string): Clock & { set(instant: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(instant) {
      current = new Date(instant);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
