import type { Request, RequestHandler, Response } from 'express';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/catalogue-types';
import { languageFromCookieHeader } from '../../../i18n/language-cookie';
import { SIMULATOR_PATH } from '../config';
import type { SimulatorContext } from './context';
import type { PaymentRow } from './engine';
import { messagePage, translatedText } from './hosted-pages';
import { sendPage } from './html';
import { afterHostedPayment, type SessionRow } from './sessions';
import type { Queries } from './webhooks';

/**
 * What the hosted page's routes (hosted-routes.ts) and its challenge and approval pages
 * (action-routes.ts) share: where the shopper goes next, and the little Express glue of pages
 * that answer 303 after every POST.
 */

export type PageHandler = (req: Request, res: Response) => Promise<void>;

/** An async page handler whose failure reaches Express's error handling. */
export function handle(handler: PageHandler): RequestHandler {
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}

export function seeOther(res: Response, url: string): void {
  res.redirect(303, url);
}

/** The shop's language cookie, for pages reached from `/payments` (no session, no shopperLocale). */
export function cookieLanguage(req: Request): Language {
  return languageFromCookieHeader(req.get('Cookie') ?? null) ?? DEFAULT_LANGUAGE;
}

export function payUrlPath(sessionId: string, query = ''): string {
  return `${SIMULATOR_PATH}/pay/${encodeURIComponent(sessionId)}${query}`;
}

export function sendNotFound(res: Response, language: Language): void {
  sendPage(res, 404, messagePage({ language, heading: translatedText(language, 'notFound.heading'), body: translatedText(language, 'notFound.body') }));
}

/** After a hosted payment: its challenge or approval page, the shop, or the page again with the refusal. */
export async function urlAfterPayment(context: SimulatorContext, tx: Queries, session: SessionRow, payment: PaymentRow): Promise<string> {
  const after = await afterHostedPayment(tx, session, payment);
  if (after.kind === 'return') return after.url;
  if (after.kind === 'action') return payment.method === 'paypal' ? context.urls.paypal(payment.actionToken ?? '') : context.urls.challenge(payment.actionToken ?? '');
  return urlOfRetry(session, payment);
}

/** The hosted page again, telling why the payment did not go through. */
export function urlOfRetry(session: SessionRow, payment: PaymentRow): string {
  if (payment.resultCode === 'Cancelled' && payment.method === 'paypal') return payUrlPath(session.id, '?paypal=cancelled');
  return payUrlPath(session.id, `?refused=${encodeURIComponent(payment.pspReference)}`);
}
