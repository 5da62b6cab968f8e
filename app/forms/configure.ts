import * as z from 'zod/mini';
import {
  checkConfigureDraft,
  type ConfigureRules,
  CONFIGURE_FIELDS,
  type ConfigureCheckContext,
  type ConfigureDraft,
  type ConfigureField,
} from '../domain/configure';
import { MAX_EMAIL_LENGTH } from '../domain/email';
import { MAX_GIFT_MESSAGE_LENGTH, normaliseGiftMessage } from '../domain/gift-message';
import { MAX_HOLDER_NAME_LENGTH } from '../domain/holder-draft';
import { MAX_PHONE_LENGTH } from '../domain/phone';
import { configureProblemMessage } from './configure-messages';
import { FIELD_MESSAGES as M } from './messages';

export { CONFIGURE_PROBLEM_MESSAGES, configureProblemMessage, type ConfigureProblemField } from './configure-messages';

/**
 * The configure form (buy, gift or coupon; spec §2 "Buyer data form", §5 "Buyer form"): the
 * text fields of `CONFIGURE_FIELDS`, all optional here. Which of them a request needs depends
 * on the process, the product and the buy-for choice, so every rule comes from the domain check
 * the cart service runs too (`checkConfigureDraft`); fields a part does not show are ignored.
 * The identity document's files (`documentFront`, `documentBack`) are not in the schema: the
 * upload reader and the cart service check them (an edited card keeps its stored ones).
 */

/**
 * The schema's inputs for one fan, product and process: plain data the loader also sends to
 * the browser, which builds the same schema.
 */
export type ConfigureFormContext = ConfigureCheckContext;

/** The form's values as the page shows them ('' for empty). */
export type ConfigureFormValues = Record<ConfigureField, string>;

/** Generous: spaces typed between groups are removed before the 16 characters are checked. */
const MAX_TAX_CODE_INPUT_LENGTH = 32;
/** Ten code characters, typed with a hyphen or spaces. */
const MAX_COUPON_INPUT_LENGTH = 20;
/** Above any product's printed length; the product's own maximum is the domain check's. */
const MAX_CUSTOMIZATION_INPUT_LENGTH = 40;
/** Choices and codes from lists (`BUY_ON_BEHALF`, `IT`, `H501`, `PASSPORT`, a date). */
const MAX_CODE_LENGTH = 20;
/** A variant's id (a database id). */
const MAX_ID_LENGTH = 64;

/** A typed or chosen value, trimmed, with the `maxlength` its input gets (forms/constraint.ts). */
const bounded = (max: number, error: string = M.tooLong) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error })));
const code = bounded(MAX_CODE_LENGTH, M.selectFromList);

/** The draft the domain check reads: every field, '' for what was not sent. */
export function configureDraftOf(values: Partial<Record<string, unknown>>): ConfigureDraft {
  return Object.fromEntries(
    CONFIGURE_FIELDS.map((field) => [field, typeof values[field] === 'string' ? values[field] : '']),
  ) as ConfigureDraft;
}

/** The configure form's schema for one request; the action and the browser build the same. */
export function configureSchema(context: ConfigureFormContext, rules: ConfigureRules) {
  return z
    .object({
      buyFor: code,
      firstName: bounded(MAX_HOLDER_NAME_LENGTH),
      lastName: bounded(MAX_HOLDER_NAME_LENGTH),
      email: bounded(MAX_EMAIL_LENGTH),
      phone: bounded(MAX_PHONE_LENGTH),
      dob: bounded(MAX_CODE_LENGTH, M.invalidDate),
      gender: code,
      birthCountryCode: code,
      birthProvinceCode: code,
      birthCityCode: code,
      taxCode: bounded(MAX_TAX_CODE_INPUT_LENGTH),
      couponCode: bounded(MAX_COUPON_INPUT_LENGTH),
      automaticRenewal: code,
      variantId: bounded(MAX_ID_LENGTH, M.selectFromList),
      customization: bounded(MAX_CUSTOMIZATION_INPUT_LENGTH),
      documentType: code,
      giftRecipient: code,
      // Measured as the domain measures it (and the textarea's maxlength counts): line breaks as LF.
      giftMessage: z.optional(
        z.string().check(
          z.overwrite(normaliseGiftMessage),
          z.maxLength(MAX_GIFT_MESSAGE_LENGTH, { error: configureProblemMessage('giftMessage', 'tooLong') }),
        ),
      ),
      giftContactType: code,
      giftEmail: bounded(MAX_EMAIL_LENGTH),
      giftPhone: bounded(MAX_PHONE_LENGTH),
    })
    .check(
      z.superRefine(
        (values, check) => {
          // Runs even when single fields failed (`when`), so every message shows at once; a
          // field already refused by its length keeps that one message.
          const result = checkConfigureDraft(configureDraftOf(values), context, rules);
          if (result.ok) return;
          const refused = new Set(check.issues.map((issue) => issue.path?.[0]));
          for (const field of CONFIGURE_FIELDS) {
            const problem = result.fields[field];
            if (problem && !refused.has(field)) {
              check.addIssue({ code: 'custom', path: [field], message: configureProblemMessage(field, problem) });
            }
          }
        },
        { when: () => true },
      ),
    );
}

export type ConfigureFormOutput = z.output<ReturnType<typeof configureSchema>>;
