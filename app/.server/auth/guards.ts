import { redirect, type RouterContextProvider } from 'react-router';
import { shopContext } from '../../context';
import { loginPath } from '../../domain/login-target';
import { pagePath } from '../../domain/page-address';
import type { Customer } from '../services/customers';
import { authContext } from './context';
import type { SessionUser, ShopSession } from './session';

type Context = Readonly<RouterContextProvider>;

export async function getShopSession(request: Request, context: Context): Promise<ShopSession> {
  return context.get(authContext).sessions.getSession(request.headers.get('Cookie'));
}

/** The signed-in fan from the session cookie alone (no database): for headers and cheap checks. */
export async function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  return (await getShopSession(request, context)).get('user') ?? null;
}

/** A redirect to /login that remembers the current page and forgets the stored user. */
export async function redirectToLogin(request: Request, context: Context): Promise<Response> {
  const { sessions } = context.get(authContext);
  return redirect(loginPath(pagePath(request.url)), {
    headers: { 'Set-Cookie': await sessions.destroySession(await getShopSession(request, context)) },
  });
}

/**
 * Guard of secured routes: the signed-in customer, or a redirect to /login carrying the
 * page. A stored user whose customer row is gone (or belongs to another subject) is cleared.
 */
export async function requireCustomer(request: Request, context: Context): Promise<{ user: SessionUser; customer: Customer }> {
  const user = await getSessionUser(request, context);
  if (!user) throw await redirectToLogin(request, context);
  const customer = await context.get(shopContext).services.customers.findById(user.customerId);
  if (!customer || customer.oidcSubject !== user.subject) throw await redirectToLogin(request, context);
  return { user, customer };
}

/** A service call refused as 401/403: the session is no longer good. */
export class NotAuthorizedError extends Error {
  override name = 'NotAuthorizedError';
  constructor(readonly status: 401 | 403) {
    super(`service refused the call with ${status}`);
  }
}

function authStatus(error: unknown): number | undefined {
  if (error instanceof NotAuthorizedError) return error.status;
  if (error instanceof Response) return error.status;
  return undefined;
}

/**
 * Runs a secured service call; a 401/403 from it clears the session and goes to /login
 * (spec: "A 401 or 403 on any secured call clears stored user and token").
 */
export async function withSessionCheck<T>(request: Request, context: Context, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = authStatus(error);
    if (status === 401 || status === 403) throw await redirectToLogin(request, context);
    throw error;
  }
}
