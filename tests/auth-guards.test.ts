import { eq } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import { NotAuthorizedError, requireCustomer, withSessionCheck } from '../app/.server/auth/guards';
import { createAuthRuntime } from '../app/.server/auth/runtime';
import type { Database } from '../app/.server/db/client';
import { customers, oidcPayloads } from '../app/.server/db/schema';
import { readConfig } from '../app/.server/env';
import { createDrizzleAdapter, purgeExpiredPayloads } from '../app/.server/identity-provider/adapter';
import { createLogger } from '../app/.server/logger';
import { createServices } from '../app/.server/services';
import { shopContext } from '../app/context';
import { createTestDatabase } from './support/database';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test' });
  const auth = await createAuthRuntime(database.db, config, createLogger('silent'));
  stopAuth = auth.stop;
  context = new RouterContextProvider();
  context.set(shopContext, { config, services: createServices(database.db) });
  context.set(authContext, auth);
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

async function signedInRequest(path: string, subject: string) {
  const customer = await context.get(shopContext).services.customers.upsertFromSignIn({
    subject,
    email: `${subject}@example.org`,
    firstName: 'Ada',
    lastName: 'Rossi',
  });
  const { sessions } = context.get(authContext);
  const session = await sessions.getSession();
  session.set('user', { customerId: customer.id, subject, firstName: 'Ada', idToken: 'x.y.z' });
  const cookie = (await sessions.commitSession(session)).split(';')[0]!;
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

describe('withSessionCheck', () => {
  it.each([401, 403] as const)('turns a %i from a service into signing out and /login', async (status) => {
    const { request } = await signedInRequest('/thankyou?orderId=7', `sub-check-${status}`);
    const response = await thrownBy(
      withSessionCheck(request, context, async () => {
        throw new NotAuthorizedError(status);
      }),
    );
    expect(response.headers.get('Location')).toBe('/login?redirectUri=%2Fthankyou%3ForderId%3D7');
    expect(response.headers.get('Set-Cookie')).toMatch(/^__shop_session=;/);
  });

  it('passes results and other errors through', async () => {
    const { request } = await signedInRequest('/cart', 'sub-check-ok');
    await expect(withSessionCheck(request, context, async () => 42)).resolves.toBe(42);
    await expect(
      withSessionCheck(request, context, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
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
