import { describe, expect, it } from 'vitest';
import { composeWithdrawalConfirmationMail, type WithdrawalConfirmationMail } from './withdrawal-confirmation';

const MAIL: WithdrawalConfirmationMail = {
  language: 'en',
  orderNumber: 100000042,
  placedAt: new Date('2026-12-01T09:05:00Z'),
  paidAt: new Date('2026-12-01T09:06:00Z'),
  consumer: { firstName: 'Mario', lastName: 'Rossi', email: 'mario@example.org' },
  consumerAddress: 'Via Roma 1, 10121 Torino (TO), Italia',
  lines: [
    { name: 'Black & White', holder: 'Mario Rossi', refundCents: 4550, couponCode: null },
    { name: 'Stadium', holder: 'Anna Rossi', refundCents: 0, couponCode: 'CPN-ABCD-1234' },
  ],
  shippingRefundCents: 490,
  refundCents: 5040,
  // 23:30 in Rome on 3 December: the date is Rome's.
  requestedAt: new Date('2026-12-03T22:30:00Z'),
  receiptUrl: 'https://shop.example/account/orders/0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11',
  traderEmail: 'assistenza@fanshop.example',
};

describe('the withdrawal confirmation mail', () => {
  it('confirms what was withdrawn, what comes back and where to follow it, in English', () => {
    const mail = composeWithdrawalConfirmationMail(MAIL);
    expect(mail.subject).toBe('Fan Membership Shop: your withdrawal from order 100000042');
    expect(mail.text).toMatch(/^Hello Mario,\n\nwe received your withdrawal from order 100000042 on 03\/12\/2026/);
    expect(mail.text).toContain('- Black & White (Mario Rossi): €45.50');
    expect(mail.text).toContain('- Stadium (Anna Rossi): coupon CPN-ABCD-1234 given back, to use again');
    expect(mail.text).toContain('Shipping refunded: €4.90');
    expect(mail.text).toContain('Total refunded: €50.40');
    expect(mail.text).toContain(MAIL.receiptUrl);
  });

  it('writes the notice out as Annex I(B)’s model form: to, notice, ordered/received, name, address, date', () => {
    const { text } = composeWithdrawalConfirmationMail(MAIL);
    const form = text.slice(text.indexOf('model withdrawal form'));
    const lines = [
      /^To: Fan Membership Shop, .+, e-mail assistenza@fanshop\.example$/m,
      /^I hereby give notice that I withdraw from my contract of sale of the following goods \/ for the provision of the following service:$/m,
      /^ {2}Black & White \(Mario Rossi\)$/m,
      /^Ordered on 01\/12\/2026 \/ received on 01\/12\/2026$/m,
      /^Name of consumer: Mario Rossi \(mario@example\.org\)$/m,
      /^Address of consumer: Via Roma 1, 10121 Torino \(TO\), Italia$/m,
      /^Date: 03\/12\/2026, 23:30:00$/m,
    ];
    let at = 0;
    for (const line of lines) {
      const found = line.exec(form.slice(at));
      expect(found, String(line)).not.toBeNull();
      at += (found?.index ?? 0) + (found?.[0].length ?? 0);
    }
  });

  it('is in Italian for an Italian fan; a free withdrawal refunds nothing, and unknowns are dashes', () => {
    const mail = composeWithdrawalConfirmationMail({
      ...MAIL,
      language: 'it',
      paidAt: null,
      consumerAddress: null,
      lines: [{ name: 'Stadium', holder: null, refundCents: 0, couponCode: 'CPN-ABCD-1234' }],
      shippingRefundCents: 0,
      refundCents: 0,
      traderEmail: null,
    });
    expect(mail.subject).toBe("Fan Shop Abbonamenti: il tuo recesso dall'ordine 100000042");
    expect(mail.text).toMatch(/^Ciao Mario,\n\nabbiamo ricevuto il tuo recesso/);
    expect(mail.text).toContain('- Stadium: ti restituiamo il coupon CPN-ABCD-1234, da usare di nuovo');
    expect(mail.text).toContain("Non c'è denaro da rimborsare");
    expect(mail.text).not.toContain('Totale rimborsato');
    expect(mail.text).not.toContain('Spedizione');
    expect(mail.text).toContain('Con la presente notifico il recesso dal mio contratto');
    expect(mail.text).toMatch(/^Destinatario: Fan Shop Abbonamenti, [^\n]+Italia$/m);
    expect(mail.text).toContain('Ordinato il 01/12/2026 / ricevuto il —');
    expect(mail.text).toContain('Indirizzo del consumatore: —');
    expect(mail.text).toContain('Data: 03/12/2026, 23:30:00');
  });
});
