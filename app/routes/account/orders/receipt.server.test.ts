import { describe, expect, it } from 'vitest';
import type { BillingAddress } from '../../../domain/billing';
import type { Language } from '../../../domain/catalogue-types';
import { formatPrice } from '../../../domain/price';
import { createI18nInstance } from '../../../i18n/instance';
import { resources } from '../../../i18n/resources';
import { CARD_LINE, anOrder } from '../../orders/testing/order-views';
import { receiptData, type CountryNamer } from './receipt.server';

const tIn = (language: Language) => createI18nInstance(language, resources).t;

// The lookups take seconds to build and are not the subject: names by code, per language.
const NAMES: Record<string, Record<Language, string>> = { IT: { it: 'Italia', en: 'Italy' }, FR: { it: 'Francia', en: 'France' } };
const countryName: CountryNamer = async (code, language) => NAMES[code]?.[language] ?? code;

const TURIN: BillingAddress = {
  addressId: 'a1',
  firstName: 'Mario',
  lastName: 'Rossi',
  phone: '00390111234567',
  street: 'Via Roma',
  number: '1',
  extraInfo: null,
  countryCode: 'IT',
  provinceCode: 'TO',
  state: 'Torino',
  region: 'Piemonte',
  city: 'Torino',
  cityCode: 'L219',
  postalCode: '10121',
};

const PARIS: BillingAddress = { ...TURIN, countryCode: 'FR', provinceCode: null, state: 'EE', region: null, city: 'Paris', cityCode: null, postalCode: '75001' };

