import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
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

export type SignedIn = { user: SessionUser; customer: Customer };

/**
 * The signed-in customer, or a thrown redirect to /login carrying the page. A stored user
 * whose customer row is gone (or belongs to another subject) is cleared.
 */
export async function requireCustomer(request: Request, context: Context): Promise<SignedIn> {
  const user = await getSessionUser(request, context);
  if (!user) throw await redirectToLogin(request, context);
  const customer = await context.get(shopContext).services.customers.findById(user.customerId);
  if (!customer || customer.oidcSubject !== user.subject) throw await redirectToLogin(request, context);
  return { user, customer };
}

const signedInContext = createContext<SignedIn>();

/**
 * Middleware of the secured layout (routes/secured.tsx): every route below it runs only for a
 * signed-in customer, read once per request and handed on through the context.
 */
export const requireCustomerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(signedInContext, await requireCustomer(request, context));
  return next();
};

/** The customer the secured layout let through; only routes under that layout may call it. */
export function signedIn(context: Context): SignedIn {
  return context.get(signedInContext);
}
