import { Router } from 'express';
import { invalid } from './api-errors';
import { readSessionRequest } from './api-requests';
import type { SimulatorContext } from './context';
import { post, queryText, read } from './router';
import { createSession, sessionAnswer, sessionResult } from './sessions';

/** `POST /sessions` (201, Hosted Checkout's `url`) and `GET /sessions/{id}?sessionResult=…`. */
export function sessionRoutes(context: SimulatorContext): Router {
  const router = Router();

  router.post(
    '/sessions',
    post(context, async (tx, body) => {
      const now = context.clock.now();
      const session = await createSession(tx, readSessionRequest(body, now), { merchantAccount: context.config.merchantAccount, now });
      return { status: 201, body: sessionAnswer(session, context.urls.pay(session.id)) };
    }),
  );

  router.get(
    '/sessions/:sessionId',
    read(async (req) => {
      const token = queryText(req, 'sessionResult');
      if (!token) throw invalid('000', "Required parameter 'sessionResult' is not provided.");
      // The library sends no merchant account here: the API key is the account's.
      const body = await sessionResult(context.db, { id: String(req.params.sessionId), sessionResult: token, merchantAccount: context.config.merchantAccount });
      return { status: 200, body };
    }),
  );

  return router;
}
