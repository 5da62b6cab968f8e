// The activation job on a real database (PGlite, and PostgreSQL in the other project, where two
// passes really overlap): a membership becomes active on its season's first day once its holder
// is known — a gift only once its holder was chosen — and two instances' passes at once move
// each membership once between them.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { memberships } from '../app/.server/db/schema';
import { startMembershipActivation } from '../app/.server/jobs/membership-activation';
import { createMembershipActivationService } from '../app/.server/services/membership-activation';
import { draftWith, newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { giftRequest, paidGift } from './support/gifts';
import { couponMembershipInCart, placeRequest } from './support/orders';
import { serviceDepsFor, servicesFor } from './support/services';

let database: Database;
// Before season 2025/26 (the seed's) starts.
const clock = manualClock('2025-06-20T09:00:00Z');
const services = () => servicesFor(database, { clock });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const statusOf = async (code: string) => (await database.db.select({ status: memberships.status }).from(memberships).where(eq(memberships.code, code)))[0]?.status;

/** A Stadium membership bought with a coupon (nothing to pay: issued at once, ready); its code. */
async function boughtMembership(subject: string): Promise<string> {
  const fan = await newFan(services(), subject);
  const { billingAddressId } = await couponMembershipInCart(services(), fan);
  const placed = await services().orders.place(placeRequest(fan, { expectedTotalCents: 0, billingAddressId }));
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  const order = await services().orders.find(fan.owner, placed.value.orderId);
  return order?.lines[0]?.membershipCode ?? '';
}

describe('the activation job', () => {
  it('activates on the season’s first day what has a holder; a gift waits for its holder to be chosen', async () => {
    const bought = await boughtMembership('activation-bought');
    const gifter = await newFan(services(), 'activation-gifter');
    const chosen = await paidGift(database, services(), gifter, 'black-and-white', 'activation-chosen@example.org', clock.now());
    const unchosen = await paidGift(database, services(), gifter, 'black-and-white', 'activation-unchosen@example.org', clock.now());
    const recipient = await newFan(services(), 'activation-recipient');
    await services().gifts.redeem(giftRequest(recipient, chosen));
    expect(await services().gifts.activate({ ...giftRequest(recipient, chosen), draft: draftWith({ buyFor: 'BUY_CARD' }) })).toMatchObject({ ok: true });

    clock.set('2025-06-30T21:59:59Z');
    const job = startMembershipActivation({ activation: services().membershipActivation, logger: { error: () => undefined }, intervalMs: 0 });
    await job.tick();
    expect([await statusOf(bought), await statusOf(chosen.membershipCode), await statusOf(unchosen.membershipCode)]).toEqual(['ready', 'ready', 'ready']);

    // Midnight in Rome: 1 July 2025.
    clock.set('2025-06-30T22:00:00Z');
    await job.tick();
    expect([await statusOf(bought), await statusOf(chosen.membershipCode), await statusOf(unchosen.membershipCode)]).toEqual(['active', 'active', 'ready']);
    await job.stop();
  });

  it('two instances’ passes at once move each membership once, batch by batch', async () => {
    clock.set('2025-06-20T09:00:00Z');
    const codes: string[] = [];
    for (let index = 0; index < 7; index += 1) codes.push(await boughtMembership(`activation-race-${index}`));
    clock.set('2025-07-02T09:00:00Z');
    // Two instances: services of their own on the one database, small batches so each loops.
    const instances = [0, 1].map(() => createMembershipActivationService(serviceDepsFor(database, { clock }), { batchSize: 2 }));
    const moved = await Promise.all(instances.map((instance) => instance.activateDue()));
    expect(moved[0]! + moved[1]!).toBe(7);
    const rows = await database.db.select({ status: memberships.status }).from(memberships).where(inArray(memberships.code, codes));
    expect(rows.map((row) => row.status)).toEqual(Array(7).fill('active'));
    expect(await instances[0]!.activateDue()).toBe(0);
  });
});
