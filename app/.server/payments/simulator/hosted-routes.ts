import { and, eq } from 'drizzle-orm';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/catalogue-types';
import { languageFromCookieHeader } from '../../../i18n/language-cookie';
import { pspSimPayments } from '../../db/schema';
import { SIMULATOR_PATH } from '../config';
import { storedMethodsOf } from './api-payments';
import type { SimulatorContext } from './context';
import { completeChallenge, completePayPal, payByCard, pendingAction, startPayPal, type PaymentBase, type PaymentRow } from './engine';
import { formText, isCvcShaped, readCardForm } from './hosted-forms';
import { challengePage, messagePage, paypalPage, payPage, translatedText, type PayPageInput } from './hosted-pages';
import { sendPage, SIMULATOR_STYLES, SIMULATOR_STYLES_PATH } from './html';
import { afterHostedPayment, endSession, findSession, isExpired, languageOf, returnUrlWith, type SessionRow } from './sessions';
import type { Queries } from './webhooks';

/**
 * The hosted page's routes (`/pay/{sessionId}`), the 3-D Secure challenge (`/3ds/{token}`) and
 * the PayPal approval (`/paypal/{token}`). Plain forms; every POST answers 303: to the next page,
 * back to the hosted page with the refusal shown, or to the shop's `returnUrl` with `sessionId`
 * and `sessionResult` (hosted) or `redirectResult` (a `/payments` redirect) appended.
 */

type Handler = (req: Request, res: Response) => Promise<void>;

function handle(handler: Handler): RequestHandler {
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}

function seeOther(res: Response, url: string): void {
  res.redirect(303, url);
}

/** The shop's language cookie, for pages reached from `/payments` (no session, no shopperLocale). */
function cookieLanguage(req: Request): Language {
  return languageFromCookieHeader(req.get('Cookie') ?? null) ?? DEFAULT_LANGUAGE;
}

function payUrlPath(sessionId: string, query = ''): string {
  return `${SIMULATOR_PATH}/pay/${encodeURIComponent(sessionId)}${query}`;
}

