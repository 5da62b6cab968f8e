// The payment-return page's server side (issue 14; spec §2 "/paymentgateway/{process}", §4
// "Payment-return page"): reads the fan's return from the hosted page and says what it found.
import { redirect, type RouterContextProvider } from 'react-router';
import { thankYouPath } from '../../domain/order-pages';
import {
  PAYMENT_RETURN_PATIENCE_MS,
  paymentProcessFrom,
  paymentReturnPath,
  payOrderPath,
  type PaymentProcess,
} from '../../domain/payment-attempt';
import { shopContext } from '../../context';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';

type Context = Readonly<RouterContextProvider>;

/** How far back a `since` may lie: an old bookmark is simply a first visit. */
const MAX_WAIT_SHOWN_MS = 24 * 60 * 60_000;

export type PaymentReturnView = {
  /** 400 for a result that is no PSP's; 404 for a return that is unknown or someone else's; 200 otherwise. */
  status: 200 | 400 | 404;
  process: PaymentProcess;
  kind: 'waiting' | 'refused' | 'not-completed' | 'too-late' | 'unknown';
  /** Only for the order's owner. */
  refusal: { reason: string; code: string | null } | null;
  tryAgainHref: string | null;
  /** While waiting: where the page looks again (meta refresh), and whether it is taking too long. */
  refreshHref: string | null;
  problem: boolean;
};

/** When the fan first came back (the refresh carries it), within reason. */
function waitingSince(url: URL, now: number): number {
  const since = Number(url.searchParams.get('since'));
  return Number.isSafeInteger(since) && since <= now && since >= now - MAX_WAIT_SHOWN_MS ? since : now;
}

/**
 * Secured (spec: the return needs a signed-in user; signed out, the secured layout sends the fan
 * to sign in and back with the same query). The signed-in fan who brings the PSP's session id
 * and result moves the order on, for the answer is the PSP's; only the order's owner learns
 * anything of it (its outcome, refusal, try-again link, the way to the thank-you page). For
 * anyone else the return is as unknown as a made-up one (404), whatever became of the payment:
 * the owner is checked before any redirect, which would name the order. A return the PSP
 * posted (3-D Secure, payments/return-endpoint.ts) was asked of the PSP then, and comes here as
 * `?return={handle}`: it is only read.
 */
export async function paymentReturnData(request: Request, context: Context, processParam: string | undefined): Promise<PaymentReturnView> {
  const { services, clock } = context.get(shopContext);
  const url = new URL(request.url);
  const process = paymentProcessFrom(processParam);
  const sessionId = url.searchParams.get('sessionId') ?? '';
  const sessionResult = url.searchParams.get('sessionResult');
  const redirectResult = url.searchParams.get('redirectResult');
  // A return the PSP posted, resolved then (its result is not in the address): read by its handle.
  const handle = url.searchParams.get('return');
  const asked = Boolean(sessionId || redirectResult || handle !== null);
  const read = sessionId
    ? await services.payments.readReturn({ sessionId, sessionResult })
    : redirectResult
      ? await services.payments.readRedirectReturn({ redirectResult, attemptId: url.searchParams.get('attempt') })
      : handle !== null
        ? await services.payments.readPostedReturn(handle)
        : ({ kind: 'unknown' } as const);
  const { customer } = signedIn(context);
  // Still with the PSP and nobody's yet: the waiting page, which names nothing.
  const checking = read.kind === 'checking';
  const found = read.kind === 'invalid' || read.kind === 'unknown' || read.kind === 'checking' || read.customerId !== customer.id ? null : read;
  if (found?.kind === 'paid') throw redirect(thankYouPath(found.orderId));
  // Paid by another payment (another tab): the order is paid, and the fan hears this one goes back.
  if (found?.kind === 'paid-twice') throw await redirectWithNotice(request, context, thankYouPath(found.orderId), { key: 'payment:gateway.paidTwice' });

  const now = clock.now().getTime();
  const since = waitingSince(url, now);
  const refresh = new URLSearchParams({
    ...(sessionId ? { sessionId } : {}),
    ...(sessionResult ? { sessionResult } : {}),
    ...(!sessionId && redirectResult ? { redirectResult } : {}),
    ...(!sessionId && redirectResult && url.searchParams.get('attempt') ? { attempt: url.searchParams.get('attempt') ?? '' } : {}),
    ...(!sessionId && !redirectResult && handle !== null ? { return: handle } : {}),
    since: String(since),
  });
  const patient = now - since < PAYMENT_RETURN_PATIENCE_MS;
  // A refusal's reason comes with the webhook, which may be a moment behind the fan: the page looks again for it a little.
  const reasonComing = found?.kind === 'refused' && found.refusal === null && patient;
  return {
    // A result that is no PSP's (forged, spent, oversized): the error page, as a 400; unknown or someone else's: the same page, as a 404.
    status: read.kind === 'invalid' ? 400 : asked && !found && !checking ? 404 : 200,
    process,
    kind: checking ? 'waiting' : (found?.kind ?? 'unknown'),
    refusal: found?.kind === 'refused' ? found.refusal : null,
    tryAgainHref: found?.kind === 'refused' || found?.kind === 'not-completed' ? payOrderPath(found.orderId) : null,
    refreshHref: checking || found?.kind === 'waiting' || reasonComing ? `${paymentReturnPath(process)}?${refresh.toString()}` : null,
    problem: (checking || found?.kind === 'waiting') && !patient,
  };
}
