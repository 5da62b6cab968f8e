import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { mailOutbox } from '../app/.server/db/schema';
import { createLogger } from '../app/.server/logger';
import { startMailDispatcher, type MailDispatcher } from '../app/.server/mail/dispatcher';
import { createTestDatabase } from './support/database';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP peer on 127.0.0.1 that accepts mail, or refuses recipients while `refusing`. */
class LocalSmtpServer {
  received: Received[] = [];
  refusing = false;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (!this.refusing) return callback();
      return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const logger = createLogger('silent');
let database: Database;
let smtp: LocalSmtpServer;
let smtpUrl: string;
let dispatcher: MailDispatcher;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new LocalSmtpServer();
  smtpUrl = await smtp.start();
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.received = [];
  smtp.refusing = false;
  dispatcher = startMailDispatcher({
    db: database.db,
    singleProcess: database.kind === 'pglite',
    smtpUrl,
    from: 'Fan Shop <no-reply@fanshop.example>',
    logger,
    intervalMs: 0,
  });
});

afterEach(async () => {
  await dispatcher.stop();
});

async function queue(key: string, to: string, createdAt = new Date()) {
  const [row] = await database.db
    .insert(mailOutbox)
    .values({
      dedupeKey: key,
      kind: 'test',
      toAddress: to,
      language: 'en',
      subject: `Subject ${key}`,
      textBody: `Body of ${key}`,
      createdAt,
      nextAttemptAt: createdAt,
    })
    .returning();
  if (!row) throw new Error('no outbox row');
  return row;
}

const rowOf = async (id: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe('mail dispatcher over SMTP', () => {
  it('delivers due mail to the SMTP server and marks the rows sent', async () => {
    const first = await queue('one', 'ada@example.org');
    const second = await queue('two', 'bruno@example.org');

    expect(await dispatcher.deliverDue()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@example.org'], ['bruno@example.org']]);
    const [received] = smtp.received;
    expect(received?.from).toBe('no-reply@fanshop.example');
    expect(received?.raw).toMatch(/^Subject: Subject one\r?$/m);
    expect(received?.raw).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(received?.raw).toContain('Body of one');
    for (const id of [first.id, second.id]) {
      expect(await rowOf(id)).toMatchObject({ attempts: 1, lastError: null, sentAt: expect.any(Date) });
    }

    // Sent mail is never sent again.
    expect(await dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('records a refusal, waits before retrying, and delivers when the server accepts again', async () => {
    const queuedAt = new Date();
    const mail = await queue('refused', 'carla@example.org', queuedAt);
    smtp.refusing = true;

    expect(await dispatcher.deliverDue(queuedAt)).toEqual({ sent: 0, failed: 1 });
    const failed = await rowOf(mail.id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/550|Mailbox unavailable/);

    // Not due again before the first retry delay (one minute).
    smtp.refusing = false;
    expect(await dispatcher.deliverDue(new Date(queuedAt.getTime() + 30_000))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);

    expect(await dispatcher.deliverDue(new Date(queuedAt.getTime() + 61_000))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((received) => received.to)).toEqual([['carla@example.org']]);
    expect(await rowOf(mail.id)).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) });
  });

  it('after a long outage, retries keep their spacing instead of using up the attempts at once', async () => {
    const queuedAt = new Date(Date.now() - 3 * 60 * 60 * 1000);
    const mail = await queue('backlog', 'fabio@example.org', queuedAt);
    smtp.refusing = true;
    const now = new Date();

    expect(await dispatcher.deliverDue(now)).toEqual({ sent: 0, failed: 1 });
    // Three hours after queueing, the next try is still a minute after this failure.
    expect(await dispatcher.deliverDue(new Date(now.getTime() + 30_000))).toEqual({ sent: 0, failed: 0 });
    expect(await rowOf(mail.id)).toMatchObject({ attempts: 1, nextAttemptAt: new Date(now.getTime() + 60_000) });
    expect(await dispatcher.deliverDue(new Date(now.getTime() + 60_000))).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(mail.id)).toMatchObject({ attempts: 2, nextAttemptAt: new Date(now.getTime() + 180_000) });
  });

  it('records an unreachable server as an error too', async () => {
    const mail = await queue('unreachable', 'dario@example.org');
    const closed = new LocalSmtpServer();
    const closedUrl = await closed.start();
    await closed.stop();
    const offline = startMailDispatcher({
      db: database.db,
      singleProcess: database.kind === 'pglite',
      smtpUrl: closedUrl,
      from: 'shop@example.org',
      logger,
      intervalMs: 0,
    });
    try {
      expect(await offline.deliverDue()).toEqual({ sent: 0, failed: 1 });
    } finally {
      await offline.stop();
    }
    const row = await rowOf(mail.id);
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  // Several instances share PostgreSQL; PGlite is one process with one dispatcher, which never overlaps itself.
  it.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('two dispatchers at once (two instances) send each mail once', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) await queue(`twice-${name}`, `${name}@example.org`);
    const other = startMailDispatcher({
      db: database.db,
      singleProcess: database.kind === 'pglite',
      smtpUrl,
      from: 'shop@example.org',
      logger,
      intervalMs: 0,
    });
    try {
      const results = await Promise.all([dispatcher.deliverDue(), other.deliverDue()]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(6);
    } finally {
      await other.stop();
    }
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@example.org`));
  });

  it('without SMTP_URL the mail stays in the outbox', async () => {
    const mail = await queue('offline', 'elena@example.org');
    const outboxOnly = startMailDispatcher({ db: database.db, singleProcess: true, smtpUrl: null, from: 'x@example.org', logger });
    expect(outboxOnly.mode).toBe('outbox');
    expect(await outboxOnly.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await outboxOnly.stop();
    expect(await rowOf(mail.id)).toMatchObject({ attempts: 0, sentAt: null });
  });
});
