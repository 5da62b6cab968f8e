// The right of withdrawal used (issue 31): a paid order's items withdrawn through the use case,
// the refund asked of the simulator through the real Adyen library, its REFUND webhook settled —
// and everything a careful tester does to it: a double click, two tabs, replayed and reordered
// webhooks on two instances, a PSP away, a refund refused, the period's end, someone else's order.
// On PGlite and PostgreSQL (the second run is the one with real concurrency).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { coupons, mailOutbox, memberships, orderItemDocuments, orderItems, orderNotes, orders, productVariants, pspSimModifications, pspSimPayments, pspSimWebhooks, withdrawals } from '../app/.server/db/schema';
import { startPaymentsJob } from '../app/.server/jobs/payments';
import { createLogger } from '../app/.server/logger';
import type { Services } from '../app/.server/services';
import { newFan, type TestFan } from './support/cart';
import { savedAddressIn } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, cardInCart, couponMembershipInCart, giftInCart, placeRequest } from './support/orders';
import { giftRequest } from './support/gifts';
import { HostedPayer, signedWebhook, startPaymentsStage, testCard, type PaymentsStage } from './support/payments';

let database: Database;
let stage: PaymentsStage;
let payer: HostedPayer;
const clock = manualClock('2026-12-01T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  stage = await startPaymentsStage(database, clock);
  payer = new HostedPayer(stage.publicUrl);
});

afterAll(async () => {
  await stage?.close();
  await database?.close();
});

const CARD_VARIANT = 'jcard-52';
const stockOf = async () => (await database.db.select({ stock: productVariants.stockQty }).from(productVariants).where(eq(productVariants.id, CARD_VARIANT)))[0]!.stock;
const orderOf = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const itemsOf = (orderId: string) => database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.position);
const withdrawalsOf = (orderId: string) => database.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
const notesOf = async (orderId: string) => (await database.db.select({ kind: orderNotes.kind }).from(orderNotes).where(eq(orderNotes.orderId, orderId))).map((note) => note.kind).sort();
const mailKeys = async (start: string) => (await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox)).map((mail) => mail.key).filter((key) => key.startsWith(start));
const refundRequests = () => stage.pspRequests.filter((request) => request.method === 'POST' && /\/payments\/[^/]+\/refunds$/.test(request.path));
const membershipOf = async (itemId: string) => (await database.db.select().from(memberships).where(eq(memberships.orderItemId, itemId)))[0]!;

/** Everything the simulator still owes the shop, delivered, and the shop done with it. */
async function deliverAll(): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await stage.idle();
    clock.advance(60_000);
    if ((await stage.simulator.deliverDue()) === 0) return;
  }
  throw new Error('the simulator kept owing webhooks');
}

/** Places the fan's cart and pays it on the hosted card page; the order id. */
async function paidOrder(fan: TestFan, addressId: string | null): Promise<string> {
  const placed = await stage.services.orders.place(placeRequest(fan, { billingAddressId: addressId }));
  if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
  if (placed.value.status !== 'awaiting_payment') return placed.value.orderId;
  const started = await stage.services.payments.startHosted(fan.owner, { orderId: placed.value.orderId, method: 'scheme', language: 'it' });
  if (!started.ok) throw new Error(`no session: ${started.reason}`);
  const back = await payer.submit(await payer.open(started.value.url), '/card', testCard('APPROVED'));
  if (!back.returnUrl) throw new Error('not back at the shop');
  await stage.services.payments.readReturn({ sessionId: back.returnUrl.searchParams.get('sessionId') ?? '', sessionResult: back.returnUrl.searchParams.get('sessionResult') });
  await deliverAll();
  expect((await orderOf(placed.value.orderId)).status).toBe('fulfilled');
  return placed.value.orderId;
}

