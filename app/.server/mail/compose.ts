import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../../domain/catalogue-types';
import type { BackInStockMail } from '../../domain/notify-me';
import { resources } from '../../i18n/resources';

export type ComposedMail = { subject: string; text: string };

/** One translator per language, built once: mail is written without the request's instance. */
const translators = new Map<Language, TFunction>(
  LANGUAGES.map((language) => {
    const instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      resources,
      ns: ['common', 'notify', 'checkout'],
      defaultNS: 'notify',
      // Plain text mail: nothing to escape, and escaping would mangle names like "Black & White".
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return [language, instance.t];
  }),
);

export function translatorFor(language: Language): TFunction {
  const t = translators.get(language);
  if (!t) throw new Error(`no mail translations for ${language}`);
  return t;
}

/** The "back in stock" notify-me mail in the fan's language. */
export function composeBackInStockMail(mail: BackInStockMail): ComposedMail {
  const t = translatorFor(mail.language);
  const values = { ...mail.values, shopName: t('common:shopName') };
  return {
    subject: t('mail:backInStock.subject', values),
    text: t('mail:backInStock.body', values),
  };
}
