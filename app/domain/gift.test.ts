import { describe, expect, it } from 'vitest';
import {
  checkGiftDraft,
  giftMessageCharactersLeft,
  MAX_GIFT_MESSAGE_LENGTH,
  normaliseGiftMessage,
  type GiftDraft,
} from './gift';

const toSomeoneByEmail: GiftDraft = {
  recipient: 'someone',
  message: 'Forza!',
  contactType: 'EMAIL',
  email: 'ada@example.org',
  phone: '',
};
const toMyself: GiftDraft = { recipient: 'myself', message: '', contactType: '', email: '', phone: '' };

const problemsOf = (draft: GiftDraft) => {
  const result = checkGiftDraft(draft);
  return result.ok ? {} : result.fields;
};

describe('gift message length', () => {
  it('is 100', () => {
    expect(MAX_GIFT_MESSAGE_LENGTH).toBe(100);
  });

  it.each([
    ['a'.repeat(99), {}],
    ['a'.repeat(100), {}],
    ['a'.repeat(101), { message: 'tooLong' }],
    ['😀'.repeat(50), {}], // an emoji counts 2, like the textarea's maxlength
    ['😀'.repeat(51), { message: 'tooLong' }],
    [`${'a'.repeat(98)}😀`, {}], // 100 units
    [`${'a'.repeat(99)}😀`, { message: 'tooLong' }], // 101 units, though 100 emoji-aware characters
    [`  ${'a'.repeat(100)}\n `, {}], // surrounding whitespace does not count
    // browsers measure with LF but submit CRLF: 98 letters and 2 line breaks are 100
    [`${'a'.repeat(49)}\r\n\r\n${'a'.repeat(49)}`, {}],
    [`${'a'.repeat(50)}\r\n\r\n${'a'.repeat(49)}`, { message: 'tooLong' }],
    ['', {}], // optional
  ])('%j → %j', (message, problems) => {
    expect(problemsOf({ ...toSomeoneByEmail, message })).toEqual(problems);
  });

  it('counts down for the live counter like the server counts', () => {
    expect(giftMessageCharactersLeft('')).toBe(100);
    expect(giftMessageCharactersLeft('a\r\nb')).toBe(97);
    expect(giftMessageCharactersLeft('😀')).toBe(98);
    expect(giftMessageCharactersLeft('a'.repeat(101))).toBe(-1);
  });

  it('keeps line breaks and tabs but refuses invisible characters', () => {
    expect(problemsOf({ ...toSomeoneByEmail, message: 'Auguri\n\tAda' })).toEqual({});
    expect(problemsOf({ ...toSomeoneByEmail, message: 'Auguri\u202eadA' })).toEqual({ message: 'invisibleCharacters' });
    expect(problemsOf({ ...toSomeoneByEmail, message: 'Auguri\u0000' })).toEqual({ message: 'invisibleCharacters' });
    expect(problemsOf({ ...toSomeoneByEmail, message: '👨\u200d👩\u200d👧' })).toEqual({ message: 'invisibleCharacters' });
  });

  it('stores the message with LF line breaks, trimmed', () => {
    expect(normaliseGiftMessage(' a\r\nb\rc \n')).toBe('a\nb\nc');
    expect(checkGiftDraft({ ...toMyself, message: ' Auguri\r\nAda ' })).toEqual({
      ok: true,
      value: { recipient: 'myself', message: 'Auguri\nAda' },
    });
  });
});

describe('gift recipient and contact', () => {
  it('sends to someone by e-mail', () => {
    expect(checkGiftDraft({ ...toSomeoneByEmail, email: ' ada@example.org ', phone: 'ignored' })).toEqual({
      ok: true,
      value: { recipient: 'someone', message: 'Forza!', contact: { type: 'EMAIL', email: 'ada@example.org' } },
    });
  });

  it('sends to someone by phone, stored with 00 for +', () => {
    expect(checkGiftDraft({ ...toSomeoneByEmail, contactType: 'PHONE', email: 'not checked', phone: '+39 333 123 4567' })).toEqual({
      ok: true,
      value: { recipient: 'someone', message: 'Forza!', contact: { type: 'PHONE', phone: '00393331234567' } },
    });
  });

  it('needs no contact when sent to oneself, and ignores one given', () => {
    expect(checkGiftDraft({ ...toMyself, contactType: 'EMAIL', email: 'not an address' })).toEqual({
      ok: true,
      value: { recipient: 'myself', message: '' },
    });
  });

  it.each([
    [{ recipient: '' }, { recipient: 'required' }],
    [{ recipient: 'SOMEONE' }, { recipient: 'invalid' }],
    [{ recipient: 'everyone' }, { recipient: 'invalid' }],
    [{ contactType: '' }, { contactType: 'required' }],
    [{ contactType: 'email' }, { contactType: 'invalid' }],
    [{ contactType: 'POST' }, { contactType: 'invalid' }],
    [{ email: '' }, { email: 'required' }],
    [{ email: '   ' }, { email: 'required' }],
    [{ email: 'ada@example' }, { email: 'invalid' }],
    [{ email: 'ada example.org' }, { email: 'invalid' }],
    [{ contactType: 'PHONE', phone: '' }, { phone: 'required' }],
    [{ contactType: 'PHONE', phone: '123' }, { phone: 'invalid' }], // 3 digits
    [{ contactType: 'PHONE', phone: 'ab12' }, { phone: 'invalid' }],
    [{ recipient: 'someone', contactType: '', message: 'a'.repeat(101) }, { contactType: 'required', message: 'tooLong' }],
  ])('%j → %j', (change, problems) => {
    expect(problemsOf({ ...toSomeoneByEmail, ...change })).toEqual(problems);
  });

  it('accepts a four-digit phone', () => {
    expect(problemsOf({ ...toSomeoneByEmail, contactType: 'PHONE', phone: '1234' })).toEqual({});
  });
});