/** A fan with a paid order of a club card (10 €, shipped: 10 € + shipping) and a Kids gift, billed where it ships or in Paris. */
async function cardAndGiftOrder(tag: string, billed: 'home' | 'abroad' = 'home'): Promise<{ fan: TestFan; orderId: string; card: string; gift: string }> {
  const fan = await newFan(stage.services, tag);
  const addressId = await addressOf(stage.services, fan);
  await cardInCart(stage.services, fan, addressId, CARD_VARIANT);
  await giftInCart(stage.services, fan, `${tag}@example.org`);
  const billedTo = billed === 'home' ? addressId : (await stage.services.addresses.create(fan.owner.customerId, savedAddressIn('FR', 'Paris'))).id;
  const orderId = await paidOrder(fan, billedTo);
  const items = await itemsOf(orderId);
  return { fan, orderId, card: items.find((item) => item.kind === 'card')!.id, gift: items.find((item) => item.process === 'gift')!.id };
}

const withdraw = (services: Services, fan: TestFan, orderId: string, itemIds: string[], key = randomUUID()) =>
  services.withdrawals.withdraw({ owner: fan.owner, orderId, itemIds, key, language: 'en' });

describe('withdrawing from a paid order', () => {
  it('the card and then the gift: each refunded through the PSP, the card’s size back in stock, its documents gone, the shipping with the card (nothing else ships)', async () => {
    const stockBefore = await stockOf();
    const { fan, orderId, card, gift } = await cardAndGiftOrder('withdraw-both');
    const order = await orderOf(orderId);
    expect(await stockOf()).toBe(stockBefore - 1);
    expect(await database.db.select().from(orderItemDocuments).where(eq(orderItemDocuments.orderItemId, card))).toHaveLength(1);

    const view = await stage.services.orders.find(fan.owner, orderId);
    expect(view?.lines.map((line) => line.withdrawable?.until.toISOString())).toEqual(['2026-12-15T23:00:00.000Z', '2026-12-15T23:00:00.000Z']);

    const preview = await stage.services.withdrawals.preview(fan.owner, orderId, [card]);
    expect(order.shippingCents).toBeGreaterThan(0);
    const cardRefund = 1000 + order.shippingCents;
    expect(preview).toMatchObject({ ok: true, value: { refundCents: cardRefund, shippingRefundCents: order.shippingCents, method: { method: 'scheme' } } });

    const first = await withdraw(stage.services, fan, orderId, [card]);
    expect(first).toMatchObject({ ok: true, value: { refundCents: cardRefund, state: 'requested' } });
    expect(await stockOf()).toBe(stockBefore);
    expect(await database.db.select().from(orderItemDocuments).where(eq(orderItemDocuments.orderItemId, card))).toEqual([]);
    expect(await membershipOf(card)).toMatchObject({ status: 'cancelled' });
    expect((await membershipOf(card)).withdrawnAt).not.toBeNull();
    expect(refundRequests().at(-1)?.body).toMatchObject({ amount: { value: cardRefund, currency: 'EUR' }, reference: `${order.number}-W1` });

    await deliverAll();
    expect((await withdrawalsOf(orderId)).map((row) => row.state)).toEqual(['refunded']);
    const afterCard = await stage.services.orders.find(fan.owner, orderId);
    const stateOf = (itemId: string) => afterCard?.lines.find((line) => line.id === itemId)?.withdrawn?.state ?? null;
    expect([stateOf(card), stateOf(gift)]).toEqual(['refunded', null]);
    expect(afterCard?.refunds).toEqual({ refundedCents: cardRefund, pendingCents: 0 });

    const second = await withdraw(stage.services, fan, orderId, [gift]);
    const giftPrice = (await itemsOf(orderId)).find((item) => item.id === gift)!.unitPriceCents;
    expect(second).toMatchObject({ ok: true, value: { refundCents: giftPrice } });
    await deliverAll();
    // Withdrawn whole, the order is refunded exactly what it cost, and its payment is not a lost one.
    const refunded = await database.db.select().from(pspSimModifications).where(and(eq(pspSimModifications.paymentPspReference, order.paidByPspReference!), eq(pspSimModifications.kind, 'refund')));
    expect(refunded.reduce((sum, row) => sum + (row.amountValue ?? 0), 0)).toBe(order.totalCents);
    expect((await orderOf(orderId)).paidByPspReference).toBe(order.paidByPspReference);
    expect(await notesOf(orderId)).toEqual(['paid', 'withdrawal-refunded', 'withdrawal-refunded', 'withdrawal-requested', 'withdrawal-requested']);
    // The fan's confirmation is the model form filled in (Annex I(B)), in the language of the request.
    const [confirmation] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `withdrawal-confirmation:${(await withdrawalsOf(orderId))[0]!.id}`));
    expect(confirmation).toMatchObject({ language: 'en', toAddress: order.buyer.email });
    expect(confirmation!.textBody).toContain(`${order.buyer.firstName} ${order.buyer.lastName}`);
    expect(confirmation!.textBody).toMatch(/Via Roma 1, \d{5} \S+ \(TO\), Italy/);
    const ids = (await withdrawalsOf(orderId)).map((row) => `withdrawal-confirmation:${row.id}`);
    expect(await mailKeys('withdrawal-confirmation:')).toEqual(expect.arrayContaining(ids));
    expect(ids).toHaveLength(2);
    expect((await mailKeys(`support:${orderId}:`)).sort()).toEqual(
      [`support:${orderId}:withdrawal-refunded:${order.number}-W1`, `support:${orderId}:withdrawal-refunded:${order.number}-W2`, `support:${orderId}:withdrawal-requested:${order.number}-W1`, `support:${orderId}:withdrawal-requested:${order.number}-W2`].sort(),
    );
    // A withdrawn gift's link no longer works: its membership is cancelled.
    expect(await membershipOf(gift)).toMatchObject({ status: 'cancelled' });
  });

  it('a double click (the same page sent twice at once) records one withdrawal and asks for one refund; billed abroad, the form names no province', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('double-click', 'abroad');
    const before = refundRequests().length;
    const key = randomUUID();
    const answers = await Promise.all([withdraw(stage.services, fan, orderId, [card], key), withdraw(stage.other, fan, orderId, [card], key)]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
    expect(new Set(answers.map((answer) => (answer.ok ? answer.value.withdrawalId : null))).size).toBe(1);
    expect(await withdrawalsOf(orderId)).toHaveLength(1);
    expect(refundRequests().length - before).toBe(1);
    // The order keeps state EE for the invoicing systems (spec §9); the fan's address has none.
    expect((await orderOf(orderId)).billingAddress).toMatchObject({ city: 'Paris', state: 'EE' });
    const [confirmation] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `withdrawal-confirmation:${(await withdrawalsOf(orderId))[0]!.id}`));
    expect(confirmation!.textBody).toContain('Via Roma 1, 75001 Paris, France');
  });

  it('two tabs withdraw the same item at once: one is recorded, the other told it is already withdrawn; one refund', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('two-tabs');
    const stockBefore = await stockOf();
    const answers = await Promise.all([withdraw(stage.services, fan, orderId, [card]), withdraw(stage.other, fan, orderId, [card])]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ reason: 'refused', refusals: { [card]: 'already-withdrawn' } });
    await deliverAll();
    expect(await withdrawalsOf(orderId)).toHaveLength(1);
    expect(await stockOf()).toBe(stockBefore + 1);
  });

  it('the REFUND webhook replayed, to both instances, and a stale one before it: the refund is settled once', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('replayed');
    await withdraw(stage.services, fan, orderId, [card]);
    const [withdrawal] = await withdrawalsOf(orderId);
    const queued = await database.db.select().from(pspSimWebhooks).where(eq(pspSimWebhooks.eventCode, 'REFUND'));
    const item = queued.map((row) => row.item).find((candidate) => candidate.pspReference === withdrawal!.refundPspReference)!;
    const body = { live: 'false', notificationItems: [{ NotificationRequestItem: item }] };
    await Promise.all([stage.postWebhook(body, 'first'), stage.postWebhook(body, 'second')]);
    await stage.postWebhook(body, 'second');
    await deliverAll();
    expect((await withdrawalsOf(orderId)).map((row) => row.state)).toEqual(['refunded']);
    expect((await notesOf(orderId)).filter((kind) => kind === 'withdrawal-refunded')).toHaveLength(1);
    expect(await mailKeys(`support:${orderId}:withdrawal-refunded`)).toHaveLength(1);
  });

  it('a refund the PSP says failed (even after a success, in any order): the item stays withdrawn, support is told once, the fan sees it pending', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('refund-failed');
    stage.setWebhooksDown(true);
    await withdraw(stage.services, fan, orderId, [card]);
    const [withdrawal] = await withdrawalsOf(orderId);
    const order = await orderOf(orderId);
    const failed = signedWebhook(
      { eventCode: 'REFUND_FAILED', success: 'true', pspReference: withdrawal!.refundPspReference!, originalReference: order.paidByPspReference!, merchantReference: withdrawal!.reference, amount: { value: withdrawal!.refundCents, currency: 'EUR' } },
      stage.config.payments.hmacKey,
    );
    stage.setWebhooksDown(false);
    await stage.postWebhook(failed);
    await deliverAll();
    await stage.postWebhook(failed);
    await stage.idle();
    expect((await withdrawalsOf(orderId)).map((row) => row.state)).toEqual(['failed']);
    expect(await mailKeys(`support:${orderId}:withdrawal-refund-failed`)).toHaveLength(1);
    const view = await stage.services.orders.find(fan.owner, orderId);
    expect(view?.refunds).toEqual({ refundedCents: 0, pendingCents: withdrawal!.refundCents });
    expect(view?.lines.find((line) => line.id === card)?.withdrawn?.state).toBe('failed');
    expect(await membershipOf(card)).toMatchObject({ status: 'cancelled' });
  });

  it('the simulator’s switch makes the refund fail: REFUND success false, the withdrawal failed, support told, no money back', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('switch-fails');
    const { paidByPspReference } = await orderOf(orderId);
    await database.db.update(pspSimPayments).set({ refundsFail: true }).where(eq(pspSimPayments.pspReference, paidByPspReference!));
    expect(await withdraw(stage.services, fan, orderId, [card])).toMatchObject({ ok: true, value: { state: 'requested' } });
    await deliverAll();
    const [withdrawal] = await withdrawalsOf(orderId);
    expect(withdrawal).toMatchObject({ state: 'failed' });
    expect(await mailKeys(`support:${orderId}:withdrawal-refund-failed:${withdrawal!.reference}`)).toHaveLength(1);
    expect(await notesOf(orderId)).toEqual(['paid', 'withdrawal-refund-failed', 'withdrawal-requested']);
  });

  it('the PSP away: the withdrawal is recorded at once and the job sends its refund later, once', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('psp-away');
    stage.setPspDown(true);
    const answer = await withdraw(stage.services, fan, orderId, [card]);
    expect(answer).toMatchObject({ ok: true, value: { state: 'requested' } });
    expect((await withdrawalsOf(orderId))[0]).toMatchObject({ sentAt: null, attempts: 1 });
    stage.setPspDown(false);
    clock.advance(10 * 60_000);
    const job = startPaymentsJob({ payments: stage.services.payments, logger: createLogger('silent'), intervalMs: 0 });
    await job.tick();
    await job.tick();
    await deliverAll();
    expect((await withdrawalsOf(orderId))[0]).toMatchObject({ state: 'refunded', attempts: 2 });
  });

  it('a coupon’s free membership gives its coupon back and no money; nothing is asked of the PSP', async () => {
    const fan = await newFan(stage.services, 'coupon-back');
    const { itemId, couponCode } = await couponMembershipInCart(stage.services, fan);
    // The fan keeps the right (the membership waits for the period's end).
    await stage.services.cart.setWithdrawalWaiver(fan.owner, itemId, false);
    const orderId = await paidOrder(fan, null);
    const [item] = await itemsOf(orderId);
    const before = refundRequests().length;
    expect(await withdraw(stage.services, fan, orderId, [item!.id])).toMatchObject({ ok: true, value: { refundCents: 0, state: 'completed' } });
    expect(refundRequests().length).toBe(before);
    expect((await database.db.select().from(coupons).where(eq(coupons.code, couponCode)))[0]).toMatchObject({ redeemedAt: null, redeemedBy: null });
    const view = await stage.services.orders.find(fan.owner, orderId);
    expect(view?.lines[0]?.withdrawn).toMatchObject({ state: 'completed', couponCode });
  });

  it('refused and nothing refunded: a waived membership already active, after the period, twice, someone else’s order, an unknown item, none chosen', async () => {
    const fan = await newFan(stage.services, 'refusals');
    const { itemId } = await couponMembershipInCart(stage.services, fan);
    const orderId = await paidOrder(fan, null);
    const [item] = await itemsOf(orderId);
    expect((await membershipOf(item!.id)).status).toBe('active');
    expect(await withdraw(stage.services, fan, orderId, [item!.id])).toMatchObject({ ok: false, reason: 'refused', refusals: { [item!.id]: 'started' } });
    expect(itemId).toBeTruthy();

    const { fan: owner, orderId: other, card } = await cardAndGiftOrder('refusals-owner');
    expect(await withdraw(stage.services, fan, other, [card])).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await stage.services.withdrawals.preview(fan.owner, other, [card])).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await withdraw(stage.services, owner, 'not-a-uuid', [card])).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await withdraw(stage.services, owner, other, [])).toMatchObject({ ok: false, reason: 'nothing-chosen' });
    const stranger = randomUUID();
    expect(await withdraw(stage.services, owner, other, [card, stranger])).toMatchObject({ ok: false, reason: 'refused', refusals: { [stranger]: 'not-found' } });
    expect(await withdrawalsOf(other)).toEqual([]);
    expect(await withdraw(stage.services, owner, other, [card])).toMatchObject({ ok: true });
    expect(await withdraw(stage.services, owner, other, [card])).toMatchObject({ ok: false, reason: 'refused', refusals: { [card]: 'already-withdrawn' } });

    const late = await cardAndGiftOrder('refusals-late');
    clock.advance(15 * 24 * 60 * 60_000);
    expect(await withdraw(stage.services, late.fan, late.orderId, [late.card])).toMatchObject({ ok: false, reason: 'refused', refusals: { [late.card]: 'period-over' } });
    expect((await stage.services.orders.find(late.fan.owner, late.orderId))?.lines.every((line) => line.withdrawable === null)).toBe(true);
    expect(await withdrawalsOf(late.orderId)).toEqual([]);
  });
});

