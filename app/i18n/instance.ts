import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../domain/catalogue-types';

/** An i18next instance for one language with the given bundled resources (synchronous init). */
export function createI18nInstance(language: Language, resources: Resource): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    ns: Object.keys(resources[language] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