export function hostedRoutes(context: SimulatorContext): Router {
  const router = Router();
  const { db } = context;
  router.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }));

  router.get(SIMULATOR_STYLES_PATH, (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(SIMULATOR_STYLES);
  });

  const notFound = (res: Response, language: Language) =>
    sendPage(res, 404, messagePage({ language, heading: translatedText(language, 'notFound.heading'), body: translatedText(language, 'notFound.body') }));

  /**
   * The session unless it can no longer take a payment: then its page says why (expired,
   * ended) and leads back to the shop with the session's result.
   */
  async function payableSession(req: Request, res: Response): Promise<SessionRow | null> {
    const session = await findSession(db, String(req.params.sessionId));
    if (!session || session.mode !== 'hosted') {
      notFound(res, cookieLanguage(req));
      return null;
    }
    const language = languageOf(session);
    const reference = session.reference;
    if (session.status === 'active' && isExpired(session, context.clock.now())) {
      const backUrl = await db.transaction((tx) => endSession(tx, session, 'expired'));
      sendPage(res, 410, messagePage({ language, heading: translatedText(language, 'expired.heading'), body: translatedText(language, 'expired.body', { reference }), backUrl }));
      return null;
    }
    if (session.status !== 'active' || session.resultToken) {
      const backUrl = await db.transaction((tx) => endSession(tx, session, 'canceled'));
      sendPage(res, 409, messagePage({ language, heading: translatedText(language, 'ended.heading'), body: translatedText(language, 'ended.body', { reference }), backUrl }));
      return null;
    }
    return session;
  }

  async function renderPay(res: Response, status: number, session: SessionRow, extra: Partial<PayPageInput> = {}): Promise<void> {
    const storedCards = session.shopperReference ? await storedMethodsOf(db, session.merchantAccount, session.shopperReference) : [];
    sendPage(res, status, payPage({ session, language: languageOf(session), storedCards, ...extra }));
  }

  function baseOf(session: SessionRow, storeCard: boolean): PaymentBase {
    return {
      merchantAccount: session.merchantAccount,
      merchantReference: session.reference,
      amount: { value: session.amountValue, currency: 'EUR' },
      channel: 'hosted',
      sessionId: session.id,
      shopperReference: session.shopperReference ?? undefined,
      storeCard: storeCard && session.storePaymentMethodMode !== 'disabled',
      captureDelayHours: session.captureDelayHours ?? undefined,
    };
  }

  /** After a hosted payment: its challenge or approval page, the shop, or the page again with the refusal. */
  async function next(tx: Queries, session: SessionRow, payment: PaymentRow): Promise<string> {
    const after = await afterHostedPayment(tx, session, payment);
    if (after.kind === 'return') return after.url;
    if (after.kind === 'action') return payment.method === 'paypal' ? context.urls.paypal(payment.actionToken ?? '') : context.urls.challenge(payment.actionToken ?? '');
    if (payment.resultCode === 'Cancelled') return payUrlPath(session.id, '?paypal=cancelled');
    return payUrlPath(session.id, `?refused=${encodeURIComponent(payment.pspReference)}`);
  }

  router.get(
    '/pay/:sessionId',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      const refusedReference = typeof req.query.refused === 'string' ? req.query.refused : undefined;
      let refusal: PayPageInput['refusal'];
      if (refusedReference) {
        const [payment] = await db
          .select()
          .from(pspSimPayments)
          .where(and(eq(pspSimPayments.pspReference, refusedReference), eq(pspSimPayments.sessionId, session.id)))
          .limit(1);
        if (payment?.refusalReason) refusal = payment;
      }
      await renderPay(res, 200, session, { refusal, paypalCancelled: req.query.paypal === 'cancelled' });
    }),
  );

  router.post(
    '/pay/:sessionId/card',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      const form = readCardForm((req.body ?? {}) as Record<string, unknown>, context.clock.now());
      if (!form.ok) return renderPay(res, 400, session, { errors: form.errors, values: form.values });
      const { card } = form;
      const consent = session.storePaymentMethodMode === 'enabled' || card.storeCard;
      const url = await db.transaction(async (tx) => next(tx, session, await payByCard(tx, context, baseOf(session, consent), card)));
      seeOther(res, url);
    }),
  );

  router.post(
    '/pay/:sessionId/stored',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const storedId = formText(body, 'storedPaymentMethodId');
      const cvc = formText(body, 'cvc');
      const stored = session.shopperReference ? (await storedMethodsOf(db, session.merchantAccount, session.shopperReference)).find((row) => row.id === storedId) : undefined;
      if (!stored) return renderPay(res, 400, session, { errors: { 'card-number': 'errors.storedCard' } });
      if (!isCvcShaped(cvc)) return renderPay(res, 400, session, { errors: { [`stored-${stored.id}-cvc`]: 'errors.cvc' } });
      const card = { digits: stored.cardNumber, expiryMonth: stored.expiryMonth, expiryYear: stored.expiryYear, cvc, holderName: stored.holderName, storedMethodId: stored.id };
      const url = await db.transaction(async (tx) => next(tx, session, await payByCard(tx, context, baseOf(session, false), card)));
      seeOther(res, url);
    }),
  );

  router.post(
    '/pay/:sessionId/paypal',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      const payment = await db.transaction((tx) => startPayPal(tx, context, baseOf(session, false)));
      seeOther(res, context.urls.paypal(payment.actionToken ?? ''));
    }),
  );

  router.post(
    '/pay/:sessionId/cancel',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      seeOther(res, await db.transaction((tx) => endSession(tx, session, 'canceled')));
    }),
  );

  /**
   * Where the shopper goes once a challenge or approval is decided: `justDecided` counts a
   * refusal against the session; a page opened again afterwards only leads on.
   */
  async function afterDecided(tx: Queries, payment: PaymentRow, justDecided: boolean): Promise<string | null> {
    if (payment.channel === 'api') return payment.returnUrl && payment.redirectResult ? returnUrlWith(payment.returnUrl, { redirectResult: payment.redirectResult }) : null;
    const session = payment.sessionId ? await findSession(tx, payment.sessionId) : null;
    if (!session) return null;
    // A session ended meanwhile (expired, cancelled) keeps its result; the payment's outcome is in its webhook.
    if (session.resultToken || session.status !== 'active') return endSession(tx, session, 'canceled');
    if (justDecided) return next(tx, session, payment);
    return payUrlPath(session.id, payment.resultCode === 'Cancelled' ? '?paypal=cancelled' : `?refused=${encodeURIComponent(payment.pspReference)}`);
  }

  async function languageOfPayment(req: Request, payment: PaymentRow): Promise<Language> {
    const session = payment.sessionId ? await findSession(db, payment.sessionId) : null;
    return session ? languageOf(session) : cookieLanguage(req);
  }

  /** The payment behind a challenge or approval page, or the page that says it is gone or done. */
  async function pendingOf(req: Request, res: Response, method: 'scheme' | 'paypal'): Promise<PaymentRow | null> {
    const payment = await pendingAction(db, String(req.params.token));
    if (!payment || payment.method !== method) {
      notFound(res, cookieLanguage(req));
      return null;
    }
    if (payment.resultCode !== 'RedirectShopper') {
      const language = await languageOfPayment(req, payment);
      const backUrl = await db.transaction((tx) => afterDecided(tx, payment, false));
      sendPage(res, 409, messagePage({ language, heading: translatedText(language, 'done.heading'), body: translatedText(language, 'done.body'), backUrl: backUrl ?? undefined }));
      return null;
    }
    return payment;
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
      const url = await db.transaction(async (tx) => afterDecided(tx, await completeChallenge(tx, context, payment, password), true));
      if (url) seeOther(res, url);
      else notFound(res, await languageOfPayment(req, payment));
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
      const url = await db.transaction(async (tx) => afterDecided(tx, await completePayPal(tx, context, payment, approved), true));
      if (url) seeOther(res, url);
      else notFound(res, await languageOfPayment(req, payment));
    }),
  );

  return router;
}
