import { describe, expect, it } from 'vitest';
import { readCardForm } from './hosted-forms';

const today = new Date('2026-11-25T12:00:00Z');
const filled = { cardNumber: '4111 1111 1111 1111', expiryMonth: '3', expiryYear: '2030', cvc: '737', holderName: ' Mario Rossi ' };

describe('readCardForm', () => {
  it('reads a test card as typed, with consent only when ticked', () => {
    expect(readCardForm(filled, today)).toEqual({
      ok: true,
      card: { digits: '4111111111111111', expiryMonth: 3, expiryYear: 2030, cvc: '737', holderName: 'Mario Rossi', storeCard: false },
    });
    expect(readCardForm({ ...filled, storeCard: 'on' }, today)).toMatchObject({ ok: true, card: { storeCard: true } });
  });

  it('names each field in error by its id, with the message key', () => {
    const read = readCardForm({ cardNumber: '', expiryMonth: '0', expiryYear: '30', cvc: '73a', holderName: 'x'.repeat(101) }, today);
    expect(read).toMatchObject({
      ok: false,
      errors: {
        'card-number': 'errors.cardNumberRequired',
        'card-expiry-month': 'errors.expiryMonth',
        'card-expiry-year': 'errors.expiryYear',
        'card-cvc': 'errors.cvc',
        'card-holder-name': 'errors.holderName',
      },
    });
  });

  it('refuses a number that is not a test card, and an expiry before this month, but leaves a wrong CVC to the card', () => {
    expect(readCardForm({ ...filled, cardNumber: '4000 0000 0000 0002' }, today)).toMatchObject({ ok: false, errors: { 'card-number': 'errors.cardNumberUnknown' } });
    expect(readCardForm({ ...filled, expiryMonth: '10', expiryYear: '2026' }, today)).toMatchObject({ ok: false, errors: { 'card-expiry-month': 'errors.expired' } });
    expect(readCardForm({ ...filled, expiryMonth: '11', expiryYear: '2026' }, today)).toMatchObject({ ok: true });
    expect(readCardForm({ ...filled, cvc: '123' }, today)).toMatchObject({ ok: true, card: { cvc: '123' } });
  });

  it('takes odd form values (lists, objects) as empty, never throwing', () => {
    expect(readCardForm({ cardNumber: ['4111111111111111', 'x'], expiryMonth: { a: 1 } }, today)).toMatchObject({ ok: false });
  });
});
