// Orders as the orders service answers them, for the unit tests of the pages' wording.
import type { OrderLineView, OrderView } from '../../../.server/services/orders-contract';
import { NO_VAT_INVOICING } from '../../../domain/vat-invoicing';

export const CARD_LINE: OrderLineView = {
  id: 'line-card',
  productId: 'jcard',
  imageUrl: '/art/jcard.svg',
  name: { it: 'Carta del club', en: 'Club Card' },
  kind: 'card',
  process: 'buy',
  holder: { firstName: 'Mario', lastName: 'Rossi' },
  unitPriceCents: 1000,
  shippingAddress: null,
  membershipCode: 'JM0123456789',
  follows: null,
  withdrawal: null,
  withdrawable: null,
  withdrawn: null,
};

export const GIFT_LINE: OrderLineView = {
  ...CARD_LINE,
  id: 'line-gift',
  productId: 'kids',
  imageUrl: '/art/kids.svg',
  name: { it: 'Kids 0–4', en: 'Kids 0–4' },
  kind: 'membership',
  process: 'gift',
  holder: null,
  unitPriceCents: 4990,
  membershipCode: null,
};

/** A fulfilled order placed at 09:05 UTC (10:05 in Rome) with a card and a gift. */
export function anOrder(more: Partial<OrderView> = {}): OrderView {
  return {
    id: '0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11',
    number: 100000042,
    status: 'fulfilled',
    language: 'it',
    placedAt: new Date('2026-12-01T09:05:00Z'),
    payBy: new Date('2026-12-01T09:35:00Z'),
    paidAt: new Date('2026-12-01T09:06:00Z'),
    lines: [CARD_LINE, { ...GIFT_LINE, membershipCode: 'JMABCDEFGHJK' }],
    subtotalCents: 5990,
    voucherCode: null,
    voucherDiscountCents: 0,
    shippingCents: 0,
    totalCents: 5990,
    buyer: {
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'mario@example.org',
      phone: '00393331234567',
      taxCode: 'RSSMRA80A01H501U',
      birthCountryCode: 'IT',
      birthCountryName: 'Italia',
      birthProvince: 'Roma',
      birthProvinceCode: 'RM',
      birthCity: 'Roma',
    },
    billingAddress: null,
    invoicing: NO_VAT_INVOICING,
    acceptedTerms: [],
    history: [],
    refunds: { refundedCents: 0, pendingCents: 0 },
    withdrawalBlockedBy: null,
    ...more,
  };
}
