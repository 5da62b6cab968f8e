/**
 * Gift data (spec §3 "configuration.gift", §5 "Gift", §9): who gets the gift link, an optional
 * message of at most 100 characters, and for someone else an e-mail or a phone to send it to.
 *
 * The message limit counts UTF-16 code units, as the textarea's `maxlength` does without
 * JavaScript (and `z.maxLength`, and every other limit in the shop): the browser and the server
 * then agree, so a fan is never let type what the server refuses. An emoji such as 😀 counts 2;
 * ZWJ sequences never get that far, since zero-width characters are refused as in all free text.
 * Line breaks count 1: browsers check `maxlength` against LF line breaks but submit CRLF, so
 * the message is read with LF before it is measured.
 */
import { isAcceptableEmail } from './email';
import { MAX_GIFT_MESSAGE_LENGTH, normaliseGiftMessage } from './gift-message';
import { isPlainText } from './plain-text';
import { isAcceptablePhone, normalisePhoneForStorage } from './phone';
import { failure, refuseInvalid, success, type FieldProblems, type Result } from './result';

export { MAX_GIFT_MESSAGE_LENGTH, normaliseGiftMessage } from './gift-message';



/** Send the link to someone else, or to the buyer, who passes it on. */
export const GIFT_RECIPIENTS = ['someone', 'myself'] as const;
export type GiftRecipient = (typeof GIFT_RECIPIENTS)[number];

export const GIFT_CONTACT_TYPES = ['EMAIL', 'PHONE'] as const;
export type GiftContactType = (typeof GIFT_CONTACT_TYPES)[number];

/** The gift fields as submitted ('' for empty). */
export type GiftDraft = {
  recipient: string;
  message: string;
  contactType: string;
  email: string;
  phone: string;
};
export type GiftField = keyof GiftDraft;

export type GiftContact = { type: 'EMAIL'; email: string } | { type: 'PHONE'; phone: string };

/**
 * The gift as stored. To oneself it has no contact: the link goes to the buyer's own account
 * address, taken from the profile on the server, never from the form.
 */
export type Gift = { recipient: 'someone'; message: string; contact: GiftContact } | { recipient: 'myself'; message: string };

/** Characters still allowed, for the live counter; negative when over. */
export function giftMessageCharactersLeft(input: string): number {
  return MAX_GIFT_MESSAGE_LENGTH - normaliseGiftMessage(input).length;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * Reason codes: recipient `required` | `invalid`; message `tooLong` | `invisibleCharacters`;
 * contactType `required` | `invalid`; email and phone `required` | `invalid`, only for the
 * chosen contact type (the other field is ignored and not stored).
 */
export function checkGiftDraft(draft: GiftDraft): Result<Gift, 'invalid', GiftField> {
  const problems: FieldProblems<GiftField> = {};
  const message = normaliseGiftMessage(draft.message);
  if (!isPlainText(message, { multiline: true })) problems.message = 'invisibleCharacters';
  else if (message.length > MAX_GIFT_MESSAGE_LENGTH) problems.message = 'tooLong';

  const recipient = draft.recipient.trim();
  if (recipient === '') problems.recipient = 'required';
  else if (!isOneOf(GIFT_RECIPIENTS, recipient)) problems.recipient = 'invalid';
  if (recipient !== 'someone') {
    const refused = refuseInvalid(problems);
    return refused ?? success({ recipient: 'myself', message });
  }

  const contact = checkContact(draft, problems);
  const refused = refuseInvalid(problems);
  // No contact always comes with a contact problem; the second test is for the type checker.
  if (refused || contact === null) return refused ?? failure('invalid', problems);
  return success({ recipient: 'someone', message, contact });
}

/** The contact for the chosen type, or null with its problems added. */
function checkContact(draft: GiftDraft, problems: FieldProblems<GiftField>): GiftContact | null {
  const type = draft.contactType.trim();
  if (type === '') problems.contactType = 'required';
  else if (!isOneOf(GIFT_CONTACT_TYPES, type)) problems.contactType = 'invalid';
  if (type === 'EMAIL') {
    const email = draft.email.trim();
    if (email === '') problems.email = 'required';
    else if (!isAcceptableEmail(email)) problems.email = 'invalid';
    else return { type, email };
  }
  if (type === 'PHONE') {
    const phone = draft.phone.trim();
    if (phone === '') problems.phone = 'required';
    else if (!isAcceptablePhone(phone)) problems.phone = 'invalid';
    else return { type, phone: normalisePhoneForStorage(phone) };
  }
  return null;
}
