import { isLanguage, type Language } from '../domain/catalogue-types';

/** The spec's language cookie: a plain value (`jc_prf_lng=en`), so curl and support tools can set it. */
export const LANGUAGE_COOKIE = 'jc_prf_lng';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function languageFromCookieHeader(cookieHeader: string | null): Language | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = decodeURIComponent(rest.join('=')).trim();
      return isLanguage(value) ? value : null;
    }
  }
  return null;
}

export function serializeLanguageCookie(language: Language, { secure }: { secure: boolean }): string {
  const attributes = [
    `${LANGUAGE_COOKIE}=${language}`,
    'Path=/',
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
    'HttpOnly',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
