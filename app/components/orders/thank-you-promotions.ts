import type { OfferedProduct } from '../../domain/thank-you-offers';

/**
 * The thank-you page's three promotional cards (spec §2: text, image, button label, target
 * address). Texts and button labels are `orders:promotions.<id>.text|action`; the images are the
 * shop's own card art in public/art (docs/decisions/checkout-and-orders.md, "Thank-you page").
 * Change the cards here.
 * `product` is the product a card sells (null: none): a card is not shown to a fan who has just
 * bought or redeemed it (domain/thank-you-offers.ts).
 */
export const THANK_YOU_PROMOTIONS = [
  { id: 'premium', imageUrl: '/art/j1897.svg', href: '/products/j1897', product: { productId: 'j1897', kind: 'membership' } },
  { id: 'gift', imageUrl: '/art/kids.svg', href: '/products/kids', product: { productId: 'kids', kind: 'membership' } },
  { id: 'coupon', imageUrl: '/art/stadium.svg', href: '/coupon', product: null },
] as const satisfies readonly { id: string; imageUrl: string; href: string; product: OfferedProduct }[];

export type ThankYouPromotion = (typeof THANK_YOU_PROMOTIONS)[number];
export type ThankYouPromotionId = ThankYouPromotion['id'];
