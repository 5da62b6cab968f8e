import { Router, type Request, type Response } from 'express';
import type { Language } from '../../../domain/catalogue-types';
import type { SimulatorContext } from './context';
import { completeChallenge, completePayPal, pendingAction, type PaymentRow } from './engine';
import { formText } from './hosted-forms';
import { cookieLanguage, handle, seeOther, sendNotFound, urlAfterPayment, urlOfRetry } from './hosted-navigation';
import { challengePage, messagePage, paypalPage, translatedText } from './hosted-pages';
import { sendPage } from './html';
import { canTakePayment, findSession, languageOf, lockSession, resultUrlOfEnded, returnUrlWith } from './sessions';
import type { Queries } from './webhooks';

/**
 * The pages a payment's action leads to: the 3-D Secure challenge (`/3ds/{token}`) and the
 * PayPal approval (`/paypal/{token}`), for the hosted page and for `/payments` alike. A POST
 * answers 303 back to the hosted page, or to the shop: `sessionResult` for a hosted payment,
 * `redirectResult` for a PayPal payment made through `/payments`. A 3-D Secure challenge of
 * `/payments` goes back by POST, as Adyen returns it (the redirect's own method): its answer is
 * a page whose form posts `redirectResult` to the shop's `returnUrl`. A hosted payment whose
 * session ended meanwhile (another tab paid it) is never authorised: engine.ts decide() cancels it.
 */

/** Where the shopper goes on: an address (GET), or the shop's `returnUrl` with fields to post. */
type Onward = { url: string; post?: Record<string, string> };

export function actionRoutes(context: SimulatorContext): Router {
  const router = Router();
  const { db } = context;

  /**
   * Where the shopper goes once a challenge or approval is decided: `justDecided` counts a
   * refusal against the session; a page opened again afterwards only leads on.
   */
  async function afterDecided(tx: Queries, payment: PaymentRow, justDecided: boolean): Promise<Onward | null> {
    if (payment.channel === 'api') {
      if (!payment.returnUrl || !payment.redirectResult) return null;
      const redirectResult = payment.redirectResult;
      return payment.method === 'scheme' ? { url: payment.returnUrl, post: { redirectResult } } : { url: returnUrlWith(payment.returnUrl, { redirectResult }) };
    }
    const session = payment.sessionId ? await lockSession(tx, payment.sessionId) : null;
    if (!session) return null;
    const now = context.clock.now();
    // A session that ended meanwhile keeps its result: the shopper goes back to it.
    if (!canTakePayment(session, now)) return { url: await resultUrlOfEnded(tx, session, now) };
    return { url: justDecided ? await urlAfterPayment(context, tx, session, payment) : urlOfRetry(session, payment) };
  }

  async function languageOfPayment(req: Request, payment: PaymentRow): Promise<Language> {
    const session = payment.sessionId ? await findSession(db, payment.sessionId) : null;
    return session ? languageOf(session) : cookieLanguage(req);
  }

  /** The payment behind a challenge or approval page, or the page that says it is gone or done. */
  async function pendingOf(req: Request, res: Response, method: 'scheme' | 'paypal'): Promise<PaymentRow | null> {
    const payment = await pendingAction(db, String(req.params.token));
    if (!payment || payment.method !== method) {
      sendNotFound(res, cookieLanguage(req));
      return null;
    }
    if (payment.resultCode !== 'RedirectShopper') {
      const language = await languageOfPayment(req, payment);
      const back = await db.transaction((tx) => afterDecided(tx, payment, false));
      sendPage(res, 409, messagePage({ language, heading: translatedText(language, 'done.heading'), body: translatedText(language, 'done.body'), backUrl: back?.url, backPost: back?.post }));
      return null;
    }
    return payment;
  }

  /** Decides the payment and leads on, in one transaction (decide locks the session first). */
  async function decideAndGo(req: Request, res: Response, payment: PaymentRow, decideIt: (tx: Queries) => Promise<PaymentRow>): Promise<void> {
    const onward = await db.transaction(async (tx) => afterDecided(tx, await decideIt(tx), true));
    if (!onward) return sendNotFound(res, await languageOfPayment(req, payment));
    if (!onward.post) return seeOther(res, onward.url);
    const language = await languageOfPayment(req, payment);
    sendPage(res, 200, messagePage({ language, heading: translatedText(language, 'decided.heading'), body: translatedText(language, 'decided.body'), backUrl: onward.url, backPost: onward.post }));
  }

  router.get(
    '/3ds/:token',
    handle(async (req, res) => {
      const payment = await pendingOf(req, res, 'scheme');
      if (payment) sendPage(res, 200, challengePage({ language: await languageOfPayment(req, payment), payment }));
    }),
  );

  router.post(
    '/3ds/:token',
    handle(async (req, res) => {
      const payment = await pendingOf(req, res, 'scheme');
      if (!payment) return;
      const password = formText((req.body ?? {}) as Record<string, unknown>, 'password');
      if (!password) return sendPage(res, 400, challengePage({ language: await languageOfPayment(req, payment), payment, error: true }));
      await decideAndGo(req, res, payment, (tx) => completeChallenge(tx, context, payment, password));
    }),
  );

  router.get(
    '/paypal/:token',
    handle(async (req, res) => {
      const payment = await pendingOf(req, res, 'paypal');
      if (payment) sendPage(res, 200, paypalPage({ language: await languageOfPayment(req, payment), payment }));
    }),
  );

  router.post(
    '/paypal/:token',
    handle(async (req, res) => {
      const payment = await pendingOf(req, res, 'paypal');
      if (!payment) return;
      const approved = formText((req.body ?? {}) as Record<string, unknown>, 'decision') === 'approve';
      await decideAndGo(req, res, payment, (tx) => completePayPal(tx, context, payment, approved));
    }),
  );

  return router;
}