/** A test webhook about the order's payment, sent from the simulator's support page as support staff send it. */
async function pspEvent(orderId: string, eventCode: string, euros: string): Promise<void> {
  const { paidByPspReference } = await orderOf(orderId);
  const response = await fetch(`${stage.publicUrl}/_psp/payments/${paidByPspReference}/webhooks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: stage.publicUrl },
    body: new URLSearchParams({ eventCode, amount: euros, success: 'true' }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  await deliverAll();
}

describe('a payment disputed or given back outside the shop is not withdrawn through the PSP', () => {
  it('charged back: the receipt offers nothing and says why, a withdrawal is refused (support told once), nothing refunded', async () => {
    const { fan, orderId, card, gift } = await cardAndGiftOrder('charged-back');
    const order = await orderOf(orderId);
    await pspEvent(orderId, 'CHARGEBACK', (order.totalCents / 100).toFixed(2));
    const view = await stage.services.orders.find(fan.owner, orderId);
    expect(view?.lines.map((line) => line.withdrawable)).toEqual([null, null]);
    expect(view?.withdrawalBlockedBy).toBe('payment-disputed');
    expect(await stage.services.withdrawals.preview(fan.owner, orderId, [card])).toMatchObject({ ok: false, refusals: { [card]: 'payment-disputed' } });
    const before = refundRequests().length;
    for (const items of [[card], [card, gift]]) {
      expect(await withdraw(stage.services, fan, orderId, items)).toMatchObject({ ok: false, reason: 'refused', refusals: { [card]: 'payment-disputed' } });
    }
    expect(refundRequests().length).toBe(before);
    expect(await withdrawalsOf(orderId)).toEqual([]);
    expect((await membershipOf(card)).withdrawnAt).toBeNull();
    expect(await mailKeys(`support:${orderId}:withdrawal-blocked:`)).toEqual([`support:${orderId}:withdrawal-blocked:${order.paidByPspReference}`]);
    expect(await notesOf(orderId)).toEqual(['chargeback', 'paid', 'payer-reversed', 'withdrawal-blocked']);
  });

  it('refunded in part outside the shop (the Customer Area): refused as given back; the shop’s own withdrawal refunds do not count', async () => {
    const { fan, orderId, card, gift } = await cardAndGiftOrder('refunded-outside');
    expect(await withdraw(stage.services, fan, orderId, [card])).toMatchObject({ ok: true });
    await deliverAll();
    const view = await stage.services.orders.find(fan.owner, orderId);
    expect(view?.withdrawalBlockedBy).toBeNull();
    expect(view?.lines.find((line) => line.id === gift)?.withdrawable).not.toBeNull();
    await pspEvent(orderId, 'REFUND', '1.00');
    expect((await stage.services.orders.find(fan.owner, orderId))?.withdrawalBlockedBy).toBe('payment-returned');
    expect(await withdraw(stage.services, fan, orderId, [gift])).toMatchObject({ ok: false, refusals: { [gift]: 'payment-returned' } });
    expect(await withdrawalsOf(orderId)).toHaveLength(1);
  });

  it('charged back after the withdrawal was recorded but before its refund reached the PSP: the refund is never sent, support is told', async () => {
    const { fan, orderId, card } = await cardAndGiftOrder('charged-back-later');
    stage.setPspDown(true);
    expect(await withdraw(stage.services, fan, orderId, [card])).toMatchObject({ ok: true, value: { state: 'requested' } });
    stage.setPspDown(false);
    await pspEvent(orderId, 'CHARGEBACK', '10.00');
    const before = refundRequests().length;
    clock.advance(10 * 60_000);
    await startPaymentsJob({ payments: stage.services.payments, logger: createLogger('silent'), intervalMs: 0 }).tick();
    expect(refundRequests().length).toBe(before);
    const [withdrawal] = await withdrawalsOf(orderId);
    expect(withdrawal).toMatchObject({ state: 'failed', sentAt: null, nextAttemptAt: null });
    expect(await mailKeys(`support:${orderId}:withdrawal-refund-failed:${withdrawal!.reference}`)).toHaveLength(1);
  });
});

describe('withdrawing a gift while its recipient redeems it', () => {
  it('exactly one of them wins: a redeemed gift is not withdrawn, a withdrawn gift cannot be redeemed', async () => {
    const { fan, orderId, gift } = await cardAndGiftOrder('gift-race');
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, 'gift-race@example.org'), eq(mailOutbox.kind, 'gift-delivery')));
    const link = /\/redeem-gift\?code=([0-9A-Z]+)&giftCode=([0-9A-Z]{16})/.exec(mail?.textBody ?? '');
    const recipient = await newFan(stage.services, 'gift-race-recipient');
    const [withdrawn, redeemed] = await Promise.all([
      withdraw(stage.services, fan, orderId, [gift]),
      stage.other.gifts.redeem(giftRequest(recipient, { membershipCode: link![1]!, giftCode: link![2]! })),
    ]);
    const after = await membershipOf(gift);
    expect([withdrawn.ok, redeemed.ok].sort()).toEqual([false, true]);
    if (withdrawn.ok) {
      expect(after).toMatchObject({ status: 'cancelled', managerCustomerId: null });
      expect(redeemed).toMatchObject({ ok: false, reason: 'unavailable' });
    } else {
      expect(withdrawn).toMatchObject({ reason: 'refused', refusals: { [gift]: 'gift-redeemed' } });
      expect(after).toMatchObject({ status: 'ready', managerCustomerId: recipient.owner.customerId });
      expect(await withdrawalsOf(orderId)).toEqual([]);
    }
  });
});
