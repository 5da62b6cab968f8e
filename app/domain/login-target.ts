import { safeRedirectPath } from './redirect-target';

/** The /login URL that brings the fan back to `target` (a same-origin path) afterwards. */
export function loginPath(target: string): string {
  const safe = safeRedirectPath(target, '/');
  return safe === '/' ? '/login' : `/login?redirectUri=${encodeURIComponent(safe)}`;
}

/** Where to go after signing in: the `redirectUri` query if same-origin, else the home page. */
export function targetFromLoginUrl(loginUrl: URL): string {
  return safeRedirectPath(loginUrl.searchParams.get('redirectUri'), '/');
}

/** Pages that make no sense to come back to after signing in (the sign-in flow itself). */
const SIGN_IN_FLOW = /^\/(login|authorize|logout|sign-in)(\/|\?|$)/;

/**
 * The header's sign-in link from the page `here` (the browser's own path + search). Passed on
 * unchecked: /login checks every `redirectUri` (`targetFromLoginUrl`), so the header ships none
 * of that check to the browser, where every page's JavaScript counts against its budget.
 */
export function signInHref(here: string): string {
  return SIGN_IN_FLOW.test(here) || here === '/' ? '/login' : `/login?redirectUri=${encodeURIComponent(here)}`;
}
