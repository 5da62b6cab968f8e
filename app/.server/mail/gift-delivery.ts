import type { Language } from '../../domain/catalogue-types';
import { redeemGiftPath } from '../../domain/gift-delivery';
import { translatorFor, type ComposedMail } from './compose';

export type GiftDeliveryMail = {
  /** The gifter's order's language: the recipient's is not known. */
  language: Language;
  gifterFirstName: string;
  productName: string;
  /** The gifter's message, plain text (checked when the gift was configured); '' for none. */
  message: string;
  membershipCode: string;
  giftCode: string;
  publicUrl: string;
};

/**
 * The gift itself (issue 15; spec §5 "Gift"): who gives it, their message, and the link that
 * redeems it (`/redeem-gift?code=…&giftCode=…`). Plain text, as all the shop's mail.
 */
export function composeGiftDeliveryMail(gift: GiftDeliveryMail): ComposedMail {
  const t = translatorFor(gift.language);
  const values = {
    shopName: t('common:shopName'),
    gifter: gift.gifterFirstName,
    product: gift.productName,
    link: `${gift.publicUrl}${redeemGiftPath(gift.membershipCode, gift.giftCode)}`,
  };
  const sections = [
    t('mail:giftDelivery.intro', values),
    ...(gift.message ? [t('mail:giftDelivery.message', values), gift.message] : []),
    t('mail:giftDelivery.redeem', values),
    t('mail:giftDelivery.private', values),
    t('mail:giftDelivery.signature', values),
  ];
  return { subject: t('mail:giftDelivery.subject', values), text: sections.join('\n\n') };
}
