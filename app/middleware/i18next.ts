import { createI18nextMiddleware } from 'remix-i18next/middleware';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../domain/catalogue-types';
import { languageFromCookieHeader } from '../i18n/language-cookie';
import { defaultNamespace, namespaces, resources } from '../i18n/resources';

/**
 * Language of a request: `?lng=` (used by alternate links), then the `jc_prf_lng` cookie,
 * then Italian. The browser's Accept-Language is deliberately ignored (docs/decisions.md).
 */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ['searchParams', 'custom'],
    searchParamKey: 'lng',
    findLocale: async (request) => languageFromCookieHeader(request.headers.get('Cookie')),
  },
  i18next: {
    resources,
    ns: namespaces,
    defaultNS: defaultNamespace,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
  },
});

/** The request's shop language, typed. */
export function getLanguage(context: Parameters<typeof getLocale>[0]): Language {
  const locale = getLocale(context);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
