import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MAX_MAIL_ATTEMPTS, nextAttemptAfterFailure } from '../../domain/mail-retry';
import { systemClock, type Clock } from '../clock';
import type { ShopDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Logger } from '../logger';
import { recordJobRun } from '../metrics/job-metrics';

/** Hands outbox rows to SMTP; `deliverDue` is what the timer runs (tests call it directly). */
export type MailDispatcher = {
  readonly mode: 'smtp' | 'outbox';
  deliverDue(now?: Date): Promise<{ sent: number; failed: number }>;
  stop(): Promise<void>;
};

export type MailDispatcherOptions = {
  db: ShopDb;
  /**
   * PGlite: one process owns the database, so there is nobody to lock rows against — and
   * holding its only connection during an SMTP conversation would stall every page.
   */
  singleProcess: boolean;
  smtpUrl: string | null;
  from: string;
  logger: Logger;
  /** When mail is due and when a retry is scheduled; the system clock unless a test stands elsewhere. */
  clock?: Clock;
  /** How often the timer looks for due mail; 0 starts no timer (tests). */
  intervalMs?: number;
};

const DEFAULT_INTERVAL_MS = 15_000;
/** Mails per run: the next run carries on, so one slow batch never blocks shutdown for long. */
const BATCH_SIZE = 20;
const MAX_ERROR_LENGTH = 500;

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}

/** Where SMTP mail goes, for the log: host and port only, never credentials. */
function smtpTarget(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * Delivers outbox mail by SMTP when SMTP_URL is set; otherwise mail stays in the outbox
 * (offline default, readable at /dev/outbox). Logs once which of the two is in use.
 */
export function startMailDispatcher(options: MailDispatcherOptions): MailDispatcher {
  const { db, logger, smtpUrl } = options;
  if (!smtpUrl) {
    logger.info({ mail: 'outbox' }, 'mail: no SMTP_URL, mail stays in the outbox (non-production: /dev/outbox)');
    return { mode: 'outbox', deliverDue: async () => ({ sent: 0, failed: 0 }), stop: async () => undefined };
  }
  logger.info({ mail: 'smtp', target: smtpTarget(smtpUrl) }, 'mail: delivering the outbox by SMTP');
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });

  /** Picks the oldest due mail (locked where others may look too), sends it, records the outcome. */
  async function deliverOne(queries: Pick<ShopDb, 'select' | 'update'>, now: Date): Promise<'none' | 'sent' | 'failed'> {
    const [mail] = await queries
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
          lte(mailOutbox.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!mail) return 'none';
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': mail.language },
      });
    } catch (error) {
      const lastError = describeError(error);
      await queries
        .update(mailOutbox)
        .set({ attempts: mail.attempts + 1, lastError, nextAttemptAt: nextAttemptAfterFailure(mail.attempts + 1, now) })
        .where(eq(mailOutbox.id, mail.id));
      logger.warn({ mailId: mail.id, attempts: mail.attempts + 1, error: lastError }, 'mail: SMTP delivery failed');
      return 'failed';
    }
    await queries
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, attempts: mail.attempts + 1, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    return 'sent';
  }

  const clock = options.clock ?? systemClock;
  async function deliverDue(now = clock.now()) {
    const counts = { sent: 0, failed: 0 };
    for (let index = 0; index < BATCH_SIZE; index += 1) {
      // On PostgreSQL the row stays locked while it is being sent: another instance skips it.
      const outcome = options.singleProcess
        ? await deliverOne(db, now)
        : await db.transaction((tx) => deliverOne(tx, now));
      if (outcome === 'none') break;
      counts[outcome] += 1;
    }
    return counts;
  }

  let running: Promise<unknown> | null = null;
  const runOnce = () => {
    if (running) return; // the previous run is still sending
    running = deliverDue()
      .then(
        () => recordJobRun('mail-delivery', 'ok'),
        (error: unknown) => {
          recordJobRun('mail-delivery', 'failed');
          logger.error({ err: error }, 'mail: delivery run failed');
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const timer = intervalMs > 0 ? setInterval(runOnce, intervalMs) : undefined;
  timer?.unref();

  return {
    mode: 'smtp',
    deliverDue,
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
