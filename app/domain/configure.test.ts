import { ALL_CONFIGURE_RULES } from './configure-rules';
import { describe, expect, it } from 'vitest';
import { applyHolderClearingRules } from './address-rules';
import { onBehalfBirthDateBounds } from './holder-birth-dates';
import { allowedProcesses, checkConfigureDraft, configurePartsOf, type ConfigureDraft, type ConfigureProcess } from './configure';
import {
  aDraft,
  configureContext,
  EMMA,
  LUCA,
  PRODUCTS,
  turningToday,
  turningTomorrow,
  type ConfigureTestProduct,
} from './testing/configure-fixtures';

/** The cart service's rules: every part checked. */
const RULES = ALL_CONFIGURE_RULES;

const { j1897, stadium, young, junior, jcard } = PRODUCTS;

function check(product: ConfigureTestProduct, draft: Partial<ConfigureDraft>, process: ConfigureProcess = 'buy', fanBorn = turningToday(40)) {
  return checkConfigureDraft(aDraft(draft), configureContext(product, process, fanBorn), RULES);
}

function problemsOf(result: ReturnType<typeof checkConfigureDraft>) {
  return result.ok ? {} : result.fields;
}

describe('allowedProcesses', () => {
  it.each([
    ['a priced membership (J1897)', j1897, ['buy', 'gift', 'coupon']],
    ['a membership without a price (Stadium)', stadium, ['coupon']],
    ['the club card', jcard, ['buy']],
    ['a sold-out membership (Young)', young, []],
    ['a membership not available', { ...j1897, availability: 'not_available' as const }, []],
    ['a sold-out card', { ...jcard, soldOut: true }, []],
    ['a priced product of another kind', { ...j1897, kind: 'other' as const, tags: [] }, ['buy', 'gift']],
  ])('%s: %j', (_name, product, processes) => {
    expect(allowedProcesses(product)).toEqual(processes);
  });
});

describe('configurePartsOf', () => {
  const membership = { kind: 'membership' as const, hasVariants: false, hasCustomization: false };
  const card = { kind: 'card' as const, hasVariants: true, hasCustomization: true };

  it('shows a gift no buy-for choice, holder, coupon or renewal', () => {
    expect(configurePartsOf('gift', membership, null)).toEqual({
      buyForChoice: false,
      holderFields: false,
      managerBlock: false,
      coupon: 'none',
      automaticRenewal: false,
      variant: false,
      customization: false,
      documents: false,
      gift: true,
    });
  });

  it('types the holder in on behalf only; a membership bought so has its manager shown', () => {
    expect(configurePartsOf('buy', membership, 'BUY_CARD')).toMatchObject({ holderFields: false, managerBlock: false, coupon: 'optional' });
    expect(configurePartsOf('buy', membership, 'BUY_ON_BEHALF')).toMatchObject({ holderFields: true, managerBlock: true });
    expect(configurePartsOf('coupon', membership, 'BUY_ON_BEHALF')).toMatchObject({ coupon: 'required', automaticRenewal: true });
  });

  it('gives the card its sizes, text and documents, and no coupon', () => {
    expect(configurePartsOf('buy', card, 'BUY_ON_BEHALF')).toMatchObject({
      holderFields: true,
      managerBlock: false,
      coupon: 'none',
      automaticRenewal: false,
      variant: true,
      customization: true,
      documents: true,
    });
  });
});

