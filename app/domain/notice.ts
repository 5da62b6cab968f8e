/**
 * A one-shot message confirming what the fan just did ("Address saved", "You are signed
 * out"), kept in the session by the action and shown once by the next page. `key` is a
 * translation key the server chose (never taken from a request); `values` fill it in.
 * `timing` picks how it shows (NOTICE_TIMINGS); none is the ordinary snackbar's.
 */
export type Notice = {
  key: string;
  values?: Readonly<Record<string, string | number>>;
  timing?: NoticeTiming;
};

/**
 * How long a notice waits before it shows and how long it stays, with JavaScript (spec §9
 * "Snackbar auto-hide 3000 ms; cart snackbar 10 s; welcome delay 1 s"). Without JavaScript
 * it stays until the next page; the delay is CSS and applies either way.
 */
export const NOTICE_TIMINGS = {
  default: { delayMs: 0, visibleMs: 3_000 },
  /** "Cart modified" and the cart's other changes. */
  cart: { delayMs: 0, visibleMs: 10_000 },
  /** The welcome back, the first time items appear for a signed-in fan. */
  welcome: { delayMs: 1_000, visibleMs: 10_000 },
} as const;

export type NoticeTiming = keyof typeof NOTICE_TIMINGS;

export function noticeTiming(notice: Notice): (typeof NOTICE_TIMINGS)[NoticeTiming] {
  return NOTICE_TIMINGS[notice.timing ?? 'default'];
}

/**
 * A notice as the page shows it: worded by the server (so the browser needs none of the
 * translations a notice may come from) with its timing.
 */
export type ShownNotice = { text: string; delayMs: number; visibleMs: number };
