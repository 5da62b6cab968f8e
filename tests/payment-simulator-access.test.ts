// The support page is never public: with PAYMENT_SIMULATOR_SUPPORT_PASSWORD it asks for it by
// HTTP Basic (any user name); without, only a browser on this machine sees it, judged by the
// connection's address (a request that came through a proxy counts as from elsewhere). The
// hosted pages and the API are not affected. On a real database (PGlite, and PostgreSQL).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pspSimPayments } from '../app/.server/db/schema';
import { cardForm, getPage, postForm, sessionRequest, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

const PASSWORD = 'correct horse battery staple';

function basic(user: string, password: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

describe('with a support password', () => {
  let harness: SimulatorHarness;
  beforeAll(async () => {
    harness = await startSimulatorHarness({ supportPassword: PASSWORD });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('asks for it (401, WWW-Authenticate Basic) on the page and every form, wrong passwords included', async () => {
    for (const headers of [{}, basic('support', 'wrong password'), basic('support', `${PASSWORD} `), { Authorization: 'Bearer x' }, { Authorization: 'Basic !!!' }]) {
      for (const path of ['/_psp/', '/_psp/payments', '/_psp/payments/ABCDEFGHIJKLMNOP']) {
        const response = await getPage(harness.url(path), { Cookie: 'jc_prf_lng=en', ...headers });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Basic realm="Payment simulator support", charset="UTF-8"');
        expect(await response.text()).toContain('Password required');
      }
      expect((await postForm(harness.url('/_psp/reports'), {}, { Origin: harness.publicUrl, ...headers })).status).toBe(401);
      expect((await postForm(harness.url('/_psp/webhooks/1/hold'), {}, { Origin: harness.publicUrl, ...headers })).status).toBe(401);
      expect((await postForm(harness.url('/_psp/payments/ABCDEFGHIJKLMNOP/refunds-fail'), { refundsFail: 'on' }, { Origin: harness.publicUrl, ...headers })).status).toBe(401);
      expect((await postForm(harness.url('/_psp/payments/ABCDEFGHIJKLMNOP/refunds/QRSTUVWXYZ012345/failed'), {}, { Origin: harness.publicUrl, ...headers })).status).toBe(401);
    }
    expect(await harness.simulator.deliverDue()).toBe(0);
  });

  it('opens with the password and any user name; the forms work then', async () => {
    for (const user of ['support', '', 'anyone at all']) {
      const response = await getPage(harness.url('/_psp/'), { Cookie: 'jc_prf_lng=en', ...basic(user, PASSWORD) });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<h1>Simulated payments</h1>');
    }
    expect((await postForm(harness.url('/_psp/reports'), {}, { Origin: harness.publicUrl, ...basic('support', PASSWORD) })).status).toBe(303);
    expect(await harness.simulator.deliverDue()).toBe(1);
    const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness, { reference: 'ORD-ACCESS-1' }));
    await postForm(`${session.url}/card`, cardForm());
    const [payment] = await harness.database.db.select().from(pspSimPayments).where(eq(pspSimPayments.merchantReference, 'ORD-ACCESS-1'));
    const refundsFail = await postForm(harness.url(`/_psp/payments/${payment?.pspReference}/refunds-fail`), { refundsFail: 'on' }, { Origin: harness.publicUrl, ...basic('support', PASSWORD) });
    expect(refundsFail.status).toBe(303);
  });

  it('leaves the hosted page and the API alone', async () => {
    const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness));
    expect((await getPage(session.url ?? '')).status).toBe(200);
  });
});

/** This machine's address on a network (not loopback), if it has one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('without a support password', () => {
  let harness: SimulatorHarness;
  beforeAll(async () => {
    harness = await startSimulatorHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('opens for a browser on this machine, without asking anything', async () => {
    const response = await getPage(harness.url('/_psp/'), { Cookie: 'jc_prf_lng=en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('refuses a request a proxy forwarded, whatever address it names (403)', async () => {
    const forwarded: Record<string, string>[] = [{ 'X-Forwarded-For': '127.0.0.1' }, { Forwarded: 'for=127.0.0.1' }, { 'X-Real-IP': '127.0.0.1' }];
    for (const headers of forwarded) {
      const response = await getPage(harness.url('/_psp/'), { Cookie: 'jc_prf_lng=en', ...headers });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Only on this machine');
      expect((await postForm(harness.url('/_psp/reports'), {}, { Origin: harness.publicUrl, ...headers })).status).toBe(403);
      expect((await postForm(harness.url('/_psp/payments/ABCDEFGHIJKLMNOP/refunds-fail'), { refundsFail: 'on' }, { Origin: harness.publicUrl, ...headers })).status).toBe(403);
    }
    expect(await harness.simulator.deliverDue()).toBe(0);
  });

  it.skipIf(!networkAddress)('refuses a connection from another address (403), and still serves it the hosted page', async () => {
    // The same simulator reached over the machine's network address: the connection is not loopback.
    const app = express();
    app.use('/_psp', (req, res, next) => harness.simulator.router(req, res, next));
    const server: Server = app.listen(0, networkAddress ?? '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://${networkAddress}:${(server.address() as AddressInfo).port}`;
    try {
      const support = await getPage(`${base}/_psp/`, { Cookie: 'jc_prf_lng=it' });
      expect(support.status).toBe(403);
      expect(await support.text()).toContain('Solo su questo computer');
      expect((await postForm(`${base}/_psp/reports`, {})).status).toBe(403);
      const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness));
      expect((await getPage(`${base}/_psp/pay/${session.id}`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