describe('receiptData', () => {
  it('adds the buyer, the billing address, shipping and the terms accepted (Rome time) to the summary', async () => {
    const order = anOrder({
      billingAddress: TURIN,
      lines: [{ ...CARD_LINE, shippingAddress: TURIN }],
      acceptedTerms: [{ name: 'cardDataDeclaration', version: 'card-data-2025-26.1', acceptedAt: '2026-12-01T09:04:30.000Z' }],
    });
    const receipt = await receiptData(order, 'it', tIn('it'), countryName);
    expect(receipt.title).toBe('Ordine 100000042');
    expect(receipt.summary.number).toBe('100000042');
    expect(receipt.buyer).toEqual([
      { key: 'name', label: 'Nome e cognome', value: 'Mario Rossi' },
      { key: 'email', label: 'E-mail', value: 'mario@example.org' },
      { key: 'phone', label: 'Telefono', value: '+39 333 123 4567' },
      { key: 'birthPlace', label: 'Luogo di nascita', value: 'Roma (RM), Italia' },
      { key: 'taxCode', label: 'Codice fiscale', value: 'RSSMRA80A01H501U' },
    ]);
    expect(receipt.billing).toMatchObject({ name: 'Mario Rossi', street: 'Via Roma 1', place: '10121 Torino (TO)', country: 'Italia' });
    expect(receipt.shipping).toEqual([{ id: 'line-card', item: 'Carta del club', address: expect.objectContaining({ place: '10121 Torino (TO)' }) }]);
    expect(receipt.terms).toEqual([
      {
        key: 'cardDataDeclaration',
        label: 'Carta del club: i dati del titolare sono corretti',
        value: 'Accettazione: 01/12/2026, 10:04:30',
      },
    ]);
    expect(receipt.invoicing).toBeNull();
  });

  it('leaves out the tax code when billing abroad or with no billing address (spec), and words it in English', async () => {
    const abroad = await receiptData(anOrder({ billingAddress: PARIS }), 'en', tIn('en'), countryName);
    expect(abroad.buyer.map((row) => row.key)).toEqual(['name', 'email', 'phone', 'birthPlace']);
    expect(abroad.buyer[3]).toEqual({ key: 'birthPlace', label: 'Place of birth', value: 'Roma (RM), Italy' });
    // A snapshot from before the province code was kept: the place without it.
    const older = anOrder();
    delete older.buyer.birthProvinceCode;
    expect((await receiptData(older, 'en', tIn('en'), countryName)).buyer[3]?.value).toBe('Roma, Italy');
    // Billed abroad with state EE (spec §9): a placeholder for the invoicing systems, not printed.
    expect(abroad.billing).toMatchObject({ place: '75001 Paris', country: 'France' });
    const free = await receiptData(anOrder({ billingAddress: null }), 'en', tIn('en'), countryName);
    expect(free.buyer.map((row) => row.key)).not.toContain('taxCode');
    expect(free.billing).toBeNull();
    expect(free.shipping).toEqual([]);
  });

  it('lists the VAT invoicing data asked for, leaving out what a foreign VAT number does not need', async () => {
    const italian = { invoiceWithVat: true, countryCode: 'IT', vatNumber: '01234567890', receiverCode: 'ABC1234', emailPec: 'mario@pec.it' };
    expect((await receiptData(anOrder({ invoicing: italian }), 'en', tIn('en'), countryName)).invoicing).toEqual([
      { key: 'vatCountry', label: 'Country of the VAT number', value: 'Italy' },
      { key: 'vatNumber', label: 'VAT number', value: '01234567890' },
      { key: 'receiverCode', label: 'Receiver code (SDI)', value: 'ABC1234' },
      { key: 'emailPec', label: 'Certified e-mail (PEC)', value: 'mario@pec.it' },
    ]);
    const french = { invoiceWithVat: true, countryCode: 'FR', vatNumber: 'FR12345678901', receiverCode: '', emailPec: '' };
    expect((await receiptData(anOrder({ invoicing: french }), 'it', tIn('it'), countryName)).invoicing).toEqual([
      { key: 'vatCountry', label: 'Paese della partita IVA', value: 'Francia' },
      { key: 'vatNumber', label: 'Partita IVA', value: 'FR12345678901' },
    ]);
  });

  it('words the payment history in the fan’s language, in Rome time, each reversal by its reason', async () => {
    const at = new Date('2026-12-01T09:06:00Z');
    const fifteen = formatPrice(1500, 'en');
    const order = anOrder({
      history: [
        { key: 'paid:P1', kind: 'paid', at, amountCents: 1500, reason: null },
        { key: 'reversal-requested:P2', kind: 'reversal-requested', at, amountCents: 1500, reason: 'duplicate' },
        { key: 'reversal-confirmed:P2', kind: 'reversal-confirmed', at, amountCents: 1500, reason: 'duplicate' },
        { key: 'chargeback:P1', kind: 'chargeback', at, amountCents: 1500, reason: null },
      ],
    });
    expect((await receiptData(order, 'en', tIn('en'), countryName)).history).toEqual([
      { key: 'paid:P1', time: expect.stringContaining('10:06') as unknown, text: `Payment of ${fifteen} received` },
      { key: 'reversal-requested:P2', time: expect.any(String) as unknown, text: `A second payment of ${fifteen} came in: we are cancelling it, so you are not charged twice` },
      { key: 'reversal-confirmed:P2', time: expect.any(String) as unknown, text: `The cancelled payment of ${fifteen} has been released` },
      { key: 'chargeback:P1', time: expect.any(String) as unknown, text: `Your bank reversed the payment of ${fifteen} (a chargeback): our support team will contact you` },
    ]);
    const late = anOrder({ history: [{ key: 'reversal-requested:P3', kind: 'reversal-requested', at, amountCents: 1500, reason: 'order-closed' }] });
    expect((await receiptData(late, 'it', tIn('it'), countryName)).history[0]?.text).toBe(`Un pagamento di ${formatPrice(1500, 'it')} è arrivato quando l'ordine era già chiuso: lo stiamo annullando`);
  });

  it('words the withdrawal lines of the history (issue 31); a withdrawal that refunds nothing asks for no refund', async () => {
    const at = new Date('2026-12-03T09:00:00Z');
    const order = anOrder({
      history: [
        { key: 'withdrawal-requested:W1', kind: 'withdrawal-requested', at, amountCents: 1000, reason: null },
        { key: 'withdrawal-refunded:W1', kind: 'withdrawal-refunded', at, amountCents: 1000, reason: null },
        { key: 'withdrawal-refund-failed:W2', kind: 'withdrawal-refund-failed', at, amountCents: 4990, reason: null },
        { key: 'withdrawal-requested:W3', kind: 'withdrawal-requested', at, amountCents: 0, reason: null },
      ],
    });
    expect((await receiptData(order, 'en', tIn('en'), countryName)).history.map((line) => line.text)).toEqual([
      'You withdrew from items of this order: a refund of €10 has been requested',
      'The refund of €10 for your withdrawal has been made',
      'The refund of €49.90 for your withdrawal did not go through: our support team is on it',
      'You withdrew from items of this order',
    ]);
    expect((await receiptData(order, 'it', tIn('it'), countryName)).history[1]?.text).toBe('Il rimborso di 10\u00a0€ per il tuo recesso è stato eseguito');
  });

  it('offers the withdrawal of the items that may be withdrawn, each with its last day, and the model form', async () => {
    const until = new Date('2026-12-15T23:00:00Z');
    const order = anOrder({ lines: [{ ...CARD_LINE, withdrawable: { until } }, { ...CARD_LINE, id: 'line-kept' }] });
    expect((await receiptData(order, 'it', tIn('it'), countryName)).withdrawal).toEqual({
      action: `/account/orders/${order.id}/withdrawal`,
      options: [{ id: 'line-card', label: 'Carta del club JM0123456789 – Titolare: Mario Rossi (fino al 15/12/2026)' }],
      modelFormHref: '/terms/withdrawal-form',
    });
    expect((await receiptData(anOrder(), 'en', tIn('en'), countryName)).withdrawal).toBeNull();
  });

  it('says why nothing can be withdrawn here when the payment was disputed or given back outside the shop', async () => {
    expect((await receiptData(anOrder(), 'en', tIn('en'), countryName)).withdrawalBlocked).toBeNull();
    const disputed = await receiptData(anOrder({ withdrawalBlockedBy: 'payment-disputed' }), 'en', tIn('en'), countryName);
    expect(disputed).toMatchObject({ withdrawal: null, withdrawalBlocked: expect.stringContaining('Your bank has disputed this payment (a chargeback)') });
    const returned = await receiptData(anOrder({ withdrawalBlockedBy: 'payment-returned' }), 'it', tIn('it'), countryName);
    expect(returned.withdrawalBlocked).toContain('già stato annullato o rimborsato fuori dal negozio');
  });
});
