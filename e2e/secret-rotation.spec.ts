import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AuthPages, newFan } from './pages/auth';
import { freePort, startShopProcess, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';

// Rotating SESSION_SECRET on the running shop (issue 33, item 7; docs/operations.md "Rotating the
// session secret"): a fan signed in under the old secret is still signed in after a restart with
// the new secret and the old one in SESSION_SECRET_PREVIOUS; a restart with yet another secret and
// no previous one signs them out — so it was the previous secret that kept them in.

const OLD_SECRET = 'e2e-session-secret-before-the-rotation-0001';
const NEW_SECRET = 'e2e-session-secret-after-the-rotation-000002';
const UNRELATED_SECRET = 'e2e-session-secret-that-signed-nothing-00003';

test.describe('rotating the session secret', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'a server behaviour: one browser project is enough');
  test.setTimeout(420_000);
  let shop: ShopProcess | undefined;
  let dataDir = '';

  test.afterAll(async () => {
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('keeps a signed-in fan signed in across a restart with the new secret and the old one as previous', async ({ browser }) => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-rotation-'));
    const port = await freePort();
    // One data directory (the PGlite database, so the server-side sessions) and one address for every restart.
    const restartWith = async (name: string, env: Record<string, string>) => {
      await shop?.stop();
      shop = await startShopProcess(name, { DATA_DIR: dataDir, ...env }, { port });
      return shop.baseUrl;
    };

    const baseURL = await restartWith('rotation-before', { SESSION_SECRET: OLD_SECRET });
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const fan = await new AuthPages(page, { baseURL }).signUp(newFan('Rotata'));
    // The header's greeting of a signed-in fan, in whichever language the page is in.
    const greeting = page.getByRole('banner').getByText(new RegExp(`^(Hello|Ciao), ${fan.firstName}$`));

    await test.step('after the switch (new secret, old one previous): still signed in', async () => {
      await restartWith('rotation-switched', { SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: OLD_SECRET });
      await page.goto('/account');
      await expect(page).toHaveURL(/\/account$/);
      await expect(greeting).toBeVisible();
    });

    await test.step('with a secret that signed none of its cookies and no previous one: signed out', async () => {
      await restartWith('rotation-unrelated', { SESSION_SECRET: UNRELATED_SECRET });
      await page.goto('/account');
      await expect(page).not.toHaveURL(/\/account$/);
      await expect(greeting).toHaveCount(0);
    });
    await context.close();
  });
});
