// What the gifts service (issue 15: redeeming a gift) is asked and answers.
import type { LocalizedText } from '../../domain/catalogue-types';
import type { ConfigureDraft, ConfigureField } from '../../domain/configure';
import type { GiftCheck } from '../../domain/gift-redemption';
import type { ProfilePart } from '../../domain/profile-completeness';
import type { Failure, Result } from '../../domain/result';
import type { CartOwner } from './cart-contract';

/** The link's two codes as they came (`code` and `giftCode` of `/redeem-gift`). */
export type GiftLink = { membershipCode: string; giftCode: string };

/** Who asks, for the guess limits: the fan's own counter and their IP address's. */
export type GiftRequest = { owner: CartOwner; link: GiftLink; ip: string };

/** The gift as its link shows it to the signed-in fan, with the check's answer for them. */
export type GiftView = {
  membershipCode: string;
  productId: string;
  productName: LocalizedText;
  /** The spec's redeem response: the product's sku, tags and holder ages. */
  sku: string;
  tags: string[];
  minHolderAge: number | null;
  maxHolderAge: number | null;
  gifterFirstName: string;
  message: string;
  check: GiftCheck;
};

/** Too many links tried by this fan or from this IP: retry after the window ends. */
export type TooManyGiftAttempts = Failure<'too-many-attempts'> & { retryAfterSeconds: number };

/** Why a link leads nowhere: unknown (or not a code at all), or guessed too often. */
export type GiftLookupResult = Result<GiftView, 'not-found'> | TooManyGiftAttempts;

/** Taking a gift on: the names of the terms boxes the fan ticked (both are needed to take it on). */
export type RedeemRequest = GiftRequest & { acceptedTerms: ReadonlySet<string> };

/** Why a fan's step on a gift is refused, besides the lookup's reasons. */
export type GiftRefusal = 'profile-incomplete' | 'under-age' | 'already-redeemed' | 'taken' | 'unavailable';

/**
 * Why taking a gift on is refused, besides those: no holder choice would be open to this fan
 * (domain `redeemerRefusal`), or a terms box left empty. Either way nothing is taken on.
 */
export type RedeemRefusal = GiftRefusal | 'no-holder-fits' | 'terms-not-accepted';

export type RedeemResult =
  | Result<{ gift: GiftView; status: 'ready' }, 'not-found' | Exclude<RedeemRefusal, 'profile-incomplete' | 'no-holder-fits'>>
  | (Failure<'no-holder-fits'> & { gift: GiftView })
  | (Failure<'profile-incomplete'> & { missing: ProfilePart[] })
  | TooManyGiftAttempts;

/** The holder choice: `buyFor` and the holder's fields, as the configure form names them. */
export type ActivateRequest = GiftRequest & { draft: ConfigureDraft };

export type ActivateResult =
  | Result<{ membershipCode: string; productId: string; productName: LocalizedText }, 'not-found' | Exclude<GiftRefusal, 'profile-incomplete'> | 'invalid', ConfigureField>
  | (Failure<'profile-incomplete'> & { missing: ProfilePart[] })
  | TooManyGiftAttempts;
