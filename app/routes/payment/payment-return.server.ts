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
  /** 400 for a result that is no PSP's; 200 otherwise. */
  status: 200 | 400;
  process: PaymentProcess;
  kind: 'waiting' | 'refused' | 'not-completed' | 'too-late' | 'unknown';
  /** Only for the order's owner. */
  refusal: { reason: string; code: string | null } | null;
  tryAgainHref: string | null;
  /** Signed out: the page says the order completes by itself, and offers sign-in. */
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
 * anything of it (its outcome, refusal, try-again link): anyone else gets the error page.
 * Paid → the thank-you page, which shows the order to its owner only.
 */
export async function paymentReturnData(request: Request, context: Context, processParam: string | undefined): Promise<PaymentReturnView> {
  const { services, clock } = context.get(shopContext);
  const url = new URL(request.url);
  const process = paymentProcessFrom(processParam);
  const sessionId = url.searchParams.get('sessionId') ?? '';
  const sessionResult = url.searchParams.get('sessionResult');
  const redirectResult = url.searchParams.get('redirectResult');
  const read = sessionId
    ? await services.payments.readReturn({ sessionId, sessionResult })
    : redirectResult
      ? await services.payments.readRedirectReturn({ redirectResult, attemptId: url.searchParams.get('attempt') })
      : ({ kind: 'unknown' } as const);
  if (read.kind === 'paid') throw redirect(thankYouPath(read.orderId));
  // Paid by another payment (another tab): the order is paid, and the fan hears this one goes back.
  if (read.kind === 'paid-twice') throw await redirectWithNotice(request, context, thankYouPath(read.orderId), { key: 'payment:gateway.paidTwice' });
  const { customer } = signedIn(context);
  // A result that is no PSP's (forged, spent, oversized): the error page, as a 400; someone else's order: the same page.
  const found = read.kind === 'invalid' || (read.kind !== 'unknown' && read.customerId !== customer.id) ? ({ kind: 'unknown' } as const) : read;
  // (Paid ones were sent on above; the type cannot tell.)
  const kind: PaymentReturnView['kind'] = found.kind === 'paid' || found.kind === 'paid-twice' ? 'unknown' : found.kind;

  const owner = found.kind !== 'unknown';
  const now = clock.now().getTime();
  const since = waitingSince(url, now);
  const refresh = new URLSearchParams({
    ...(sessionId ? { sessionId } : {}),
    ...(sessionResult ? { sessionResult } : {}),
    ...(!sessionId && redirectResult ? { redirectResult } : {}),
    ...(!sessionId && redirectResult && url.searchParams.get('attempt') ? { attempt: url.searchParams.get('attempt') ?? '' } : {}),
    since: String(since),
  });
  const patient = now - since < PAYMENT_RETURN_PATIENCE_MS;
  // A refusal's reason comes with the webhook, which may be a moment behind the fan: the page looks again for it a little.
  const reasonComing = owner && found.kind === 'refused' && found.refusal === null && patient;
  return {
    status: read.kind === 'invalid' ? 400 : 200,
    process,
    kind,
    refusal: owner && found.kind === 'refused' ? found.refusal : null,
    tryAgainHref: owner && (found.kind === 'refused' || found.kind === 'not-completed') ? payOrderPath(found.orderId) : null,
    refreshHref: found.kind === 'waiting' || reasonComing ? `${paymentReturnPath(process)}?${refresh.toString()}` : null,
    problem: found.kind === 'waiting' && !patient,
  };
}
