// The withdrawal waiver is a choice, not a gate (issue 30), on a real database: checkout takes a
// membership whose buyer kept the 14-day right; paid, it stays ready until the period is over
// and the activation job starts it then, not a second before; a waived one starts when paid.
// The order, the confirmation mail and My Membership tell the choice and the start per item.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { mailOutbox, memberships, orderItems } from '../app/.server/db/schema';
import { startMembershipActivation } from '../app/.server/jobs/membership-activation';
import { payAndFulfil } from '../app/.server/services/order-fulfilment';
import { addItem } from './support/cart-page';
import { newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { blackAndWhiteForMyself, type IssueContext } from './support/memberships';
import { addressOf, placeRequest } from './support/orders';
import { servicesFor, testFulfilment } from './support/services';

let database: Database;
// 1 December 2026, 10:00 in Rome; season 2025/26 has started (what is bought now may start at once).
const PAID = '2026-12-01T09:00:00Z';
// The 14 days after 1 December are 2–15 December: over at 00:00 on 16 December in Rome.
const PERIOD_END = new Date('2026-12-15T23:00:00Z');
const clock = manualClock(PAID);
const services = () => servicesFor(database, { clock });
const context = (): IssueContext => ({ services: services(), database, now: () => clock.now() });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function membershipRow(code: string) {
  const [row] = await database.db.select().from(memberships).where(eq(memberships.code, code));
  if (!row) throw new Error(`no membership ${code}`);
  return row;
}

describe('checkout with the right of withdrawal kept', () => {
  it('is not blocked by an unticked waiver, and the order, its lines and its mail record the choice', async () => {
    const fan = await newFan(services(), 'kept-checkout');
    const addressId = await addressOf(services(), fan);
    const itemId = await addItem(services(), fan, 'black-and-white', 'buy', { buyFor: 'BUY_CARD' });
    const view = await services().cart.viewCart(fan.owner);
    expect(view.lines[0]).toMatchObject({ id: itemId, needsWaiver: true, waivedAt: null });
    expect(view.blockers).toEqual([]);

    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
    if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.value.orderId));
    expect(item?.withdrawalWaivedAt).toBeNull();
    // Unpaid: the receipt says how the start will be set.
    expect((await services().orders.find(fan.owner, placed.value.orderId))?.lines[0]?.withdrawal).toEqual({ waived: false, activatesAt: null });

    expect(await database.db.transaction((tx) => payAndFulfil(tx, placed.value.orderId, testFulfilment(clock.now())))).toBe(true);
    const order = await services().orders.find(fan.owner, placed.value.orderId);
    expect(order?.lines[0]?.withdrawal).toEqual({ waived: false, activatesAt: PERIOD_END });
    const code = order?.lines[0]?.membershipCode ?? '';
    expect(await membershipRow(code)).toMatchObject({ status: 'ready', withdrawalEndsAt: PERIOD_END });

    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.dedupeKey, `order-confirmation:${placed.value.orderId}`)));
    expect(mail?.textBody).toContain(`Codice membership: ${code}\n  Diritto di recesso di 14 giorni mantenuto: attiva dal 16/12/2026`);
  });
});

describe('when a paid membership becomes active', () => {
  it('waived: at payment; kept: by the activation job once the 14th day in Rome is over, not a second before', async () => {
    clock.set(PAID);
    const waivingFan = await newFan(services(), 'when-waived');
    const keepingFan = await newFan(services(), 'when-kept');
    const waived = await blackAndWhiteForMyself(context(), waivingFan);
    const kept = await blackAndWhiteForMyself(context(), keepingFan, { waive: false });
    expect(await membershipRow(waived)).toMatchObject({ status: 'active', withdrawalEndsAt: null });
    expect(await membershipRow(kept)).toMatchObject({ status: 'ready', withdrawalEndsAt: PERIOD_END });

    const [waivedOrder] = await services().orders.list(waivingFan.owner);
    const waivedLine = (await services().orders.find(waivingFan.owner, waivedOrder?.id ?? ''))?.lines[0];
    expect(waivedLine?.withdrawal).toEqual({ waived: true, activatesAt: new Date(PAID) });
    const [waivedMail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order-confirmation:${waivedOrder?.id}`));
    expect(waivedMail?.textBody).toContain('Diritto di recesso rinunciato: attiva dal 01/12/2026');

    // My Membership says when the kept one starts.
    expect(await services().memberships.list(keepingFan.owner, 'yours')).toMatchObject([{ code: kept, status: 'ready', activatesAt: PERIOD_END }]);
    expect(await services().memberships.list(waivingFan.owner, 'yours')).toMatchObject([{ code: waived, status: 'active', activatesAt: null }]);

    const job = startMembershipActivation({ activation: services().membershipActivation, logger: { error: () => undefined }, intervalMs: 0 });
    // 23:59:59 on 15 December in Rome: the last second of the 14th day.
    clock.set(new Date(PERIOD_END.getTime() - 1000));
    await job.tick();
    expect((await membershipRow(kept)).status).toBe('ready');
    clock.set(PERIOD_END);
    await job.tick();
    expect((await membershipRow(kept)).status).toBe('active');
    expect(await services().memberships.list(keepingFan.owner, 'yours')).toMatchObject([{ code: kept, status: 'active', activatesAt: null }]);
    await job.stop();
  });
});
