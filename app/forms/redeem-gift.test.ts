import { describe, expect, it } from 'vitest';
import { parseForm } from './parse';
import { REDEEM_GIFT_MESSAGES, redeemGiftSchema } from './redeem-gift';

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
});
