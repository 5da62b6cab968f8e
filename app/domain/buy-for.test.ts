import { describe, expect, it } from 'vitest';
import { addDays, ageOn } from './age';
import { MIN_BIRTH_DATE } from './birth-date';
import {
  buyForOptions,
  initialBuyFor,
  resolveBuyFor,
  type BuyFor,
  type HolderAges,
} from './buy-for';
import { isOnBehalfBirthDateAllowed, onBehalfBirthDateBounds } from './holder-birth-dates';

const today = '2026-05-10';
/** Born on this day, the fan turns `age` today. */
const turningToday = (age: number) => `${2026 - age}-05-10`;
/** Born on this day, the fan turns `age` tomorrow (is age - 1 today). */
const turningTomorrow = (age: number) => `${2026 - age}-05-11`;

const ages = (minHolderAge: number | null, maxHolderAge: number | null): HolderAges => ({ minHolderAge, maxHolderAge });
const adult = ages(14, null); // J1897, Black & White, Stadium (seed)
const young = ages(11, 13);
const junior = ages(5, 10);
const kids = ages(0, 4);
const guardianRange = ages(16, 17); // not in the seed: both bounds at the age gates

const CARD: BuyFor[] = ['BUY_CARD'];
const BEHALF: BuyFor[] = ['BUY_ON_BEHALF'];
const BOTH: BuyFor[] = ['BUY_CARD', 'BUY_ON_BEHALF'];
const NONE: BuyFor[] = [];

describe('buyForOptions', () => {
  it.each([
    // product, fan's birth date, offered
    ['adult 14+', adult, turningTomorrow(16), NONE], // 15
    ['adult 14+', adult, turningToday(16), CARD],
    ['adult 14+', adult, turningTomorrow(18), CARD], // 17
    ['adult 14+', adult, turningToday(18), BOTH],
    ['adult 14+', adult, turningToday(100), BOTH], // no maximum: 255
    ['young 11-13', young, turningToday(16), NONE],
    ['young 11-13', young, turningTomorrow(18), NONE],
    ['young 11-13', young, turningToday(18), BEHALF],
    ['junior 5-10', junior, turningToday(18), BEHALF],
    ['kids 0-4', kids, turningTomorrow(18), NONE],
    ['16-17', guardianRange, turningTomorrow(16), NONE],
    ['16-17', guardianRange, turningToday(16), CARD],
    ['16-17', guardianRange, turningTomorrow(18), CARD], // 17: the maximum is included
    ['16-17', guardianRange, turningToday(18), BEHALF], // 18 > 17; minHolderAge 16 ≤ 16
    ['17+', ages(17, null), turningTomorrow(17), NONE], // 16 < 17
    ['17+', ages(17, null), turningToday(17), CARD],
    ['17+', ages(17, null), turningToday(18), CARD], // minHolderAge 17 > 16: no on behalf
    ['up to 30', ages(14, 30), turningTomorrow(31), BOTH],
    ['up to 30', ages(14, 30), turningToday(31), BEHALF],
    ['unbounded', ages(null, null), turningTomorrow(16), NONE],
    ['unbounded', ages(null, null), turningToday(16), CARD],
    ['unbounded', ages(null, null), turningToday(18), BOTH], // a null minimum is 0
  ])('%s, fan born %s → %j', (_name, product, birthDate, offered) => {
    const options = buyForOptions(product, birthDate, today);
    expect(options.offered).toEqual(offered);
    expect(options.defaultChoice).toBe(offered.includes('BUY_CARD') ? 'BUY_CARD' : 'BUY_ON_BEHALF');
    expect(options.ageNotOk).toBe(offered.length === 0);
  });

  it('the birth date helpers are what they say', () => {
    expect(ageOn(turningToday(16), today)).toBe(16);
    expect(ageOn(turningTomorrow(16), today)).toBe(15);
  });

  it('with no option, defaults to BUY_ON_BEHALF with the age message', () => {
    expect(buyForOptions(kids, turningToday(16), today)).toEqual({
      offered: [],
      defaultChoice: 'BUY_ON_BEHALF',
      ageNotOk: true,
    });
  });

  // Born 29 February: 16 and 18 on 28 February of a common year, on the 29th in a leap year.
  it.each([
    [adult, '2008-02-29', '2026-02-27', CARD],
    [adult, '2008-02-29', '2026-02-28', BOTH],
    [adult, '2012-02-29', '2028-02-28', NONE],
    [adult, '2012-02-29', '2028-02-29', CARD],
    [adult, '2010-02-28', '2026-02-27', NONE],
    [adult, '2010-02-28', '2026-02-28', CARD],
  ])('%j, fan born %s, on %s → %j', (product, birthDate, day, offered) => {
    expect(buyForOptions(product, birthDate, day).offered).toEqual(offered);
  });
});

describe('initialBuyFor', () => {
  const both = buyForOptions(adult, turningToday(18), today);
  const behalfOnly = buyForOptions(junior, turningToday(18), today);

  it('keeps an edited item’s choice while it is offered, else takes the default', () => {
    expect(initialBuyFor(both)).toBe('BUY_CARD');
    expect(initialBuyFor(both, 'BUY_ON_BEHALF')).toBe('BUY_ON_BEHALF');
    expect(initialBuyFor(behalfOnly, 'BUY_CARD')).toBe('BUY_ON_BEHALF');
  });
});

