/**
 * The thank-you page's three promotional cards (spec §2: text, image, button label, target
 * address). Texts and button labels are `orders:promotions.<id>.text|action`; the images are the
 * shop's own card art in public/art (decisions.md, "Thank-you page"). Change the cards here.
 */
export const THANK_YOU_PROMOTIONS = [
  { id: 'premium', imageUrl: '/art/j1897.svg', href: '/products/j1897' },
  { id: 'gift', imageUrl: '/art/kids.svg', href: '/products/kids' },
  { id: 'coupon', imageUrl: '/art/stadium.svg', href: '/coupon' },
] as const;

export type ThankYouPromotion = (typeof THANK_YOU_PROMOTIONS)[number];
