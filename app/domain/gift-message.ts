/**
 * The gift message's measure (spec §5: up to 100 characters), apart from the gift rules
 * (gift.ts) so the form can bound the field without loading them: counted in UTF-16 units with
 * LF line breaks, as the textarea's `maxlength` counts (see gift.ts).
 */
export const MAX_GIFT_MESSAGE_LENGTH = 100;

/** The message as stored and measured: CRLF and lone CR as LF, surrounding whitespace trimmed. */
export function normaliseGiftMessage(input: string): string {
  return input.replace(/\r\n?/g, '\n').trim();
}
