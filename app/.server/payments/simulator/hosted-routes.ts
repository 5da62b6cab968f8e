import { and, eq } from 'drizzle-orm';
import express, { Router, type Request, type Response } from 'express';
import { pspSimPayments } from '../../db/schema';
import { storedMethodsOf } from './api-payments';
import type { SimulatorContext } from './context';
import { payByCard, startPayPal, type PaymentBase } from './engine';
import { formText, isCvcShaped, readCardForm } from './hosted-forms';
import { cookieLanguage, handle, seeOther, sendNotFound, urlAfterPayment } from './hosted-navigation';
import { messagePage, payPage, translatedText, type PayPageInput } from './hosted-pages';
import { sendPage, SIMULATOR_STYLES, SIMULATOR_STYLES_PATH } from './html';
import { canTakePayment, endSession, findSession, isExpired, languageOf, lockSession, resultUrlOfEnded, type SessionRow } from './sessions';
import type { Queries } from './webhooks';

/**
 * The hosted page (`/pay/{sessionId}`) and its forms: card, stored card, PayPal, cancel. Plain
 * forms; every POST answers 303: to the next page, back to the hosted page with the refusal
 * shown, or to the shop's `returnUrl` with `sessionId` and `sessionResult` appended.
 *
 * One authorisation per session, as Adyen's: each POST locks the session's row in the
 * transaction that pays and checks it there again (lockSession), so of a double click or two
 * tabs only the first pays; a post that finds the session finished makes no payment and leads
 * back to the shop with the session's result.
 */

export function hostedRoutes(context: SimulatorContext): Router {
  const router = Router();
  const { db } = context;
  router.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }));

  router.get(SIMULATOR_STYLES_PATH, (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(SIMULATOR_STYLES);
  });

  function sendExpired(res: Response, session: SessionRow, backUrl: string): void {
    const language = languageOf(session);
    sendPage(res, 410, messagePage({ language, heading: translatedText(language, 'expired.heading'), body: translatedText(language, 'expired.body', { reference: session.reference }), backUrl }));
  }

  /**
   * The session unless it can no longer take a payment: then its page says why (expired,
   * ended) and leads back to the shop with the session's result; a form posted to an ended
   * session goes straight back there (303).
   */
  async function payableSession(req: Request, res: Response): Promise<SessionRow | null> {
    const session = await findSession(db, String(req.params.sessionId));
    if (!session || session.mode !== 'hosted') {
      sendNotFound(res, cookieLanguage(req));
      return null;
    }
    if (canTakePayment(session, context.clock.now())) return session;
    const expiredNow = !session.resultToken && isExpired(session, context.clock.now());
    const backUrl = await db.transaction((tx) => endSession(tx, session, expiredNow ? 'expired' : 'canceled'));
    if (expiredNow) sendExpired(res, session, backUrl);
    else if (req.method === 'POST') seeOther(res, backUrl);
    else {
      const language = languageOf(session);
      sendPage(res, 409, messagePage({ language, heading: translatedText(language, 'ended.heading'), body: translatedText(language, 'ended.body', { reference: session.reference }), backUrl }));
    }
    return null;
  }

  /**
   * Runs `act` in one transaction with the session locked and checked again: what the
   * pre-check saw may have changed meanwhile (another post paid or cancelled it, or it expired).
   */
  async function actOnLockedSession(res: Response, sessionId: string, act: (tx: Queries, session: SessionRow) => Promise<string>): Promise<void> {
    const now = context.clock.now();
    const step = await db.transaction(async (tx) => {
      const session = await lockSession(tx, sessionId);
      if (!session) throw new Error(`hosted page: session ${sessionId} is gone`);
      if (canTakePayment(session, now)) return { url: await act(tx, session), expired: null };
      const expired = !session.resultToken && isExpired(session, now) ? session : null;
      return { url: await resultUrlOfEnded(tx, session, now), expired };
    });
    if (step.expired) sendExpired(res, step.expired, step.url);
    else seeOther(res, step.url);
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
      await actOnLockedSession(res, session.id, async (tx, locked) => urlAfterPayment(context, tx, locked, await payByCard(tx, context, baseOf(locked, consent), card)));
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
      await actOnLockedSession(res, session.id, async (tx, locked) => urlAfterPayment(context, tx, locked, await payByCard(tx, context, baseOf(locked, false), card)));
    }),
  );

  router.post(
    '/pay/:sessionId/paypal',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      await actOnLockedSession(res, session.id, async (tx, locked) => context.urls.paypal((await startPayPal(tx, context, baseOf(locked, false))).actionToken ?? ''));
    }),
  );

  router.post(
    '/pay/:sessionId/cancel',
    handle(async (req, res) => {
      const session = await payableSession(req, res);
      if (!session) return;
      await actOnLockedSession(res, session.id, (tx, locked) => endSession(tx, locked, 'canceled'));
    }),
  );

  return router;
}
