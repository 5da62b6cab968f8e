import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../../domain/catalogue-types';
import { resources } from '../../i18n/resources';

/**
 * Translators for text the server writes outside a request's page — mail, the payment
 * simulator's pages — one per language, built once. They do not escape: plain-text mail needs
 * none ("Black & White" must stay whole), and HTML templates escape what they insert themselves.
 */
export function plainTranslators(namespaces: { ns: string[]; defaultNS: string }, owner: string): (language: Language) => TFunction {
  const translators = new Map<Language, TFunction>(
    LANGUAGES.map((language) => {
      const instance = createInstance();
      void instance.init({
        lng: language,
        fallbackLng: false,
        resources,
        ns: namespaces.ns,
        defaultNS: namespaces.defaultNS,
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      return [language, instance.t];
    }),
  );
  return (language) => {
    const t = translators.get(language);
    if (!t) throw new Error(`${owner}: no translations for ${language}`);
    return t;
  };
}
