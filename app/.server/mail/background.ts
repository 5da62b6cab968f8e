import type { Clock } from '../clock';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { Database } from '../db/client';
import type { NotifyMeService } from '../services/notify-me';
import { startMailDispatcher } from './dispatcher';

/** How often pending notify-me requests are checked against stock changed by other means. */
const NOTIFY_ME_SWEEP_INTERVAL_MS = 60_000;

/**
 * The shop's mail work in the background: the outbox dispatcher, and a sweep that queues
 * notify-me mail for products made purchasable by anything but our restock (a back office
 * writing the database). Both timers are unref'd; `stop` waits for a running pass.
 */
export function startMailBackground(input: {
  database: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  notifyMe: NotifyMeService;
}): { stop(): Promise<void> } {
  const { database, config, clock, logger, notifyMe } = input;
  const dispatcher = startMailDispatcher({
    db: database.db,
    singleProcess: database.kind === 'pglite',
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger,
    clock,
  });

  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    if (sweeping) return;
    sweeping = notifyMe
      .releasePending()
      .then((queued) => (queued > 0 ? logger.info({ queued }, 'notify-me: queued mail for products back in stock') : undefined))
      .catch((error: unknown) => logger.error({ err: error }, 'notify-me: sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  };
  const timer = setInterval(sweep, NOTIFY_ME_SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
      await dispatcher.stop();
    },
  };
}
