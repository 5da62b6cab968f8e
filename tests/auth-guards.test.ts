import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import { getShopSession, getSignedIn, requireCustomer, requireCustomerMiddleware, signedIn } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { customers, oidcPayloads } from '../app/.server/db/schema';
import { createDrizzleAdapter, purgeExpiredPayloads } from '../app/.server/identity-provider/adapter';
import { shopContext } from '../app/context';
import { newFan } from './support/cart';
import { createTestDatabase } from './support/database';
import { giftInCart } from './support/orders';
import { createShopContext, signedInCookie } from './support/signed-in';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database));
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

async function signedInRequest(path: string, subject: string) {
  const { customer, cookie } = await signedInCookie(context, subject);
  return { customer, request: new Request(`http://shop.test${path}`, { headers: { Cookie: cookie } }) };
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('expected a redirect');
}

describe('requireCustomer', () => {
  it('sends an anonymous visitor to /login with the page to come back to', async () => {
    const response = await thrownBy(requireCustomer(new Request('http://shop.test/cart?x=1'), context));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectUri=%2Fcart%3Fx%3D1');
  });

  it('lets a signed-in customer through', async () => {
    const { customer, request } = await signedInRequest('/cart', 'sub-guard-1');
    const { user, customer: found } = await requireCustomer(request, context);
    expect(found.id).toBe(customer.id);
    expect(user.firstName).toBe('Ada');
  });

  it('clears a stored user whose customer is gone', async () => {
    const { customer, request } = await signedInRequest('/cart', 'sub-guard-2');
    await database.db.delete(customers).where(eq(customers.id, customer.id));
    const response = await thrownBy(requireCustomer(request, context));
    expect(response.headers.get('Location')).toBe('/login?redirectUri=%2Fcart');
    expect(response.headers.get('Set-Cookie')).toMatch(/^__shop_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
  });

  it('clears a stored user whose subject does not match the customer row', async () => {
    const { request } = await signedInRequest('/cart', 'sub-guard-3');
    const row = (await database.db.select().from(customers).where(eq(customers.oidcSubject, 'sub-guard-3')))[0]!;
    await database.db.update(customers).set({ oidcSubject: 'someone-else' }).where(eq(customers.id, row.id));
    const response = await thrownBy(requireCustomer(request, context));
    expect(response.headers.get('Location')).toBe('/login?redirectUri=%2Fcart');
  });
});

describe('the secured layout middleware', () => {
  const runMiddleware = async (request: Request, next: () => Promise<Response>): Promise<Response> => {
    // The arguments React Router passes that the guard reads: the request and the context.
    const args = { request, context, params: {} } as unknown as Parameters<typeof requireCustomerMiddleware>[0];
    return (await requireCustomerMiddleware(args, next)) as Response;
  };

  it('hands the signed-in customer to the routes below it', async () => {
    const { customer, request } = await signedInRequest('/account', 'sub-layout-1');
    let seen: string | undefined;
    const response = await runMiddleware(request, async () => {
      seen = signedIn(context).customer.id;
      return new Response('ok');
    });
    expect(response.status).toBe(200);
    expect(seen).toBe(customer.id);
  });

  it('never reaches the route for an anonymous visitor: /login with the page instead', async () => {
    let reached = false;
    const response = await thrownBy(
      runMiddleware(new Request('http://shop.test/account/addresses?x=1'), async () => {
        reached = true;
        return new Response('ok');
      }),
    );
    expect(reached).toBe(false);
    expect(response.headers.get('Location')).toBe('/login?redirectUri=%2Faccount%2Faddresses%3Fx%3D1');
  });
});

describe("the header's cart count, read with the session", () => {
  it("counts the fan's own items, and a later request sees the ones added since", async () => {
    const { services } = context.get(shopContext);
    const { cookie } = await signedInCookie(context, 'sub-count', { firstName: 'Mario', lastName: 'Rossi' });
    const fan = await newFan(services, 'sub-count');
    const bystander = await newFan(services, 'sub-count-bystander');
    await giftInCart(services, bystander);
    const page = () => new Request('http://shop.test/account', { headers: { Cookie: cookie } });

    const before = page();
    expect((await getSignedIn(before, context))?.cartCount).toBe(0);
    await giftInCart(services, fan);
    await giftInCart(services, fan);
    expect((await getSignedIn(page(), context))?.cartCount).toBe(2);
    // One read per request: the request that came before the items keeps what it read.
    expect((await getSignedIn(before, context))?.cartCount).toBe(0);
  });
});

describe('getShopSession', () => {
  it('verifies the cookie once per request, and each request on its own', async () => {
    const { request } = await signedInRequest('/cart', 'sub-session-once');
    const verify = vi.spyOn(context.get(authContext).sessions, 'getSession');
    try {
      const [first, second] = [await getShopSession(request, context), await getShopSession(request, context)];
      await getSignedIn(request, context);
      expect(second).toBe(first);
      expect(verify).toHaveBeenCalledTimes(1);
      const next = new Request(request.url, { headers: request.headers });
      expect(await getShopSession(next, context)).not.toBe(first);
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('purging expired sign-in records', () => {
  it('deletes rows expired beyond the grace period, keeps the rest', async () => {
    const Adapter = createDrizzleAdapter(database.db);
    await new Adapter('Interaction').upsert('old', { kind: 'Interaction' }, 60);
    await new Adapter('Interaction').upsert('fresh', { kind: 'Interaction' }, 60);
    await database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(oidcPayloads.id, 'old'));
    expect(await purgeExpiredPayloads(database.db)).toBe(1);
    const left = await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.model, 'Interaction'));
    expect(left.map((row) => row.id)).toEqual(['fresh']);
  });
});
