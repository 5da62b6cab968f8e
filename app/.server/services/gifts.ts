// Redeeming a gift (issue 15; contract in gifts-contract.ts; rules in domain/gift-redemption.ts).
// Every call finds the gift by its link again and checks everything itself: who asks, their age
// and profile, the gift's state. Taking a gift on is one conditional UPDATE (no manager yet), so
// of two fans redeeming at once exactly one succeeds; choosing the holder is another (not yet
// activated), so a form sent twice activates once.
import { and, eq, isNull } from 'drizzle-orm';
import { checkConfigureDraft, CONFIGURE_FIELDS, type ConfigureDraft } from '../../domain/configure';
import { ALL_CONFIGURE_RULES } from '../../domain/configure-rules';
import { isItaly } from '../../domain/countries';
import {
  checkGift,
  holderChoiceContext,
  isOldEnoughToRedeem,
  missingRedemptionTerms,
  redeemerRefusal,
  redemptionTermsRecord,
} from '../../domain/gift-redemption';
import { HOLDER_FIELDS } from '../../domain/holder-draft';
import { normaliseGiftCode } from '../../domain/issued-codes';
import { isLookupKey } from '../../domain/plain-text';
import { missingForPurchase } from '../../domain/profile-completeness';
import { failure, success } from '../../domain/result';
import { issuedStatusOf } from '../../domain/season';
import { romeDate } from '../../domain/shop-time';
import type { ShopDb } from '../db/client';
import { gifts, memberships, orderItems, orders } from '../db/schema';
import type { ServiceDeps } from '.';
import { countryNationalCodes, resolveBirthPlace } from './birth-places';
import { findOwner } from './cart-items';
import { loadConfigureProduct } from './cart-product';
import type { CodeAttemptLimiter } from './code-attempts';
import type { Customer } from './customers';
import type { ActivateRequest, ActivateResult, GiftLink, GiftLookupResult, GiftRequest, GiftView, RedeemRequest, RedeemResult } from './gifts-contract';
import { giftCodeHash } from './order-fulfilment';
import { profileHolder } from './order-snapshot';

type FoundGift = { view: GiftView; membershipId: string; season: string | null; giftId: string };

/** The gift both codes name, as `customerId` sees it; null when they name none. */
async function findGift(db: ShopDb, link: GiftLink, customerId: string): Promise<FoundGift | null> {
  const giftCode = normaliseGiftCode(link.giftCode);
  const membershipCode = link.membershipCode.trim().toUpperCase();
  if (giftCode === null || !isLookupKey(membershipCode)) return null;
  const [row] = await db
    .select({ membership: memberships, gift: gifts, item: orderItems, buyer: orders.buyer })
    .from(memberships)
    .innerJoin(gifts, eq(gifts.membershipId, memberships.id))
    .innerJoin(orderItems, eq(orderItems.id, memberships.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(memberships.code, membershipCode), eq(gifts.codeHash, giftCodeHash(giftCode))))
    .limit(1);
  if (!row) return null;
  const { membership, gift, item } = row;
  // The holder ages as the catalogue has them now; a product since removed sets none.
  const product = await loadConfigureProduct(db, membership.productId);
  return {
    membershipId: membership.id,
    season: membership.season,
    giftId: gift.id,
    view: {
      membershipCode: membership.code,
      productId: membership.productId,
      productName: item.name,
      sku: item.sku,
      tags: item.tags,
      minHolderAge: product?.minHolderAge ?? null,
      maxHolderAge: product?.maxHolderAge ?? null,
      gifterFirstName: row.buyer.firstName,
      message: gift.recipient.message,
      check: checkGift(
        {
          membershipStatus: membership.status,
          managerCustomerId: membership.managerCustomerId,
          holderCustomerId: membership.holderCustomerId,
          activatedAt: gift.activatedAt,
        },
        customerId,
      ),
    },
  };
}

/** Only the holder's fields of a configure draft: nothing else of that form applies to a gift's holder. */
function holderChoiceDraft(draft: ConfigureDraft): ConfigureDraft {
  const kept = new Set<string>(['buyFor', ...HOLDER_FIELDS]);
  return Object.fromEntries(CONFIGURE_FIELDS.map((field) => [field, kept.has(field) ? draft[field] : ''])) as ConfigureDraft;
}

