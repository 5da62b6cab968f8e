import * as z from 'zod/mini';

/**
 * The redeem step of a gift (spec catalogue-cart §2 "Two terms checkboxes (gift redemption)",
 * §5 "Gift redemption needs both terms checkboxes"): the fan who takes a gift on accepts the
 * membership's terms and the age/guardian declaration, the two a membership-only cart asks at
 * checkout (same field names, same texts). Both boxes send `on`; `intent=redeem`. The gift keeps
 * their acceptance (domain/gift-redemption.ts, `GIFT_REDEMPTION_TERMS`; a test keeps both lists equal).
 */
export const REDEEM_TERMS = ['membershipTerms', 'guardianDeclaration'] as const;
export type RedeemTerm = (typeof REDEEM_TERMS)[number];

export const REDEEM_GIFT_MESSAGES = { termRequired: 'gift:confirm.termRequired' } as const;

const ticked = z.literal('on', { error: REDEEM_GIFT_MESSAGES.termRequired });

export const redeemGiftSchema = z.object({ membershipTerms: ticked, guardianDeclaration: ticked });
