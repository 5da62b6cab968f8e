import type { Language } from '../../domain/catalogue-types';
import { translatorFor, type ComposedMail } from './compose';

export type RenewalOfferMail = {
  /** The language of the order that issued the membership. */
  language: Language;
  firstName: string;
  productName: string;
  membershipCode: string;
  /** The season the renewal is for. */
  season: string;
  /** The renewal is in the manager's cart (the link is the cart), or is to be confirmed on its page. */
  inCart: boolean;
  /** Absolute: the cart, or the renewal page. */
  link: string;
};

/** Tells a membership's manager that its automatic renewal is ready to confirm (issue 15). */
export function composeRenewalOfferMail(mail: RenewalOfferMail): ComposedMail {
  const t = translatorFor(mail.language);
  const values = {
    shopName: t('common:shopName'),
    firstName: mail.firstName,
    product: mail.productName,
    code: mail.membershipCode,
    season: mail.season,
    link: mail.link,
  };
  return {
    subject: t('mail:renewalOffer.subject', values),
    text: t(mail.inCart ? 'mail:renewalOffer.bodyInCart' : 'mail:renewalOffer.bodyToConfirm', values),
  };
}
