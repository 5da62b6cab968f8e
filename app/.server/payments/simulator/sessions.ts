import { and, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../domain/catalogue-types';
import { pspSimPayments, pspSimSessions } from '../../db/schema';
import { AdyenApiError, invalid } from './api-errors';
import type { SessionRequest } from './api-requests';
import type { PaymentRow } from './engine';
import { newOpaqueToken, newSessionId } from './references';
import type { Queries } from './webhooks';

/**
 * Checkout sessions (`/sessions`, mode hosted) and the hosted page's bookkeeping. Adyen's facts
 * (CheckoutService-v72): a session expires one hour after it is made unless `expiresAt` says
 * otherwise (at most 24 hours); its result is one of active, canceled, completed, expired,
 * paymentPending, refused, and "doesn't get updated" once given; `refused` means "too many
 * refused payment attempts". How many is not documented: the simulator allows three, showing
 * each refusal on the page and letting the shopper try again before that.
 */

export type SessionRow = typeof pspSimSessions.$inferSelect;
export type EndedStatus = 'completed' | 'paymentPending' | 'refused' | 'canceled' | 'expired';

export const DEFAULT_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** Refused or failed payments after which a session is `refused` (the simulator's choice). */
export const MAX_REFUSED_ATTEMPTS = 3;

export async function createSession(tx: Queries, request: SessionRequest, context: { merchantAccount: string; now: Date }): Promise<SessionRow> {
  const [session] = await tx
    .insert(pspSimSessions)
    .values({
      id: newSessionId(),
      merchantAccount: context.merchantAccount,
      reference: request.reference,
      amountValue: request.amount.value,
      currency: request.amount.currency,
      returnUrl: request.returnUrl,
      mode: request.mode,
      shopperReference: request.shopperReference ?? null,
      shopperLocale: request.shopperLocale ?? null,
      shopperEmail: request.shopperEmail ?? null,
      countryCode: request.countryCode ?? null,
      allowedPaymentMethods: request.allowedPaymentMethods ?? null,
      storePaymentMethodMode: request.storePaymentMethodMode,
      recurringProcessingModel: request.recurringProcessingModel ?? null,
      shopperInteraction: request.shopperInteraction ?? null,
      captureDelayHours: request.captureDelayHours ?? null,
      sessionData: newOpaqueToken(),
      createdAt: context.now,
      expiresAt: request.expiresAt ?? new Date(context.now.getTime() + DEFAULT_SESSION_LIFETIME_MS),
      status: 'active',
    })
    .returning();
  if (!session) throw new Error('createSession: insert returned nothing');
  return session;
}

/** The `/sessions` answer: Adyen's required fields, what was asked, and the hosted page's `url`. */
export function sessionAnswer(session: SessionRow, payUrl: string): Record<string, unknown> {
  const optional = {
    shopperReference: session.shopperReference,
    shopperLocale: session.shopperLocale,
    shopperEmail: session.shopperEmail,
    countryCode: session.countryCode,
    allowedPaymentMethods: session.allowedPaymentMethods,
    recurringProcessingModel: session.recurringProcessingModel,
    shopperInteraction: session.shopperInteraction,
    captureDelayHours: session.captureDelayHours,
  };
  return {
    amount: { value: session.amountValue, currency: session.currency },
    expiresAt: session.expiresAt.toISOString(),
    id: session.id,
    merchantAccount: session.merchantAccount,
    mode: session.mode,
    reference: session.reference,
    returnUrl: session.returnUrl,
    sessionData: session.sessionData,
    storePaymentMethodMode: session.storePaymentMethodMode,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)),
    // Only Hosted Checkout has a page; an embedded session is for Drop-in's sessions flow, not served here.
    ...(session.mode === 'hosted' ? { url: payUrl } : {}),
  };
}

export async function findSession(queries: Queries, id: string): Promise<SessionRow | null> {
  const [session] = await queries.select().from(pspSimSessions).where(eq(pspSimSessions.id, id)).limit(1);
  return session ?? null;
}

export function isExpired(session: SessionRow, now: Date): boolean {
  return session.expiresAt.getTime() <= now.getTime();
}

/**
 * The session's row, locked until the transaction ends (`SELECT … FOR UPDATE`): whatever pays,
 * decides or ends a session takes this first, so that concurrent posts (a double click, two
 * tabs) run one after the other and each sees what the one before it did.
 */
export async function lockSession(tx: Queries, id: string): Promise<SessionRow | null> {
  const [session] = await tx.select().from(pspSimSessions).where(eq(pspSimSessions.id, id)).for('update');
  return session ?? null;
}

