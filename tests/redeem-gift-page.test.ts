// The redeem-gift page's action on a real database, behind the middleware the router runs it
// behind (language, secured layout): the redeem step takes a gift on only with both terms boxes
// ticked (spec catalogue-cart §5), else 400 with each box's message and nothing redeemed; once
// the holder is chosen, the thank-you page says the gift is active.
import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressContext } from '../app/.server/auth/context';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { memberships } from '../app/.server/db/schema';
import type { GiftLink } from '../app/.server/services/gifts-contract';
import { shopContext } from '../app/context';
import { giftActivatedPath } from '../app/domain/order-pages';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as redeemGift from '../app/routes/gift/redeem-gift';
import { MARIO_PROFILE, newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { paidGift } from './support/gifts';
import { createShopContext, signedInCookie } from './support/signed-in';

const clock = manualClock('2026-12-01T09:00:00Z');
let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
let link: GiftLink;
let cookie: string;
let recipientId: string;

const services = () => context.get(shopContext).services;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  context.set(expressContext, { req: { ip: '2001:db8::30', socket: {} }, res: {} } as never);
  const gifter = await newFan(services(), 'redeem-page-gifter');
  link = await paidGift(database, services(), gifter, 'black-and-white', 'redeem-page@example.org', clock.now());
  const signed = await signedInCookie(context, 'redeem-page-recipient', { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(signed.customer.id, 'redeem-page-recipient', MARIO_PROFILE);
  ({ cookie } = signed);
  recipientId = signed.customer.id;
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

/** POSTs `form` to the redeem page as the router would (English); a thrown answer is returned. */
async function post(form: Record<string, string>) {
  const path = `/redeem-gift?code=${link.membershipCode}&giftCode=${link.giftCode}`;
  const request = new Request(`http://shop.test${path}`, {
    method: 'POST',
    headers: { Cookie: `jc_prf_lng=en; ${cookie}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const args = { request, context, params: {}, unstable_pattern: '/redeem-gift' } as never;
  let answer: unknown;
  const secured = async () =>
    (await requireCustomerMiddleware(args, async () => {
      try {
        answer = await redeemGift.action(args);
      } catch (thrown) {
        answer = thrown;
      }
      return new Response(null);
    })) ?? new Response(null);
  await i18nextMiddleware(args, secured);
  return answer;
}

const managerOf = async () => (await database.db.select().from(memberships).where(eq(memberships.code, link.membershipCode)))[0]?.managerCustomerId ?? null;

describe('the redeem step', () => {
  it('refuses without both terms boxes: 400, each box’s message, the gift not taken on', async () => {
    const answer = await post({ intent: 'redeem', membershipTerms: 'on' });
    expect(answer).toMatchObject({ type: 'DataWithResponseInit', init: { status: 400 } });
    const reply = (answer as { data: { redeemResult: { error: Record<string, string[]> } } }).data.redeemResult;
    expect(reply.error).toEqual({ guardianDeclaration: ['gift:confirm.termRequired'] });
    expect(await managerOf()).toBeNull();
  });

  it('takes the gift on with both ticked and shows the page again (303)', async () => {
    const answer = await post({ intent: 'redeem', membershipTerms: 'on', guardianDeclaration: 'on' });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect(await managerOf()).toBe(recipientId);
  });

  it('then the holder choice: activated, the thank-you page that says the gift is active', async () => {
    const answer = await post({ buyFor: 'BUY_CARD' });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe(giftActivatedPath('black-and-white'));
  });
});