describe('checkConfigureDraft: buy-for choice by the fan’s age', () => {
  const guardian = { ...j1897, minHolderAge: 16, maxHolderAge: 17 }; // both bounds at the age gates
  /** A holder the product accepts on behalf: the youngest allowed. */
  const holderFor = (product: ConfigureTestProduct) => ({ ...LUCA, taxCode: '', dob: onBehalfBirthDateBounds(product, '2026-05-10').latest });

  it.each([
    // product, fan's birth date, buyFor sent, outcome (the choice made, or the buyFor problem)
    ['14+', j1897, turningTomorrow(16), '', 'ageNotOk'], // 15
    ['14+', j1897, turningTomorrow(16), 'BUY_CARD', 'ageNotOk'],
    ['14+', j1897, turningToday(16), '', 'BUY_CARD'],
    ['14+', j1897, turningToday(16), 'BUY_ON_BEHALF', 'notOffered'],
    ['14+', j1897, turningTomorrow(18), '', 'BUY_CARD'], // 17
    ['14+', j1897, turningTomorrow(18), 'BUY_ON_BEHALF', 'notOffered'],
    ['14+', j1897, turningToday(18), '', 'BUY_CARD'],
    ['14+', j1897, turningToday(18), 'BUY_ON_BEHALF', 'BUY_ON_BEHALF'],
    ['14+', j1897, turningToday(18), 'SOMETHING', 'notOffered'],
    ['5-10', junior, turningTomorrow(18), '', 'ageNotOk'], // 17
    ['5-10', junior, turningToday(18), '', 'BUY_ON_BEHALF'], // the only option is the default
    ['5-10', junior, turningToday(18), 'BUY_CARD', 'notOffered'],
    ['16-17', guardian, turningTomorrow(16), '', 'ageNotOk'], // 15
    ['16-17', guardian, turningToday(16), '', 'BUY_CARD'],
    ['16-17', guardian, turningTomorrow(18), '', 'BUY_CARD'], // 17: the maximum is included
    ['16-17', guardian, turningTomorrow(18), 'BUY_ON_BEHALF', 'notOffered'],
    ['16-17', guardian, turningToday(18), '', 'BUY_ON_BEHALF'], // 18 > 17, and minHolderAge 16 ≤ 16
    ['16-17', guardian, turningToday(18), 'BUY_CARD', 'notOffered'],
  ] as const)('%s, fan born %s, buyFor %j → %s', (_name, product, fanBorn, buyFor, outcome) => {
    const result = check(product, { ...holderFor(product), buyFor }, 'buy', fanBorn);
    expect(result.ok ? result.value.buyFor : result.fields).toEqual(outcome.startsWith('BUY_') ? outcome : { buyFor: outcome });
  });

  it('asks no holder while the buy-for choice is refused', () => {
    expect(problemsOf(check(junior, {}, 'buy', turningTomorrow(18)))).toEqual({ buyFor: 'ageNotOk' });
  });

  it('has no buy-for choice for a gift, whatever the fan’s age or what was sent', () => {
    const gift = { giftRecipient: 'myself', buyFor: 'BUY_ON_BEHALF' };
    const result = check(j1897, gift, 'gift', turningTomorrow(16));
    expect(result.ok && result.value.buyFor).toBeNull();
  });
});

describe('checkConfigureDraft: the holder', () => {
  it('for myself ignores whatever holder fields were sent', () => {
    const result = check(j1897, { buyFor: 'BUY_CARD', firstName: '1234', dob: 'yesterday', birthCountryCode: 'XX', taxCode: 'nope' });
    expect(result).toMatchObject({ ok: true, value: { buyFor: 'BUY_CARD', holder: null } });
  });

  it('on behalf asks for the holder, and the tax code for the card only', () => {
    const required = ['firstName', 'lastName', 'dob', 'gender', 'birthCountryCode', 'birthProvinceCode', 'birthCityCode'];
    expect(Object.keys(problemsOf(check(junior, { buyFor: 'BUY_ON_BEHALF' }))).sort()).toEqual([...required].sort());
    const card = problemsOf(check(jcard, { buyFor: 'BUY_ON_BEHALF', variantId: 'jcard-36', documentType: 'PASSPORT' }));
    expect(Object.keys(card).sort()).toEqual([...required, 'taxCode'].sort());
    const abroad = { ...EMMA, taxCode: '', buyFor: 'BUY_ON_BEHALF', variantId: 'jcard-36', documentType: 'PASSPORT' };
    expect(problemsOf(check(jcard, abroad))).toEqual({});
  });

  it('keeps the holder normalised: names trimmed, codes uppercased, phone with 00, no tax code but the card’s', () => {
    const typed = {
      ...LUCA,
      firstName: ' Luca ',
      email: ' luca@example.com ',
      phone: '+39 333 1234567',
      birthProvinceCode: 'rm',
      birthCityCode: 'h501',
      taxCode: 'rsslcu18c15h501r',
    };
    const result = check(junior, { ...typed, buyFor: 'BUY_ON_BEHALF' });
    expect(result.ok && result.value.holder).toEqual({ ...LUCA, email: 'luca@example.com', phone: '00393331234567', taxCode: '' });
    // The club card's holder keeps the code, uppercased.
    const card = check(jcard, { ...typed, buyFor: 'BUY_ON_BEHALF', variantId: 'jcard-36', documentType: 'PASSPORT' });
    expect(card.ok && card.value.holder).toEqual({ ...LUCA, email: 'luca@example.com', phone: '00393331234567' });
  });

  it('keeps the code of a card holder born abroad, whichever foreign Z code it carries', () => {
    const abroad = { ...EMMA, taxCode: 'rssmme18c55z404q', buyFor: 'BUY_ON_BEHALF', variantId: 'jcard-36', documentType: 'PASSPORT' };
    const result = check(jcard, abroad);
    expect(result).toMatchObject({ ok: true, value: { holder: { birthCountryCode: 'FR', taxCode: 'RSSMME18C55Z404Q' } } });
  });

  it('refuses a holder outside the product’s age band', () => {
    expect(problemsOf(check(junior, { ...LUCA, dob: '2015-05-10', taxCode: '', buyFor: 'BUY_ON_BEHALF' }))).toEqual({ dob: 'outOfRange' });
  });
});

