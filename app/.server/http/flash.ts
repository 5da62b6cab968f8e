// Flash notices: an action puts one in the session before it redirects, and the root loader
// takes it out (so it shows exactly once) on the page the redirect leads to.
import { redirect, type RouterContextProvider } from 'react-router';
import type { Notice } from '../../domain/notice';
import { authContext } from '../auth/context';
import { getShopSession } from '../auth/guards';
import type { ShopSession } from '../auth/session';

type Context = Readonly<RouterContextProvider>;

/** The session cookie carrying `notice` for the next page (and everything else the session held). */
export async function cookieWithNotice(request: Request, context: Context, notice: Notice): Promise<string> {
  const { sessions } = context.get(authContext);
  const session = await getShopSession(request, context);
  session.flash('notice', notice);
  return sessions.commitSession(session);
}

/** A 303 to `to` that shows `notice` there. */
export async function redirectWithNotice(request: Request, context: Context, to: string, notice: Notice): Promise<Response> {
  return redirect(to, { status: 303, headers: { 'Set-Cookie': await cookieWithNotice(request, context, notice) } });
}

/**
 * The notice waiting for this page, if any, and the cookie that forgets it. Requests without
 * one cost nothing: the root loader reads the session anyway.
 */
export async function takeNotice(
  session: ShopSession,
  context: Context,
): Promise<{ notice: Notice | null; setCookie: string | null }> {
  if (!session.has('notice')) return { notice: null, setCookie: null };
  const notice = session.get('notice') ?? null;
  return { notice, setCookie: await context.get(authContext).sessions.commitSession(session) };
}
