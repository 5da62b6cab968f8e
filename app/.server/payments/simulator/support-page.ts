import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Language } from '../../../domain/catalogue-types';
import { pspSimModifications, pspSimPayments, pspSimWebhooks } from '../../db/schema';
import type { SimulatorContext } from './context';
import { HELD_UNTIL, rescheduleWebhook } from './delivery';
import type { PaymentRow } from './engine';
import { cookieLanguage, handle, seeOther } from './hosted-navigation';
import { messagePage, translatedText } from './hosted-pages';
import { sendPage } from './html';
import { canFailLater, readRefundsFail, refundFailedEvent } from './refund-failures';
import { isSameOriginPost, supportAccessOfRequest } from './support-access';
import { readEventForm, reportAvailableEvent, testPaymentEvent } from './support-events';
import { defaultEventForm, listPage, NOTICES, paymentPage, SUPPORT_PATHS, type EventForm, type Notice, type SupportPlace } from './support-views';
import { queueWebhook } from './webhooks';

/**
 * The support page (`/_psp/`, `/_psp/payments`): the simulated payments, newest first, with
 * each webhook's delivery; a payment's own page (`/_psp/payments/{pspReference}`) sends any
 * test webhook about it; REPORT_AVAILABLE is sent from the list; every waiting webhook can be
 * held and sent now, so the shop can be sent events in any order; a payment's refunds can be
 * made to fail, and a refund that went through be sent its REFUND_FAILED (refund-failures.ts). What Adyen's Customer Area
 * would offer, for whoever tries the shop offline, in the shop's language cookie's language.
 * Never public (support-access.ts); POSTs from another origin are refused; 303 after each.
 */

const LISTED_PAYMENTS = 200;
const LISTED_OTHER_WEBHOOKS = 50;

type Refusal = { status: 400 | 401 | 403 | 404; key: 'crossOrigin' | 'passwordRequired' | 'localOnly' | 'notFound' | 'badForm' };

function sendRefusal(res: Response, language: Language, refusal: Refusal): void {
  const heading = translatedText(language, `support.refused.${refusal.key}.heading`);
  sendPage(res, refusal.status, messagePage({ language, heading, body: translatedText(language, `support.refused.${refusal.key}.body`) }));
}

function noticeOf(req: Request): Notice | undefined {
  const notice = req.query.notice;
  return NOTICES.find((known) => known === notice);
}

