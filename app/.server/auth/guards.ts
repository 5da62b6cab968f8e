import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { loginPath } from '../../domain/login-target';
import { pagePath } from '../../domain/page-address';
import type { Customer } from '../services/customers';
import { authContext } from './context';
import type { SessionUser, ShopSession } from './session';

type Context = Readonly<RouterContextProvider>;

// The cookie is verified (an HMAC by WebCrypto) once per request: the root loader, the signed-in
// read and a page share the session, and what one of them sets the others see.
const sessionByRequest = new WeakMap<Request, Promise<ShopSession>>();

/** The request's session cookie, parsed and verified once per request. */
export function getShopSession(request: Request, context: Context): Promise<ShopSession> {
  let session = sessionByRequest.get(request);
  if (!session) {
    session = context.get(authContext).sessions.getSession(request.headers.get('Cookie'));
    sessionByRequest.set(request, session);
  }
  return session;
}

/** `cartCount`: the items in the fan's cart when the session was read (the header's count). */
export type SignedIn = { user: SessionUser; customer: Customer; cartCount: number };

// One read per request: the root loader, the secured layout and a page may all ask.
const signedInByRequest = new WeakMap<Request, Promise<SignedIn | null>>();

async function readSignedIn(request: Request, context: Context): Promise<SignedIn | null> {
  const sid = (await getShopSession(request, context)).get('sid');
  if (!sid) return null; // anonymous visitors cost no database read
  const found = await context.get(authContext).store.find(sid);
  // A row whose customer now has another subject is not this fan's any more.
  if (!found || found.customer.oidcSubject !== found.subject) return null;
  const { customer, subject, idToken, cartCount } = found;
  return { customer, cartCount, user: { customerId: customer.id, subject, firstName: customer.firstName, idToken } };
}

/** The signed-in fan and their customer row (one primary-key read, none when anonymous), or null. */
export function getSignedIn(request: Request, context: Context): Promise<SignedIn | null> {
  let found = signedInByRequest.get(request);
  if (!found) {
    found = readSignedIn(request, context);
    signedInByRequest.set(request, found);
  }
  return found;
}

/** The signed-in fan, or null: for headers and cheap checks. */
export async function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  return (await getSignedIn(request, context))?.user ?? null;
}

/** A redirect to /login that remembers the current page and forgets the stored session. */
export async function redirectToLogin(request: Request, context: Context): Promise<Response> {
  const { sessions } = context.get(authContext);
  return redirect(loginPath(pagePath(request.url)), {
    headers: { 'Set-Cookie': await sessions.destroySession(await getShopSession(request, context)) },
  });
}

/**
 * The signed-in customer, or a thrown redirect to /login carrying the page. A session that
 * ended (signed out, expired) or whose customer is gone or changed subject is cleared.
 */
export async function requireCustomer(request: Request, context: Context): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context);
  if (!signedIn) throw await redirectToLogin(request, context);
  return signedIn;
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
