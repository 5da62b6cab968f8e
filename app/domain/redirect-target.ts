/**
 * Returns `target` if it is a same-origin path (`/…`, not `//…` nor `/\…`, no control
 * characters), else `fallback`. Guards every redirect taken from user input (no open redirect).
 */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  if (!isSameOriginPath(target)) return fallback;
  // Browsers drop tabs/newlines inside URLs, which could turn "/\t/evil" into "//evil".
  if (target.includes('\\') || [...target].some(isControlCharacter)) return fallback;
  try {
    const url = new URL(target, 'http://shop.invalid');
    if (url.origin !== 'http://shop.invalid') return fallback;
    const path = url.pathname + url.search + url.hash;
    // Validate what is returned, not what came in: dot segments ("/.//x", "/%2e//x", "/x/..//x")
    // fold into a protocol-relative "//x" only after parsing.
    return isSameOriginPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A path that browsers resolve against our origin: one leading slash, then no slash or backslash. */
function isSameOriginPath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * Where the language switch returns: `returnTo` made safe, without the page's own `?lng=` (it
 * would override the new choice), keeping the `#fragment` the page sent (only a browser with
 * JavaScript can send it: a plain form never sees the fragment).
 */
export function languageSwitchReturnPath(returnTo: unknown, fallback: string): string {
  const back = new URL(safeRedirectPath(returnTo, fallback), 'http://shop.invalid');
  back.searchParams.delete('lng');
  return back.pathname + back.search + back.hash;
}