describe('checkConfigureDraft: coupon code', () => {
  it('is required by the coupon process, formatted as typed, and exactly ten characters', () => {
    expect(problemsOf(check(stadium, {}, 'coupon'))).toEqual({ couponCode: 'required' });
    expect(problemsOf(check(stadium, { couponCode: '-- --' }, 'coupon'))).toEqual({ couponCode: 'required' });
    expect(problemsOf(check(stadium, { couponCode: 'abcde-fghi' }, 'coupon'))).toEqual({ couponCode: 'incomplete' });
    for (const typed of ['abcde-fghij', ' ABCDE FGHIJ ']) {
      const result = check(stadium, { couponCode: typed }, 'coupon');
      expect(result.ok && result.value.couponCode).toBe('ABCDEFGHIJ');
    }
    // Eleven characters: a format error, not its first ten.
    expect(problemsOf(check(stadium, { couponCode: 'abcdefghijk' }, 'coupon'))).toEqual({ couponCode: 'tooLong' });
  });

  it('is optional when buying a membership, but must then be complete', () => {
    expect(check(j1897, {})).toMatchObject({ ok: true, value: { couponCode: null } });
    expect(problemsOf(check(j1897, { couponCode: 'ABC' }))).toEqual({ couponCode: 'incomplete' });
  });

  it('is ignored for a gift and for the card', () => {
    expect(check(j1897, { couponCode: 'ABC', giftRecipient: 'myself' }, 'gift')).toMatchObject({ ok: true, value: { couponCode: null } });
    const card = check(jcard, { couponCode: 'ABC', variantId: 'jcard-36', documentType: 'IDENTITY' });
    expect(card).toMatchObject({ ok: true, value: { couponCode: null } });
  });
});

describe('checkConfigureDraft: the card’s size, text and document type', () => {
  const card = (draft: Partial<ConfigureDraft>, customization: ConfigureTestProduct['customization'] = jcard.customization) =>
    check({ ...jcard, customization }, { variantId: 'jcard-36', documentType: 'PASSPORT', ...draft });

  it('asks a size in stock from the product’s list', () => {
    expect(problemsOf(card({ variantId: '' }))).toEqual({ variantId: 'required' });
    expect(problemsOf(card({ variantId: 'jcard-99' }))).toEqual({ variantId: 'invalid' });
    expect(problemsOf(card({ variantId: 'jcard-64' }))).toEqual({ variantId: 'soldOut' });
    expect(card({ variantId: ' jcard-36 ' })).toMatchObject({ ok: true, value: { variantId: 'jcard-36' } });
  });

  it.each([
    // bounds, typed, problem or stored text
    [{ minLength: 2, maxLength: 10 }, '', 'required'],
    [{ minLength: 2, maxLength: 10 }, 'A', 'tooShort'],
    [{ minLength: 2, maxLength: 10 }, 'ab', 'AB'],
    [{ minLength: 2, maxLength: 10 }, 'ABCDEFGHIJ', 'ABCDEFGHIJ'],
    [{ minLength: 2, maxLength: 10 }, 'ABCDEFGHIJK', 'tooLong'],
    [{ minLength: 2, maxLength: 10 }, 'Nicolò', 'NICOLO'],
    [{ minLength: 2, maxLength: 10 }, 'A B', 'characters'],
    [{ minLength: 0, maxLength: 10 }, '', null],
    [{}, 'ABCDE', 'ABCDE'], // defaults 0..5
    [{}, 'ABCDEF', 'tooLong'],
  ])('customisation %j, typed %j → %j', (bounds, customization, expected) => {
    const result = card({ customization }, bounds);
    expect(result.ok ? result.value.customization : result.fields.customization).toBe(expected);
  });

  it('asks a document type of the list', () => {
    expect(problemsOf(card({ documentType: '' }))).toEqual({ documentType: 'required' });
    expect(problemsOf(card({ documentType: 'DRIVING_LICENCE' }))).toEqual({ documentType: 'invalid' });
    expect(card({ documentType: 'IDENTITY' })).toMatchObject({ ok: true, value: { documentType: 'IDENTITY' } });
  });

  it('ignores size, text and document type for a product without them', () => {
    const result = check(j1897, { variantId: 'jcard-99', customization: 'A B', documentType: 'X', automaticRenewal: 'on' });
    expect(result).toMatchObject({ ok: true, value: { variantId: null, customization: null, documentType: null, automaticRenewal: true } });
    expect(card({ automaticRenewal: 'on' })).toMatchObject({ ok: true, value: { automaticRenewal: false } });
  });
});

