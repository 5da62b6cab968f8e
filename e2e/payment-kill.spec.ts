import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, postgresTestUrl, TEST_DATABASE_PREFIX } from '../tests/support/postgres';
import { AuthPages } from './pages/auth';
import { saveAddress } from './pages/cart';
import { CHECKOUT_TEXTS, openCheckoutWithMembershipTerms, paidGiftInCart } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import { HostedCheckout } from './pages/payment';
import { eventually } from './support/eventually';
import { freePort, startShopProcess, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

// Issue 29's process-level fault: the shop (which offline also runs the PSP's simulator) is killed
// (SIGKILL) right after the PSP authorised the payment, before the fan's return reached it; a new
// process on the same PostgreSQL and address takes over. The fan's return and the queued webhook
// then settle the order: paid once, fulfilled once, one confirmation mail.
test.describe('killed between the authorisation and the return (a shop of its own on PostgreSQL)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'a server behaviour: one shop process is enough');
  test.use({ language: 'en' });

  const name = `${TEST_DATABASE_PREFIX}kill_${randomBytes(4).toString('hex')}`;
  const shops: ShopProcess[] = [];

  test.beforeAll(async () => {
    await query(adminUrl(), `create database "${name}"`);
  });

  test.afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await query(adminUrl(), `drop database if exists "${name}" with (force)`);
  });

  test('the return and the webhook complete the order once, in the process started after the crash', async ({ browser }) => {
    test.setTimeout(300_000);
    const port = await freePort();
    const env = {
      DATABASE_URL: postgresTestUrl(name),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The same secrets as the process that died: sessions, the simulator's keys and the fan's cookie stay valid.
      SESSION_SECRET: `kill-test-${randomBytes(16).toString('hex')}`,
      UPLOADS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'fatal',
    };
    const first = await startShopProcess('kill-first', env, { port });
    shops.push(first);
    const context = await browser.newContext({ baseURL: first.baseUrl, locale: 'en-GB' });
    const page = await context.newPage();
    await signUpFanWithProfile(page, new AuthPages(page, { baseURL: first.baseUrl, language: 'en' }), 'en');
    await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
    await paidGiftInCart(page.request);
    await openCheckoutWithMembershipTerms(page, 'en');
    await page.getByRole('button', { name: CHECKOUT_TEXTS.en.pay, exact: true }).click();
    await new HostedCheckout(page, 'en').expectOpen();

    const returnUrl = await test.step('the card form posted: the PSP authorises and sends the fan back — and the shop dies before the fan arrives', async () => {
      const action = await page.locator('form[action$="/card"]').getAttribute('action');
      const paid = await page.request.post(new URL(action!, first.baseUrl).toString(), {
        form: { cardNumber: '4111 1111 1111 1111', expiryMonth: '03', expiryYear: '2030', cvc: '737', holderName: 'APPROVED' },
        maxRedirects: 0,
      });
      expect(paid.status()).toBe(303);
      await first.kill();
      return paid.headers().location!;
    });
    expect(new URL(returnUrl).pathname).toBe('/paymentgateway/card');
    const [order] = await query<{ id: string; status: string }>(env.DATABASE_URL, 'select id, status from orders');
    expect(order?.status).toBe('awaiting_payment');

    await test.step('a new process on the same database and address: the return settles the order, the webhook changes nothing more', async () => {
      shops.push(await startShopProcess('kill-second', env, { port }));
      await page.goto(returnUrl);
      await expect(page).toHaveURL(new RegExp(`/thankyou\\?orderId=${order!.id}$`));
      // The new process's simulator delivers the webhook the dead one had queued.
      await eventually(
        async () => (await query<{ n: number }>(env.DATABASE_URL, "select count(*)::int as n from payment_events where source = 'webhook' and event_code = 'AUTHORISATION'"))[0]!.n === 1,
        'the queued webhook is delivered',
        { deadlineMs: 60_000 },
      );
      await eventually(async () => (await query<{ n: number }>(env.DATABASE_URL, 'select count(*)::int as n from payment_events where processed_at is null'))[0]!.n === 0, 'the webhook is settled', { deadlineMs: 60_000 });
      expect(await query(env.DATABASE_URL, 'select status from orders')).toEqual([{ status: 'fulfilled' }]);
      expect(await query(env.DATABASE_URL, 'select count(*)::int as n from memberships')).toEqual([{ n: 1 }]);
      expect(await query(env.DATABASE_URL, "select count(*)::int as n from mail_outbox where kind = 'order-confirmation'")).toEqual([{ n: 1 }]);
      expect(await query(env.DATABASE_URL, 'select count(*)::int as n from payment_reversals')).toEqual([{ n: 0 }]);
    });
    await context.close();
  });
});
