import { useEffect, useMemo, useRef } from 'react';

/**
 * Runs the last of quick successive calls once they settle for `delayMs`, or at once on `flush`.
 * Arrowing through a closed `<select>` changes it at every step: sending each step would make a
 * request (and a status announcement) per option passed, so only the one the fan stops on is sent.
 */
export function useSettledCall(delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<(() => void) | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const run = () => {
      clearTimeout(timer.current);
      const call = waiting.current;
      waiting.current = null;
      call?.();
    };
    return {
      /** Replaces any call still waiting with this one. */
      schedule(call: () => void) {
        clearTimeout(timer.current);
        waiting.current = call;
        timer.current = setTimeout(run, delayMs);
      },
      /** Runs the waiting call now, if any: the fan has left the field. */
      flush: run,
    };
  }, [delayMs]);
}