export function createGiftsService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>, { attempts }: { attempts: CodeAttemptLimiter }) {
  /**
   * The fan and the gift of a request. Each lookup counts against the guess limits before it
   * runs and is given back when the link names a gift, so only wrong links add up.
   */
  async function lookUp(request: GiftRequest): Promise<
    | { ok: true; customer: Customer; found: FoundGift }
    | Exclude<GiftLookupResult, { ok: true }>
  > {
    const customer = await findOwner(db, request.owner);
    if (!customer) return failure('not-found');
    const attempt = { customerId: customer.id, ip: request.ip };
    const retryAfterSeconds = await attempts.take(attempt);
    if (retryAfterSeconds !== null) return { ...failure('too-many-attempts'), retryAfterSeconds };
    const found = await findGift(db, request.link, customer.id);
    if (!found) return failure('not-found');
    await attempts.giveBack(attempt);
    return { ok: true, customer, found };
  }

  /** Whether a fan may take gifts on: a complete profile, 16 or older on the shop's day. */
  function managerProblem(customer: Customer) {
    const missing = missingForPurchase(customer);
    if (missing.length > 0 || customer.dob === null) return { ...failure('profile-incomplete'), missing };
    return isOldEnoughToRedeem(customer.dob, romeDate(clock.now())) ? null : failure('under-age');
  }

  return {
    /** The gift check (spec §7 "Check gift"): what the link is and what it means for this fan. */
    async check(request: GiftRequest): Promise<GiftLookupResult> {
      const looked = await lookUp(request);
      return looked.ok ? success(looked.found.view) : looked;
    },

    /**
     * Takes the gift on as its manager (spec §7 "Redeem gift"). Ready (status `ready`) when the
     * fan is now its manager with the holder still to choose — also when they already were.
     * Taking it on needs both terms boxes, and a holder choice open to the fan: one who could
     * never activate it (`no-holder-fits`) leaves it free for someone else. The gift keeps the
     * accepted terms in the transaction that makes the fan its manager.
     */
    async redeem(request: RedeemRequest): Promise<RedeemResult> {
      const looked = await lookUp(request);
      if (!looked.ok) return looked;
      const { customer, found } = looked;
      const problem = managerProblem(customer);
      if (problem) return problem;
      if (found.view.check.step === 'confirm') {
        const now = clock.now();
        const refusal = customer.dob === null ? null : redeemerRefusal(found.view, customer.dob, romeDate(now));
        if (refusal === 'no-holder-fits') return { ...failure(refusal), gift: found.view };
        if (refusal) return failure(refusal);
        if (missingRedemptionTerms(request.acceptedTerms).length > 0) return failure('terms-not-accepted');
        await db.transaction(async (tx) => {
          const [taken] = await tx
            .update(memberships)
            .set({ managerCustomerId: customer.id })
            .where(and(eq(memberships.id, found.membershipId), isNull(memberships.managerCustomerId), eq(memberships.status, 'ready')))
            .returning({ id: memberships.id });
          if (taken) await tx.update(gifts).set({ redeemedAt: now, acceptedTerms: redemptionTermsRecord(now) }).where(eq(gifts.id, found.giftId));
        });
      }
      // Read again: whoever won a race is now its manager.
      const after = await findGift(db, request.link, customer.id);
      if (!after) return failure('not-found');
      const { step } = after.view.check;
      if (step === 'holder-choice') return success({ gift: after.view, status: 'ready' });
      return failure(step === 'confirm' ? 'unavailable' : step);
    },

    /**
     * Chooses the holder of a gift the fan redeemed (spec §7 "Activate", with the holder data
     * on behalf): for themselves (their profile) or someone they type in, by the configure
     * form's rules for the product's holder ages. Uses the gift up.
     */
    async activate(request: ActivateRequest): Promise<ActivateResult> {
      const looked = await lookUp(request);
      if (!looked.ok) return looked;
      const { customer, found } = looked;
      const problem = managerProblem(customer);
      if (problem) return problem;
      const { step } = found.view.check;
      if (step !== 'holder-choice') return failure(step === 'confirm' ? 'not-found' : step);

      const today = romeDate(clock.now());
      const checked = checkConfigureDraft(
        holderChoiceDraft(request.draft),
        holderChoiceContext(found.view, { customerBirthDate: customer.dob ?? '', today, countryNationalCodes: await countryNationalCodes() }),
        ALL_CONFIGURE_RULES,
      );
      if (!checked.ok) return failure('invalid', checked.fields);
      const typed = checked.value.holder;
      if (typed && isItaly(typed.birthCountryCode)) {
        const place = await resolveBirthPlace(typed, today);
        if (!place.ok) return failure('invalid', { [place.field]: 'notInList' });
      }
      const forMyself = checked.value.buyFor === 'BUY_CARD';
      const activated = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(gifts)
          .set({ activatedAt: clock.now() })
          .where(and(eq(gifts.id, found.giftId), isNull(gifts.activatedAt)))
          .returning({ id: gifts.id });
        if (!used) return false;
        await tx
          .update(memberships)
          .set({
            holder: forMyself ? profileHolder(customer) : typed,
            holderCustomerId: forMyself ? customer.id : null,
            status: issuedStatusOf({ season: found.season, hasHolder: true }, today),
          })
          .where(and(eq(memberships.id, found.membershipId), eq(memberships.managerCustomerId, customer.id), eq(memberships.status, 'ready')));
        return true;
      });
      if (!activated) return failure('already-redeemed');
      return success({ membershipCode: found.view.membershipCode, productId: found.view.productId, productName: found.view.productName });
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
