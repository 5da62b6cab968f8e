import type { BuyForRefusal } from '../domain/buy-for';
import type { CartRuleRefusal } from '../domain/cart-rules';
import type { ConfigureField } from '../domain/configure';
import type { CouponCodeProblem } from '../domain/coupon-code';
import type { CustomisationTextProblem } from '../domain/customisation-text';
import type { TaxCodeHolderFailure } from '../domain/tax-code';
import type { DocumentFileField } from '../domain/document-upload';
import { FIELD_MESSAGES as M } from './messages';

/**
 * The configure form's messages: every reason code a field of a configuration can be refused
 * with — by the domain check (`checkConfigureDraft`), the cart service (coupon records, stock,
 * birth-place lookups, cart rules on `product`) and the upload reader (file inputs) — and its
 * translation key. Generic wording comes from the `forms` namespace; the flow's own from
 * `configure`, which the page loads anyway, so no other namespace is needed on the page.
 */

/** A field the form or the cart service may report a problem on (`product`: the cart rules). */
export type ConfigureProblemField = ConfigureField | DocumentFileField | 'product';

const C = <Key extends string>(key: Key) => `configure:errors.${key}` as const;
/** A part's own messages live with its texts (`configureParts`), loaded only where the part is shown. */
const P = <Key extends string>(key: Key) => `configureParts:errors.${key}` as const;

const PERSON_NAME = { required: M.required, invalid: M.invalidName, tooLong: M.tooLong } as const;
const FROM_LOOKUP = { required: M.required, notInList: M.selectFromList } as const;
const CHOICE = { required: M.required, invalid: M.selectFromList } as const;
const DOCUMENT_FILE = {
  required: M.required,
  tooLarge: P('documents.tooLarge'),
  type: P('documents.type'),
  chooseAgain: P('documents.chooseAgain'),
} as const;

/**
 * The holder's own wording ("the holder's last name"), not the profile's ("your last name"):
 * the code checked here is someone else's.
 */
const TAX_CODE = {
  required: M.required,
  length: P('taxCode.length'),
  pattern: P('taxCode.pattern'),
  month: P('taxCode.month'),
  day: P('taxCode.day'),
  checksum: P('taxCode.checksum'),
  surname: P('taxCode.surname'),
  name: P('taxCode.name'),
  birthDate: P('taxCode.birthDate'),
  gender: P('taxCode.gender'),
  birthPlace: P('taxCode.birthPlace'),
} as const satisfies Record<TaxCodeHolderFailure | 'required', string>;

/** The coupon service's refusals (and attempt limit) besides the code's own shape. */
// The coupons service names the attempt limit `tooManyAttempts` (its field reason); the cart's answer reason is `too-many-attempts`.
type CouponServiceRefusal = 'unknown' | 'expired' | 'used' | 'other-product' | 'too-many-attempts' | 'tooManyAttempts';

export const CONFIGURE_PROBLEM_MESSAGES = {
  buyFor: {
    ageNotOk: C('buyFor.ageNotOk'),
    notOffered: C('buyFor.notOffered'),
  } satisfies Record<BuyForRefusal, string>,
  firstName: PERSON_NAME,
  lastName: PERSON_NAME,
  email: { invalid: M.email },
  phone: { invalid: M.invalidPhone },
  dob: {
    required: M.required,
    invalid: M.invalidDate,
    future: P('dob.future'),
    tooOld: P('dob.tooOld'),
    outOfRange: P('dob.outOfRange'),
  },
  gender: CHOICE,
  birthCountryCode: { required: M.required, notChoosable: M.selectFromList },
  birthProvinceCode: FROM_LOOKUP,
  birthCityCode: FROM_LOOKUP,
  taxCode: TAX_CODE,
  couponCode: {
    required: M.required,
    incomplete: C('coupon.incomplete'),
    tooLong: C('coupon.tooLong'),
    unknown: C('coupon.unknown'),
    expired: C('coupon.expired'),
    used: C('coupon.used'),
    'other-product': C('coupon.otherProduct'),
    'too-many-attempts': C('coupon.tooManyAttempts'),
    tooManyAttempts: C('coupon.tooManyAttempts'),
  } satisfies Record<CouponCodeProblem | CouponServiceRefusal, string>,
  automaticRenewal: {},
  variantId: { required: M.required, invalid: M.selectFromList, soldOut: P('variant.soldOut') },
  customization: {
    required: M.required,
    characters: P('customization.characters'),
    tooShort: P('customization.tooShort'),
    tooLong: P('customization.tooLong'),
  } satisfies Record<CustomisationTextProblem, string>,
  documentType: CHOICE,
  documentFront: DOCUMENT_FILE,
  documentBack: DOCUMENT_FILE,
  giftRecipient: CHOICE,
  giftMessage: { tooLong: P('gift.messageTooLong'), invisibleCharacters: M.invisibleCharacters },
  giftContactType: CHOICE,
  giftEmail: { required: M.required, invalid: M.email },
  giftPhone: { required: M.required, invalid: M.invalidPhone },
  product: {
    cartFull: C('product.cartFull'),
    membershipOfKindInCart: C('product.membershipOfKindInCart'),
    cardForHolderInCart: C('product.cardForHolderInCart'),
    documentsMissing: C('product.documentsMissing'),
  } satisfies Record<CartRuleRefusal, string>,
} as const satisfies Record<ConfigureProblemField, Readonly<Record<string, string>>>;

/**
 * A reason code of a configuration's field as the form's message key. A reason no one gives
 * today (a newer service, a hand-made call) still gets a message rather than its code.
 */
export function configureProblemMessage(field: ConfigureProblemField, reason: string): string {
  const messages: Readonly<Record<string, string>> = CONFIGURE_PROBLEM_MESSAGES[field];
  if (Object.hasOwn(messages, reason)) return messages[reason] as string;
  return reason === 'required' ? M.required : M.dataNotValid;
}
