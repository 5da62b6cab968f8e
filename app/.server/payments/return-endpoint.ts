import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { PAYMENT_RETURN_PATH, paymentProcessFrom, postedReturnPath } from '../../domain/payment-attempt';
import { isDatabaseUnavailable, type DatabaseAvailability } from '../db/availability';
import type { Logger } from '../logger';
import type { createPaymentsService } from '../services/payments';

/**
 * Where the PSP posts a redirect's return: the return page's own address. Express answers a POST
 * there before React Router, whose page takes only GET.
 */
export const PAYMENT_RETURN_ROUTE = `${PAYMENT_RETURN_PATH}/:process`;
/** A `PaRes` is a few KB; this is room, not a limit met. */
const MAX_RETURN_BODY = '64kb';

export type ReturnEndpointInput = {
  payments: Pick<ReturnType<typeof createPaymentsService>, 'acceptPostedReturn'>;
  logger: Logger;
  /** The database circuit: while it is open the endpoint answers 503 at once, and reports what it sees. */
  availability?: Pick<DatabaseAvailability, 'isAvailable' | 'report'>;
};

/**
 * The PSP's POST back to the return page (docs/payments.md "Returns"): Adyen returns a 3-D
 * Secure redirect with the redirect's own method, from the issuer's or Adyen's site, so the
 * browser sends no `SameSite=Lax` cookie and React Router's origin check would refuse it. It is
 * taken here, on this one address, and only as a return: the session cookie is never read and
 * none is set, the body's `redirectResult` (or `MD` and `PaRes`) is asked of the PSP once (its
 * word, not the body's, moves the order on), and the answer is a 303 to the return page by a
 * handle that names no order. That page, a GET, carries the fan's cookie again and shows the
 * outcome to the order's owner alone. A body with nothing of the PSP's: a bare 400.
 */
export function paymentReturnPostHandlers(input: ReturnEndpointInput): (RequestHandler | ErrorRequestHandler)[] {
  const handle: RequestHandler = async (req, res, next) => {
    if (input.availability && !input.availability.isAvailable()) {
      res.status(503).set('Retry-After', '10').type('text/plain').send('Service Unavailable');
      return;
    }
    try {
      const attempt = req.query.attempt;
      const accepted = await input.payments.acceptPostedReturn({
        body: (req.body ?? {}) as Record<string, unknown>,
        attemptId: typeof attempt === 'string' ? attempt : null,
      });
      if (accepted.kind === 'invalid') {
        input.logger.warn({ ip: req.ip }, 'payments: a POST to the return page without a PSP result was refused');
        res.status(400).type('text/plain').send('Bad Request');
        return;
      }
      res.set('Cache-Control', 'no-store').redirect(303, postedReturnPath(paymentProcessFrom(String(req.params.process)), accepted.handle));
    } catch (error) {
      next(error);
    }
  };
  return [express.urlencoded({ extended: false, limit: MAX_RETURN_BODY, parameterLimit: 20 }), handle, returnErrors(input)];
}

/** What the body parser refuses (unreadable, over the limit), and the database away (503: a resubmit can still get through). */
function returnErrors({ logger, availability }: Pick<ReturnEndpointInput, 'logger' | 'availability'>): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 400 || status === 413) {
      logger.warn({ ip: req.ip, status }, 'payments: an unreadable or oversized POST to the return page was refused');
      res.status(status).type('text/plain').send(status === 413 ? 'Payload Too Large' : 'Bad Request');
      return;
    }
    if (!isDatabaseUnavailable(error)) return next(error);
    availability?.report(error);
    logger.warn({ err: error }, 'payments: the PSP posted a return while the database is away');
    res.status(503).set('Retry-After', '10').type('text/plain').send('Service Unavailable');
  };
}