export function supportRoutes(context: SimulatorContext, options: { deliverSoon: () => void }): Router {
  const router = Router();
  const { db } = context;
  const password = context.config.simulatorSupportPassword;

  /** The access rule (support-access.ts) before every support route. */
  const guard: RequestHandler = (req, res, next) => {
    const access = supportAccessOfRequest(req, password, new URL(context.urls.origin).host);
    if (access === 'allowed') return next();
    if (access === 'passwordRequired') res.set('WWW-Authenticate', 'Basic realm="Payment simulator support", charset="UTF-8"');
    sendRefusal(res, cookieLanguage(req), access === 'passwordRequired' ? { status: 401, key: 'passwordRequired' } : { status: 403, key: 'localOnly' });
  };

  /** A form post from the shop's own pages only (support-access.ts says why). */
  const sameOrigin: RequestHandler = (req, res, next) => {
    if (isSameOriginPost(req.get('Origin'), { publicOrigin: context.urls.origin, requestProtocol: req.protocol, requestHost: req.get('Host') })) return next();
    sendRefusal(res, cookieLanguage(req), { status: 400, key: 'crossOrigin' });
  };

  const forms = [guard, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), sameOrigin];

  async function paymentOf(req: Request, res: Response): Promise<PaymentRow | null> {
    const [payment] = await db.select().from(pspSimPayments).where(eq(pspSimPayments.pspReference, String(req.params.pspReference))).limit(1);
    if (!payment) sendRefusal(res, cookieLanguage(req), { status: 404, key: 'notFound' });
    return payment ?? null;
  }

  async function renderPayment(res: Response, status: number, language: Language, payment: PaymentRow, form: EventForm, notice?: Notice): Promise<void> {
    const webhooks = await db.select().from(pspSimWebhooks).where(eq(pspSimWebhooks.paymentPspReference, payment.pspReference)).orderBy(asc(pspSimWebhooks.id));
    const refunds = await db
      .select()
      .from(pspSimModifications)
      .where(and(eq(pspSimModifications.paymentPspReference, payment.pspReference), eq(pspSimModifications.kind, 'refund')))
      .orderBy(asc(pspSimModifications.createdAt));
    sendPage(res, status, paymentPage({ language, payment, webhooks, refunds, form, notice }));
  }

  router.get(
    ['/', '/payments'],
    guard,
    handle(async (req, res) => {
      const payments = await db.select().from(pspSimPayments).orderBy(desc(pspSimPayments.createdAt)).limit(LISTED_PAYMENTS);
      const references = payments.map((payment) => payment.pspReference);
      const webhooks = references.length > 0 ? await db.select().from(pspSimWebhooks).where(inArray(pspSimWebhooks.paymentPspReference, references)).orderBy(asc(pspSimWebhooks.id)) : [];
      const otherWebhooks = await db.select().from(pspSimWebhooks).where(isNull(pspSimWebhooks.paymentPspReference)).orderBy(desc(pspSimWebhooks.id)).limit(LISTED_OTHER_WEBHOOKS);
      sendPage(res, 200, listPage({ language: cookieLanguage(req), payments, webhooks, otherWebhooks, notice: noticeOf(req) }));
    }),
  );

  router.get(
    '/payments/:pspReference',
    guard,
    handle(async (req, res) => {
      const payment = await paymentOf(req, res);
      const language = cookieLanguage(req);
      if (payment) await renderPayment(res, 200, language, payment, defaultEventForm(payment, language), noticeOf(req));
    }),
  );

  /** A form about one payment (its path has `:pspReference`): 404 for an unknown payment. */
  function paymentForm(path: string, act: (req: Request, res: Response, payment: PaymentRow) => Promise<void>): void {
    router.post(
      path,
      ...forms,
      handle(async (req, res) => {
        const payment = await paymentOf(req, res);
        if (payment) await act(req, res, payment);
      }),
    );
  }

  paymentForm('/payments/:pspReference/webhooks', async (req, res, payment) => {
    const form = readEventForm((req.body ?? {}) as Record<string, unknown>);
    if (!form.ok) return renderPayment(res, 400, cookieLanguage(req), payment, { values: form.values, errors: form.errors });
    const now = context.clock.now();
    const notBefore = form.choice.hold ? HELD_UNTIL : now;
    await queueWebhook(db, testPaymentEvent(payment, form.choice, now), { hmacKey: context.config.hmacKey, paymentPspReference: payment.pspReference, now, notBefore });
    options.deliverSoon();
    seeOther(res, `${SUPPORT_PATHS.payment(payment.pspReference)}?notice=${form.choice.hold ? 'queuedHeld' : 'sent'}`);
  });

  paymentForm('/payments/:pspReference/refunds-fail', async (req, res, payment) => {
    const refundsFail = readRefundsFail((req.body ?? {}) as Record<string, unknown>);
    if (refundsFail === null) return sendRefusal(res, cookieLanguage(req), { status: 400, key: 'badForm' });
    await db.update(pspSimPayments).set({ refundsFail }).where(eq(pspSimPayments.pspReference, payment.pspReference));
    seeOther(res, `${SUPPORT_PATHS.payment(payment.pspReference)}?notice=${refundsFail ? 'refundsFailOn' : 'refundsFailOff'}#refunds`);
  });

  paymentForm('/payments/:pspReference/refunds/:refundPspReference/failed', async (req, res, payment) => {
    const [refund] = await db
      .select()
      .from(pspSimModifications)
      .where(and(eq(pspSimModifications.pspReference, String(req.params.refundPspReference)), eq(pspSimModifications.paymentPspReference, payment.pspReference)))
      .limit(1);
    if (!refund || !canFailLater(refund)) return sendRefusal(res, cookieLanguage(req), { status: 404, key: 'notFound' });
    // The same merchantReference as the refund's own webhook (its reference, or the payment's).
    const [reported] = await db.select({ item: pspSimWebhooks.item }).from(pspSimWebhooks).where(eq(pspSimWebhooks.pspReference, refund.pspReference)).orderBy(asc(pspSimWebhooks.id)).limit(1);
    const merchantReference = typeof reported?.item.merchantReference === 'string' ? reported.item.merchantReference : payment.merchantReference;
    const now = context.clock.now();
    await queueWebhook(db, refundFailedEvent(payment, refund, merchantReference, now), { hmacKey: context.config.hmacKey, paymentPspReference: payment.pspReference, now });
    options.deliverSoon();
    seeOther(res, `${SUPPORT_PATHS.payment(payment.pspReference)}?notice=sent#refunds`);
  });

  router.post(
    '/reports',
    ...forms,
    handle(async (_req, res) => {
      const now = context.clock.now();
      await db.transaction(async (tx) => {
        const reports = await tx.select({ id: pspSimWebhooks.id }).from(pspSimWebhooks).where(eq(pspSimWebhooks.eventCode, 'REPORT_AVAILABLE'));
        await queueWebhook(tx, reportAvailableEvent(context.config.merchantAccount, reports.length + 1, now), { hmacKey: context.config.hmacKey, paymentPspReference: null, now });
      });
      options.deliverSoon();
      seeOther(res, `${SUPPORT_PATHS.list}?notice=sent`);
    }),
  );

  router.post(
    '/webhooks/:id/:kind',
    ...forms,
    handle(async (req, res) => {
      const id = /^\d{1,9}$/.test(String(req.params.id)) ? Number(req.params.id) : null;
      const kind = req.params.kind === 'hold' || req.params.kind === 'send' ? req.params.kind : null;
      const [webhook] = id === null || kind === null ? [] : await db.select().from(pspSimWebhooks).where(eq(pspSimWebhooks.id, id)).limit(1);
      if (!webhook || kind === null) return sendRefusal(res, cookieLanguage(req), { status: 404, key: 'notFound' });
      const changed = await rescheduleWebhook(db, webhook.id, kind === 'hold' ? { kind } : { kind, now: context.clock.now() });
      if (changed && kind === 'send') options.deliverSoon();
      const notice: Notice = !changed ? 'unchanged' : kind === 'hold' ? 'held' : 'released';
      const from: SupportPlace = (req.body as Record<string, unknown> | undefined)?.from === 'payment' ? 'payment' : 'list';
      const back = from === 'payment' && webhook.paymentPspReference ? SUPPORT_PATHS.payment(webhook.paymentPspReference) : SUPPORT_PATHS.list;
      seeOther(res, `${back}?notice=${notice}#webhook-${webhook.id}`);
    }),
  );

  return router;
}
