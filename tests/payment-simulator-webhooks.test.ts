// The simulator's webhooks to the shop, on a real database (PGlite, and PostgreSQL in the other
// project) with a clock the test moves: signed as the library's hmacValidator checks, delivered
// once on `[accepted]`, retried as Adyen retries (over 30 days, backing off) on a 500 or another
// body, then given up, carried over by a new simulator on the same database; a PENDING payment settled
// later; and the support page that lists it all.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pspSimWebhooks } from '../app/.server/db/schema';
import { retryDelayMs } from '../app/.server/payments/simulator/delivery';
import { PENDING_SETTLES_AFTER_MS } from '../app/.server/payments/simulator/engine';
import { signedItem } from '../app/.server/payments/simulator/webhooks';
import { cardForm, getPage, postForm, sessionRequest, startSimulatorHarness, type SimulatorHarness } from './support/payment-simulator';

let harness: SimulatorHarness;

beforeAll(async () => {
  harness = await startSimulatorHarness();
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  harness.setReceiver('accept');
  // Whatever an earlier test left queued is delivered first: each test sees only its own.
  await harness.simulator.deliverDue();
  harness.received.length = 0;
});

async function payHosted(holderName: string) {
  const session = await harness.checkout.PaymentsApi.sessions(sessionRequest(harness, { reference: `ORD-W-${holderName}` }));
  await postForm(`${session.url}/card`, cardForm({ holderName }));
  return session;
}

async function stateOf(pspReference: string) {
  const [row] = await harness.database.db.select().from(pspSimWebhooks).where(eq(pspSimWebhooks.pspReference, pspReference));
  return row;
}

