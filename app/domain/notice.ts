/**
 * A one-shot message confirming what the fan just did ("Address saved", "You are signed
 * out"), kept in the session by the action and shown once by the next page. `key` is a
 * translation key the server chose (never taken from a request); `values` fill it in.
 */
export type Notice = {
  key: string;
  values?: Readonly<Record<string, string | number>>;
};

/** With JavaScript a notice hides after this long (the spec's snackbar); without, it stays until the next page. */
export const NOTICE_VISIBLE_MS = 3_000;