describe('resolveBuyFor', () => {
  const both = buyForOptions(adult, turningToday(18), today);
  const cardOnly = buyForOptions(adult, turningToday(16), today);
  const behalfOnly = buyForOptions(junior, turningToday(18), today);
  const none = buyForOptions(junior, turningToday(17), today);

  it.each([
    [both, 'BUY_ON_BEHALF', 'BUY_ON_BEHALF'],
    [both, 'BUY_CARD', 'BUY_CARD'],
    [both, undefined, 'BUY_CARD'],
    [both, '', 'BUY_CARD'],
    [behalfOnly, null, 'BUY_ON_BEHALF'],
    [cardOnly, 'BUY_CARD', 'BUY_CARD'],
  ])('accepts %j asking %j: %s', (options, requested, chosen) => {
    expect(resolveBuyFor(requested, options)).toEqual({ ok: true, value: chosen });
  });

  it.each([
    [cardOnly, 'BUY_ON_BEHALF'], // a 16-year-old forging an on-behalf purchase
    [behalfOnly, 'BUY_CARD'],
    [both, 'buy_card'],
    [both, 'BUY_FOR_SOMEONE'],
  ])('refuses %j asking %j as not offered', (options, requested) => {
    expect(resolveBuyFor(requested, options)).toEqual({ ok: false, reason: 'invalid', fields: { buyFor: 'notOffered' } });
  });

  it.each([undefined, 'BUY_CARD', 'BUY_ON_BEHALF'])('refuses everything (%j) when no option fits the age', (requested) => {
    expect(resolveBuyFor(requested, none)).toEqual({ ok: false, reason: 'invalid', fields: { buyFor: 'ageNotOk' } });
  });
});

describe('onBehalfBirthDateBounds', () => {
  it.each([
    // product, today, earliest, latest
    ['junior 5-10', junior, today, '2015-05-11', '2021-05-10'],
    ['young 11-13', young, today, '2012-05-11', '2015-05-10'],
    ['kids 0-4: born yesterday at the latest', kids, today, '2021-05-11', '2026-05-09'],
    ['adult 14+: at most 16', adult, today, '2009-05-11', '2012-05-10'],
    ['unbounded: 0 to 16', ages(null, null), today, '2009-05-11', '2026-05-09'],
    ['junior, 28 Feb of a common year', junior, '2025-02-28', '2014-03-01', '2020-02-29'],
    ['junior, 29 Feb of a leap year', junior, '2028-02-29', '2017-03-01', '2023-02-28'],
    ['1-8, 28 Feb of a common year', ages(1, 8), '2025-02-28', '2016-03-01', '2024-02-29'],
    ['up to 200: not before 1900', ages(0, 200), today, MIN_BIRTH_DATE, '2026-05-09'],
  ])('%s (%j) on %s: %s to %s', (_name, product, day, earliest, latest) => {
    const bounds = onBehalfBirthDateBounds(product, day);
    expect(bounds).toEqual({ earliest, latest });
    expect(isOnBehalfBirthDateAllowed(earliest, bounds)).toBe(true);
    expect(isOnBehalfBirthDateAllowed(latest, bounds)).toBe(true);
    expect(isOnBehalfBirthDateAllowed(addDays(earliest, -1), bounds)).toBe(false);
    expect(isOnBehalfBirthDateAllowed(addDays(latest, 1), bounds)).toBe(false);
  });

  it('Junior: 5 today is in, 5 tomorrow is not; 10 is in until the 11th birthday', () => {
    const bounds = onBehalfBirthDateBounds(junior, today);
    expect(isOnBehalfBirthDateAllowed(turningToday(5), bounds)).toBe(true);
    expect(isOnBehalfBirthDateAllowed(turningTomorrow(5), bounds)).toBe(false);
    expect(isOnBehalfBirthDateAllowed(turningTomorrow(11), bounds)).toBe(true);
    expect(isOnBehalfBirthDateAllowed(turningToday(11), bounds)).toBe(false);
  });

  it('allows nobody when the minimum is above 16 and no maximum is set', () => {
    const bounds = onBehalfBirthDateBounds(ages(17, null), today);
    expect(bounds.earliest > bounds.latest).toBe(true);
    expect(isOnBehalfBirthDateAllowed(turningToday(16), bounds)).toBe(false);
    expect(isOnBehalfBirthDateAllowed(turningToday(17), bounds)).toBe(false);
  });

  it.each(['', '2021-02-30', '10/05/2021', '2021-5-10'])('refuses %j, not a calendar day', (value) => {
    expect(isOnBehalfBirthDateAllowed(value, onBehalfBirthDateBounds(ages(null, null), today))).toBe(false);
  });

  // The bounds say in dates what the rule says in ages, on ordinary days and around 29 February.
  it.each([
    [junior, '2026-05-10'],
    [ages(1, 8), '2025-02-28'],
    [adult, '2028-02-29'],
    [kids, '2028-03-01'],
  ])('%j on %s: a birth date is allowed exactly when the holder is of age', (product, day) => {
    const bounds = onBehalfBirthDateBounds(product, day);
    const min = product.minHolderAge ?? 0;
    const max = product.maxHolderAge ?? 16;
    for (let birthDate = addDays(day, -20 * 366); birthDate <= day; birthDate = addDays(birthDate, 1)) {
      const age = ageOn(birthDate, day);
      const expected = birthDate < day && age >= min && age <= max;
      expect([birthDate, isOnBehalfBirthDateAllowed(birthDate, bounds)]).toEqual([birthDate, expected]);
    }
  });
});
