import type { Language } from '../../domain/catalogue-types';
import { translatorFor, type ComposedMail } from './compose';

export type TrustLinkMail = {
  /** The language of the page the right password was typed on: the fan's current one. */
  language: Language;
  firstName: string;
  /** The absolute link that trusts a browser (`TrustLinks.urlOf`). */
  link: string;
  /** How long it works. */
  minutes: number;
  /** SUPPORT_URL, for a fan who did not type the password. */
  supportUrl: string;
};

/** The link that lets a new browser sign in while strangers' failures hold the account (identity-provider/trust-link.ts). */
export function composeTrustLinkMail(mail: TrustLinkMail): ComposedMail {
  const t = translatorFor(mail.language);
  const values = { shopName: t('common:shopName'), firstName: mail.firstName, link: mail.link, minutes: mail.minutes, supportUrl: mail.supportUrl };
  return { subject: t('mail:trustBrowser.subject', values), text: t('mail:trustBrowser.body', values) };
}