describe('checkConfigureDraft: gift', () => {
  const someone = { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'anna@example.com' };
  const gift = (draft: Partial<ConfigureDraft>) => check(j1897, { ...someone, ...draft }, 'gift');

  it('names the gift’s fields as the form does', () => {
    expect(problemsOf(gift({ giftRecipient: '' }))).toEqual({ giftRecipient: 'required' });
    expect(problemsOf(gift({ giftRecipient: 'everyone' }))).toEqual({ giftRecipient: 'invalid' });
    expect(problemsOf(gift({ giftContactType: '' }))).toEqual({ giftContactType: 'required' });
    expect(problemsOf(gift({ giftContactType: 'FAX' }))).toEqual({ giftContactType: 'invalid' });
    expect(problemsOf(gift({ giftEmail: 'anna@' }))).toEqual({ giftEmail: 'invalid' });
    expect(problemsOf(gift({ giftContactType: 'PHONE', giftPhone: '' }))).toEqual({ giftPhone: 'required' });
    expect(problemsOf(gift({ giftMessage: 'x'.repeat(101) }))).toEqual({ giftMessage: 'tooLong' });
    expect(problemsOf(gift({ giftMessage: 'ciao\u200b' }))).toEqual({ giftMessage: 'invisibleCharacters' });
  });

  it('measures the message with LF line breaks: 100 characters sent with CRLF are fine', () => {
    const result = gift({ giftMessage: `${'x'.repeat(49)}\r\n${'y'.repeat(50)}` });
    expect(result.ok && result.value.gift?.message).toBe(`${'x'.repeat(49)}\n${'y'.repeat(50)}`);
  });

  it('keeps the chosen contact only, the phone with 00', () => {
    const result = gift({ giftContactType: 'PHONE', giftPhone: '+39 333 1234567', giftEmail: 'not checked' });
    expect(result.ok && result.value.gift).toEqual({ recipient: 'someone', message: '', contact: { type: 'PHONE', phone: '00393331234567' } });
  });

  it('ignores the holder, coupon and renewal of a gift, and the gift fields elsewhere', () => {
    const result = check(j1897, { giftRecipient: 'myself', firstName: '1', couponCode: 'A', automaticRenewal: 'on' }, 'gift');
    expect(result).toMatchObject({
      ok: true,
      value: { holder: null, couponCode: null, automaticRenewal: false, gift: { recipient: 'myself' } },
    });
    expect(check(j1897, { giftRecipient: 'everyone', giftEmail: 'x' })).toMatchObject({ ok: true, value: { gift: null } });
  });
});

describe('clearing rules on the configure draft (spec §4)', () => {
  const shown = aDraft({ ...LUCA, buyFor: 'BUY_ON_BEHALF', couponCode: 'ABCDEFGHIJ', variantId: 'jcard-36' });

  it('a new birth date clears province and city, not the tax code', () => {
    const next = applyHolderClearingRules(shown, { ...shown, dob: '2018-03-16' });
    expect(next).toEqual({ ...shown, dob: '2018-03-16', birthProvinceCode: '', birthCityCode: '' });
  });

  it('a new birth country clears province, city and tax code', () => {
    const next = applyHolderClearingRules(shown, { ...shown, birthCountryCode: 'FR' });
    expect(next).toEqual({ ...shown, birthCountryCode: 'FR', birthProvinceCode: '', birthCityCode: '', taxCode: '' });
  });

  it('a new province clears the city', () => {
    const next = applyHolderClearingRules(shown, { ...shown, birthProvinceCode: 'MI' });
    expect(next).toEqual({ ...shown, birthProvinceCode: 'MI', birthCityCode: '' });
  });

  it('other changes clear nothing', () => {
    const next = { ...shown, firstName: 'Marco', gender: 'F', taxCode: 'X', couponCode: '', buyFor: 'BUY_CARD' };
    expect(applyHolderClearingRules(shown, next)).toEqual(next);
  });
});
