// What the redeem-gift page needs from the outside world (issue 15): the link in the URL, the
// step the gifts service says this fan is at, worded here, and the holder choice's form, which
// is the configure form's buy-for choice and holder for the gift's product.
import { data } from 'react-router';
import type { ConfigurePageData } from '../../components/configure/configure-page';
import type { RedeemGiftStep, RedeemTermView } from '../../components/gift/redeem-gift-page';
import { REDEEM_TERMS } from '../../forms/redeem-gift';
import type { Language } from '../../domain/catalogue-types';
import { configurePartsOf } from '../../domain/configure';
import { GIFT_ERROR_CODES, holderChoiceContext, isOldEnoughToRedeem, type GiftError } from '../../domain/gift-redemption';
import { pagePath } from '../../domain/page-address';
import { missingForPurchase, profileCompletionHref } from '../../domain/profile-completeness';
import { romeDate } from '../../domain/shop-time';
import { loadedFormView } from '../../.server/http/refresh';
import { countryNationalCodes } from '../../.server/services/birth-places';
import type { Customer } from '../../.server/services/customers';
import type { GiftLink, GiftView } from '../../.server/services/gifts-contract';
import { buyForOptions } from '../../domain/buy-for';
import {
  buyForChoices,
  chooseBuyFor,
  describeConfigureForm,
  newConfigureDraft,
  ownDataOf,
  summaryLabels,
} from '../configure/configure.server';
import { termsTextLink } from '../terms/terms-links.server';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The redeem step's two boxes, worded here (as checkout's: `checkoutTerms` is read on the
 * server only): the sentence the fan ticks, and the short name the error summary gives it.
 */
export function redeemTermsOf(t: Translate): RedeemTermView[] {
  return REDEEM_TERMS.map((name) => ({ name, label: t(`checkoutTerms:${name}`), summaryLabel: t(`checkout:labels.${name}`), textLink: termsTextLink(name, t) }));
}

/** `code` and `giftCode` of the URL; null when either is missing (spec: then go home). */
export function giftLinkOf(url: URL): GiftLink | null {
  const membershipCode = url.searchParams.get('code')?.trim() ?? '';
  const giftCode = url.searchParams.get('giftCode')?.trim() ?? '';
  return membershipCode === '' || giftCode === '' ? null : { membershipCode, giftCode };
}

const ERROR_STATUS: Record<GiftError, number> = { 'not-found': 404, taken: 409, unavailable: 410, 'too-many-attempts': 429 };

/** A refusal with its server label and code (spec §8 REDEEM_GIFT.GENERIC_ERROR), and the HTTP status it answers. */
export function giftError(error: GiftError, t: Translate) {
  const code = GIFT_ERROR_CODES[error];
  const step: RedeemGiftStep = { step: 'error', title: t('gift:error.title'), message: t(`gift:error.labels.${code}`), code };
  return data(step, { status: ERROR_STATUS[error] });
}

/** What a fan who cannot take a gift on sees instead: the profile to complete, or the under-16 error. */
export function managerBlocker(customer: Customer, requestUrl: string, now: Date, t: Translate) {
  const missing = missingForPurchase(customer);
  if (missing.length > 0 || customer.dob === null) {
    const step: RedeemGiftStep = { step: 'missing', missing, completeHref: profileCompletionHref(pagePath(requestUrl)) };
    return data(step);
  }
  if (isOldEnoughToRedeem(customer.dob, romeDate(now))) return null;
  const step: RedeemGiftStep = { step: 'error', title: t('gift:error.managerWrong.title'), message: t('gift:error.managerWrong.message'), code: null };
  return data(step, { status: 403 });
}

/**
 * What a fan sees instead of the confirm step when, once redeemed, no holder choice would be
 * open to them (domain `redeemerRefusal`: `no-holder-fits`): why, and that the gift stays
 * available. 409, from the page and from a claim sent anyway.
 */
export function noHolderFits(gift: GiftView, language: Language, t: Translate) {
  const step: RedeemGiftStep = {
    step: 'error',
    title: t('gift:error.noHolderFits.title'),
    message: t('gift:error.noHolderFits.message', { product: gift.productName[language] }),
    code: null,
  };
  return data(step, { status: 409 });
}

/** The holder choice for a gift this fan redeemed: the configure form, asking only who holds it. */
export async function holderChoiceStep(
  gift: GiftView,
  customer: Customer,
  { requestUrl, language, now, t }: { requestUrl: string; language: Language; now: Date; t: Translate },
): Promise<Extract<RedeemGiftStep, { step: 'holder' }>> {
  const today = romeDate(now);
  const options = buyForOptions(gift, customer.dob ?? '', today);
  const buyFor = chooseBuyFor(options, new URL(requestUrl).searchParams.get('buyFor'), null);
  const parts = {
    ...configurePartsOf('buy', { kind: 'membership', hasVariants: false, hasCustomization: false }, buyFor),
    // The gift came with its price, size and renewal choice: only the holder is asked.
    coupon: 'none' as const,
    automaticRenewal: false,
  };
  const product = gift.productName[language];
  const page: ConfigurePageData = {
    product: { id: gift.productId, name: product, imageUrl: '', kind: 'membership', price: { kind: 'list', text: '' }, variants: [], customization: null },
    process: 'buy',
    editing: null,
    completeHref: '',
    missing: [],
  };
  const form: Extract<RedeemGiftStep, { step: 'holder' }>['form'] = {
    buyFor: { choices: buyForChoices(options.offered, requestUrl), chosen: buyFor, ageNotOk: options.ageNotOk },
    summaryLabels: summaryLabels(t, parts, ''),
    parts,
    own: ownDataOf(customer),
    primaryAction: 'activateGift',
    schemaContext: holderChoiceContext(gift, { customerBirthDate: customer.dob ?? '', today, countryNationalCodes: await countryNationalCodes() }),
    view: await loadedFormView(newConfigureDraft(buyFor, ''), describeConfigureForm(language, today, parts.holderFields)),
  };
  return { step: 'holder', title: t('gift:holder.title', { product }), page, form };
}