/** Whether the session can still take a payment: never once its result is handed out, as Adyen's. */
export function canTakePayment(session: SessionRow, now: Date): boolean {
  return session.status === 'active' && !session.resultToken && !isExpired(session, now);
}

/**
 * The way back to the shop from a session that can take no payment: its result if it has one
 * already, else (it has just expired) the `expired` one, given now.
 */
export function resultUrlOfEnded(tx: Queries, session: SessionRow, now: Date): Promise<string> {
  return endSession(tx, session, isExpired(session, now) ? 'expired' : 'canceled');
}

/** The hosted page's language: Italian for an `it` shopperLocale, else English (the shop's two). */
export function languageOf(session: Pick<SessionRow, 'shopperLocale'>): Language {
  return session.shopperLocale?.toLowerCase().startsWith('it') ? 'it' : 'en';
}

/** `returnUrl` with the given parameters appended, its own query kept. */
export function returnUrlWith(returnUrl: string, parameters: Record<string, string>): string {
  const url = new URL(returnUrl);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.append(name, value);
  return url.toString();
}

/**
 * Ends an active session with `status` (an expired one keeps `active` and is read as expired)
 * and gives the URL back to the shop with `sessionId` and `sessionResult`. A session ended
 * already keeps its first result: the same URL comes back.
 */
export async function endSession(tx: Queries, session: SessionRow, status: EndedStatus): Promise<string> {
  const token = newOpaqueToken();
  const [ended] = await tx
    .update(pspSimSessions)
    .set({ status: status === 'expired' ? 'active' : status, resultToken: token, resultStatus: status })
    .where(and(eq(pspSimSessions.id, session.id), sql`${pspSimSessions.resultToken} is null`))
    .returning();
  const current = ended ?? (await findSession(tx, session.id));
  if (!current?.resultToken) throw new Error(`endSession: session ${session.id} is gone`);
  return returnUrlWith(current.returnUrl, { sessionId: current.id, sessionResult: current.resultToken });
}

export type AfterPayment = { kind: 'return'; url: string } | { kind: 'retry' } | { kind: 'action' };

/** What the hosted page does after a payment: back to the shop, or another try on the page. */
export async function afterHostedPayment(tx: Queries, session: SessionRow, payment: PaymentRow): Promise<AfterPayment> {
  switch (payment.resultCode) {
    case 'Authorised':
      return { kind: 'return', url: await endSession(tx, session, 'completed') };
    case 'Received':
      return { kind: 'return', url: await endSession(tx, session, 'paymentPending') };
    case 'RedirectShopper':
      return { kind: 'action' };
    case 'Cancelled':
      // The shopper left PayPal: back to the page to choose again, as Hosted Checkout does.
      return { kind: 'retry' };
    case 'Refused':
    case 'Error': {
      const [counted] = await tx
        .update(pspSimSessions)
        .set({ refusedAttempts: sql`${pspSimSessions.refusedAttempts} + 1` })
        .where(eq(pspSimSessions.id, session.id))
        .returning({ refusedAttempts: pspSimSessions.refusedAttempts });
      if ((counted?.refusedAttempts ?? MAX_REFUSED_ATTEMPTS) >= MAX_REFUSED_ATTEMPTS) return { kind: 'return', url: await endSession(tx, session, 'refused') };
      return { kind: 'retry' };
    }
  }
}

/**
 * `GET /sessions/{id}?sessionResult=…`: the status the `sessionResult` was given with, and the
 * session's authorised payments (spec: `payments`, "all authorised payments done for this
 * session"). An unknown session is Adyen's 000 "Not Found"; a `sessionResult` that is not this
 * session's is refused with 422 (Adyen's exact answer there is not documented).
 */
export async function sessionResult(queries: Queries, input: { id: string; sessionResult: string; merchantAccount: string }) {
  const session = await findSession(queries, input.id);
  if (!session || session.merchantAccount !== input.merchantAccount) throw new AdyenApiError(404, '000', 'Not Found', 'validation');
  if (!session.resultToken || session.resultToken !== input.sessionResult) throw invalid('000', 'Invalid sessionResult for this session');
  const authorised = await queries
    .select()
    .from(pspSimPayments)
    .where(and(eq(pspSimPayments.sessionId, session.id), eq(pspSimPayments.resultCode, 'Authorised')))
    .orderBy(desc(pspSimPayments.createdAt));
  return {
    id: session.id,
    reference: session.reference,
    status: session.resultStatus,
    payments: authorised.map((payment) => ({
      amount: { value: payment.amountValue, currency: payment.currency },
      paymentMethod: { type: payment.method, brand: payment.brand },
      pspReference: payment.pspReference,
      resultCode: 'Authorised',
    })),
  };
}
