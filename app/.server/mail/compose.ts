import type { BackInStockMail } from '../../domain/notify-me';
import { plainTranslators } from '../i18n/plain-translators';

export type ComposedMail = { subject: string; text: string };

/** Mail is written without a request's translator: one per language, built once. */
export const translatorFor = plainTranslators({ ns: ['common', 'notify', 'checkout'], defaultNS: 'notify' }, 'mail');

/** The "back in stock" notify-me mail in the fan's language. */
export function composeBackInStockMail(mail: BackInStockMail): ComposedMail {
  const t = translatorFor(mail.language);
  const values = { ...mail.values, shopName: t('common:shopName') };
  return {
    subject: t('mail:backInStock.subject', values),
    text: t('mail:backInStock.body', values),
  };
}
