import type { Language } from '../../domain/catalogue-types';
import { translatorFor, type ComposedMail } from './compose';

export type ReloadDocsMail = {
  /** The order's language. */
  language: Language;
  firstName: string;
  productName: string;
  orderNumber: number;
  /** The absolute reload-docs link (`ReloadDocsLinks.urlOf`). */
  link: string;
};

/** Asks the buyer of a club card for its holder's identity document, with the link that takes it (issue 15). */
export function composeReloadDocsMail(mail: ReloadDocsMail): ComposedMail {
  const t = translatorFor(mail.language);
  const values = {
    shopName: t('common:shopName'),
    firstName: mail.firstName,
    product: mail.productName,
    number: String(mail.orderNumber),
    link: mail.link,
  };
  return { subject: t('mail:reloadDocs.subject', values), text: t('mail:reloadDocs.body', values) };
}