describe('webhooks', () => {
  it('carry the endpoint’s Basic credentials when the shop has them (ADYEN_WEBHOOK_*), as the Customer Area sends them', async () => {
    const withAuth = await startSimulatorHarness({ webhookAuth: { username: 'adyen-webhooks', password: 'endpoint-password' } });
    try {
      const session = await withAuth.checkout.PaymentsApi.sessions(sessionRequest(withAuth, { reference: 'ORD-W-AUTH' }));
      await postForm(`${session.url}/card`, cardForm({ holderName: 'APPROVED' }));
      expect(await withAuth.simulator.deliverDue()).toBe(1);
      expect(withAuth.authorizations).toEqual([`Basic ${Buffer.from('adyen-webhooks:endpoint-password').toString('base64')}`]);
    } finally {
      await withAuth.close();
    }
    await payHosted('APPROVED');
    await harness.simulator.deliverDue();
    expect(harness.authorizations.at(-1)).toBeNull();
  });

  it('signs each item as the library validates it; a changed item no longer validates', async () => {
    await payHosted('APPROVED');
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(harness.badSignatures).toEqual([]);
    const [item] = harness.received;
    expect(item).toMatchObject({
      eventCode: 'AUTHORISATION',
      success: 'true',
      merchantAccountCode: 'FanShopSimulator',
      merchantReference: 'ORD-W-APPROVED',
      amount: { value: 4990, currency: 'EUR' },
      paymentMethod: 'visa',
      additionalData: { cardSummary: '1111', expiryDate: '03/2030', cardHolderName: 'APPROVED', hmacSignature: expect.any(String) },
    });
    expect(item?.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(item?.reason).toMatch(/^\d{6}:1111:03\/2030$/);
    const { default: adyen } = await import('@adyen/api-library');
    expect(new adyen.hmacValidator().validateHMAC({ ...item, success: 'false' } as never, harness.config.hmacKey)).toBe(false);
  });

  it('reports a refusal with success false, Adyen’s reason in `reason` and its code in additionalData.refusalReasonCode', async () => {
    await payHosted('NOT_ENOUGH_BALANCE');
    await harness.simulator.deliverDue();
    expect(harness.received[0]).toMatchObject({ eventCode: 'AUTHORISATION', success: 'false', reason: 'Not enough balance', additionalData: { refusalReasonCode: '12' } });
  });

  it('delivers an accepted item once', async () => {
    await payHosted('APPROVED');
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(await harness.simulator.deliverDue()).toBe(0);
    harness.clock.advance(24 * 60 * 60 * 1000);
    expect(await harness.simulator.deliverDue()).toBe(0);
    expect(harness.received).toHaveLength(1);
  });

  it('retries after a 500 and after a 200 without [accepted], waiting longer each time, and records each attempt', async () => {
    harness.setReceiver('fail');
    await payHosted('APPROVED');
    expect(await harness.simulator.deliverDue()).toBe(0);
    const pspReference = String(harness.received[0]?.pspReference);
    expect(await stateOf(pspReference)).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'HTTP 500: database unavailable' });

    // Not before the first wait is over.
    harness.clock.advance(retryDelayMs(1) - 1000);
    await harness.simulator.deliverDue();
    expect((await stateOf(pspReference))?.attempts).toBe(1);
    harness.clock.advance(1000);
    harness.setReceiver('wrongBody');
    await harness.simulator.deliverDue();
    expect(await stateOf(pspReference)).toMatchObject({ attempts: 2, lastError: 'HTTP 200: ok' });

    harness.clock.advance(retryDelayMs(2));
    harness.setReceiver('accept');
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(await stateOf(pspReference)).toMatchObject({ attempts: 3, lastError: null, deliveredAt: harness.clock.now() });
  });

  it('retries as Adyen does: three times 9 s apart, then after 2, 5, 10, 15 and 30 minutes, 1, 2, 4 and 8 hours, then every 8 hours for 30 days, then gives up', async () => {
    const SECOND = 1000;
    const MINUTE = 60 * SECOND;
    const HOUR = 60 * MINUTE;
    harness.setReceiver('fail');
    await payHosted('APPROVED');
    const queuedAt = harness.clock.now().getTime();
    await harness.simulator.deliverDue();
    const pspReference = String(harness.received[0]?.pspReference);
    const waits: number[] = [];
    for (let row = await stateOf(pspReference); !row?.gaveUpAt; row = await stateOf(pspReference)) {
      if (waits.length > 200 || !row) throw new Error('never given up');
      const wait = row.nextAttemptAt.getTime() - harness.clock.now().getTime();
      waits.push(wait);
      // Not a moment sooner.
      harness.clock.advance(wait - SECOND);
      await harness.simulator.deliverDue();
      expect((await stateOf(pspReference))?.attempts).toBe(waits.length);
      harness.clock.advance(SECOND);
      await harness.simulator.deliverDue();
    }
    expect(waits.slice(0, 12)).toEqual([9 * SECOND, 9 * SECOND, 9 * SECOND, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]);
    expect(new Set(waits.slice(12))).toEqual(new Set([8 * HOUR]));
    const row = await stateOf(pspReference);
    expect(row).toMatchObject({ attempts: waits.length + 1, deliveredAt: null, gaveUpAt: harness.clock.now(), lastError: 'HTTP 500: database unavailable' });
    // The last attempt within 30 days of the webhook being queued; the next would have been past them.
    const lastAttempt = harness.clock.now().getTime() - queuedAt;
    expect(lastAttempt).toBeLessThanOrEqual(30 * 24 * HOUR);
    expect(lastAttempt + 8 * HOUR).toBeGreaterThan(30 * 24 * HOUR);
    harness.clock.advance(7 * 24 * HOUR);
    await harness.simulator.deliverDue();
    expect((await stateOf(pspReference))?.attempts).toBe(waits.length + 1);
  });

  it('survives a restart: what one simulator queued and could not deliver, a new one on the same database delivers', async () => {
    harness.setReceiver('fail');
    await payHosted('APPROVED');
    await harness.simulator.deliverDue();
    await harness.restart();
    harness.setReceiver('accept');
    harness.clock.advance(retryDelayMs(1));
    expect(await harness.simulator.deliverDue()).toBe(1);
  });

  it('settles a PENDING payment later: its AUTHORISATION comes once decided', async () => {
    await payHosted('PENDING');
    expect(await harness.simulator.deliverDue()).toBe(0);
    harness.clock.advance(PENDING_SETTLES_AFTER_MS);
    expect(await harness.simulator.deliverDue()).toBe(1);
    expect(harness.received[0]).toMatchObject({ eventCode: 'AUTHORISATION', success: 'true', merchantReference: 'ORD-W-PENDING' });
  });

  it('signs an item without originalReference as the library reads it (empty)', () => {
    const item = signedItem(
      { eventCode: 'REFUND', pspReference: 'AAAABBBBCCCCDDDD', merchantAccountCode: 'M', merchantReference: 'R', amount: { value: 1, currency: 'EUR' }, success: true, eventDate: new Date(0) },
      harness.config.hmacKey,
    );
    expect(item).not.toHaveProperty('originalReference');
    expect((item.additionalData as Record<string, string>).hmacSignature).toEqual(expect.any(String));
  });
});

describe('the support page', () => {
  it('lists the payments newest first with method, amount, result and each webhook’s delivery, in the shop’s language cookie’s language (Italian without one)', async () => {
    harness.setReceiver('fail');
    await payHosted('DECLINED');
    await harness.simulator.deliverDue();
    const response = await getPage(harness.url('/_psp/payments'), { Cookie: 'jc_prf_lng=en' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Simulated payments</h1>');
    expect(html).toContain('<th scope="col">PSP reference</th>');
    expect(html).toContain('Visa •••• 1111');
    expect(html).toContain('Refused: Refused (code 2)');
    expect(html).toContain('AUTHORISATION: waiting (attempts so far: 1)');
    expect(html).toContain('last error: HTTP 500: database unavailable');
    expect(html.indexOf('ORD-W-DECLINED')).toBeLessThan(html.indexOf('ORD-W-APPROVED'));
    // Without the cookie, the shop's default language.
    const italian = await (await getPage(harness.url('/_psp/'))).text();
    expect(italian).toContain('<h1>Pagamenti simulati</h1>');
  });
});
