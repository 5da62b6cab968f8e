import { describe, expect, it } from 'vitest';
import { GIFT_REDEMPTION_TERMS } from '../domain/gift-redemption';
import { parseForm } from './parse';
import { REDEEM_GIFT_MESSAGES, REDEEM_TERMS, redeemGiftSchema } from './redeem-gift';

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  formData.set('intent', 'redeem');
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseForm(formData, redeemGiftSchema);
}

describe('the redeem step’s terms', () => {
  it('needs both boxes ticked', () => {
    expect(submit({ membershipTerms: 'on', guardianDeclaration: 'on' }).status).toBe('success');
  });

  it('refuses each box left empty (or sent with another value) at its field', () => {
    const required = [REDEEM_GIFT_MESSAGES.termRequired];
    expect(submit({}).reply().error).toEqual({ membershipTerms: required, guardianDeclaration: required });
    expect(submit({ membershipTerms: 'on', guardianDeclaration: 'yes' }).reply().error).toEqual({ guardianDeclaration: required });
  });

  it('asks the boxes whose acceptance the gift keeps, in the same order', () => {
    expect(REDEEM_TERMS).toEqual(GIFT_REDEMPTION_TERMS.map((term) => term.name));
  });
});
