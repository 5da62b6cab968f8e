// The order placement bench's fixtures: fans with a complete profile, each with a cart that
// costs nothing (a Stadium membership by a freshly minted coupon, the waiver given) and an
// Italian address to bill it to (Stadium ships nowhere and is sold only in Italy, San Marino and
// the Vatican: the billing address answers that), made through the real use cases before
// anything is timed; and checkout's request for them.
import { randomUUID } from 'node:crypto';
import type { Services } from '../../app/.server/services';
import type { CartOwner } from '../../app/.server/services/cart-contract';
import type { PlaceOrderRequest } from '../../app/.server/services/orders-contract';
import type { ProfileUpdate } from '../../app/.server/services/customers';
import { TERM_NAMES } from '../../app/domain/checkout-terms';
import { CONFIGURE_FIELDS, type ConfigureDraft } from '../../app/domain/configure';
import { NO_VAT_INVOICING } from '../../app/domain/vat-invoicing';
import { inParallel } from './in-process';

/** Born in Rome on 1 January 1980, with a tax code that checks out: he may buy for himself. */
const BENCH_PROFILE: ProfileUpdate = {
  phone: '00393331234567',
  dob: '1980-01-01',
  gender: 'M',
  birthCountryCode: 'IT',
  birthCountryName: 'Italia',
  birthProvince: 'Roma',
  birthProvinceCode: 'RM',
  birthCity: 'Roma',
  birthCityCode: 'H501',
  taxCode: 'RSSMRA80A01H501U',
};

/** A saved address in Rome (as the address book stores it). */
const ROME_ADDRESS = {
  firstName: 'Mario',
  lastName: 'Rossi',
  phone: '00393331234567',
  street: 'Via del Corso',
  number: '1',
  extraInfo: null,
  countryCode: 'IT',
  provinceCode: 'RM',
  state: 'Roma',
  region: 'Lazio',
  city: 'Roma',
  cityCode: 'H501',
  postalCode: '00186',
};

/** Coupons are for memberships; Stadium is the one sold only by coupon. */
const COUPON_PRODUCT = 'stadium';
const COUPON_VALIDITY_MS = 365 * 24 * 3600 * 1000;

function draftWith(fields: Partial<ConfigureDraft>): ConfigureDraft {
  const empty = Object.fromEntries(CONFIGURE_FIELDS.map((field) => [field, ''])) as ConfigureDraft;
  return { ...empty, ...fields };
}

/** A fan of the bench, with the address their cart is billed to. */
export type BenchFan = { owner: CartOwner; billingAddressId: string };

/** Fan number `index` with a zero-total cart ready for checkout. */
async function fanWithFreeCart(services: Services, index: number, now: Date): Promise<BenchFan> {
  const subject = `bench-fan-${index}`;
  const customer = await services.customers.upsertFromSignIn({ subject, email: `${subject}@example.org`, firstName: 'Mario', lastName: 'Rossi' });
  await services.customers.updateProfile(customer.id, subject, BENCH_PROFILE);
  const owner = { customerId: customer.id, subject };
  const billing = await services.addresses.create(customer.id, ROME_ADDRESS);
  const minted = await services.coupons.mint(COUPON_PRODUCT, new Date(now.getTime() + COUPON_VALIDITY_MS));
  if (!minted.ok) throw new Error(`bench: minting a coupon failed: ${JSON.stringify(minted)}`);
  const added = await services.cart.configureItem({
    owner,
    productId: COUPON_PRODUCT,
    process: 'coupon',
    cartItemId: null,
    submissionKey: null,
    draft: draftWith({ buyFor: 'BUY_CARD', couponCode: minted.value.code }),
    documents: {},
    // Each fan its own address: coupon checks are limited per IP too.
    attempt: { ip: `2001:db8::${index.toString(16)}` },
  });
  if (!added.ok) throw new Error(`bench: the coupon item was refused: ${JSON.stringify(added)}`);
  const waived = await services.cart.setWithdrawalWaiver(owner, added.value.itemId, true);
  if (!waived.ok) throw new Error(`bench: the waiver was refused: ${JSON.stringify(waived)}`);
  return { owner, billingAddressId: billing.id };
}

/** `count` fans with free carts, made `parallel` at a time (numbered from `first`). */
export function fansWithFreeCarts(services: Services, first: number, count: number, now: Date, parallel = 4): Promise<BenchFan[]> {
  return inParallel(count, parallel, (index) => fanWithFreeCart(services, first + index, now));
}

/** Checkout as the page submits it for a free cart: every box ticked, billed to the fan's address. */
export function placeRequestFor({ owner, billingAddressId }: BenchFan): PlaceOrderRequest {
  return {
    owner,
    checkoutKey: randomUUID(),
    language: 'it',
    billingAddressId,
    invoicing: NO_VAT_INVOICING,
    acceptedTerms: new Set(TERM_NAMES),
    expectedTotalCents: 0,
  };
}
