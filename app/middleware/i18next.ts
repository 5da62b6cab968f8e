import { createInstance, type i18n as I18n } from 'i18next';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { LanguageDetector } from 'remix-i18next/server';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../domain/catalogue-types';
import { languageFromCookieHeader } from '../i18n/language-cookie';
import { defaultNamespace, namespaces, resources } from '../i18n/resources';

/**
 * Language of a request: `?lng=` (used by alternate links), then the `jc_prf_lng` cookie,
 * then Italian. The browser's Accept-Language is deliberately ignored
 * (docs/decisions/i18n.md, "Language detection and the switch").
 */
const detector = new LanguageDetector({
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  order: ['searchParams', 'custom'],
  searchParamKey: 'lng',
  findLocale: async (request) => languageFromCookieHeader(request.headers.get('Cookie')),
});

/**
 * One initialised i18next per language, shared by every request (remix-i18next's middleware
 * made a new one per request: 0.6–1 ms each). Nothing changes an instance after `init`: the
 * language is chosen per request by picking the instance, never by `changeLanguage`, and
 * every namespace is bundled, so nothing loads later.
 */
const instances = new Map<Language, Promise<I18n>>();

function instanceFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance({
      resources,
      ns: namespaces,
      defaultNS: defaultNamespace,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
    });
    instance = created.init({ lng: language }).then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

const languageContext = createContext<Language>();
const i18nContext = createContext<I18n>();

/** Root middleware: the request's language and its i18next instance, for loaders, actions and rendering. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const detected = await detector.detect(request);
  const language = isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
  context.set(languageContext, language);
  context.set(i18nContext, await instanceFor(language));
  return next();
};

/** The request's shop language. */
export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext);
}

/** The request's i18next instance (shared with every request in the same language: never change it). */
export function getInstance(context: Readonly<RouterContextProvider>): I18n {
  return context.get(i18nContext);
}
