import { EN, newFan } from './pages/auth';
import { expectNoAxeViolations } from './support/axe';
import { showShopIn } from './support/shop';
import { expect, test } from './support/test';

/** The cart, reached by a fan whose profile lacks birth data: its profile completion, back to /cart. */
const CART_AFTER_PROFILE = /\/account\/profile\/complete\?fields=taxcode&redirectUri=%2Fcart$/;

// These tests are about signing up, in and out: they go through the pages. Where a test only
// needs an existing account, it signs in (or tries to sign up again) with the worker's fan.
test.use({ language: 'en' });

test.describe('sign-in', () => {
  test('a new fan signs up, is signed in, signs out and signs in again', async ({ page, auth }) => {
    test.slow(); // the whole cycle through the sign-in service, with four axe audits
    const fan = newFan();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: EN.signUpLink }).click();
    // Audit the sign-up page, not the document the click is leaving.
    await expect(page.getByRole('heading', { level: 1, name: EN.signUpHeading })).toBeVisible();
    await expectNoAxeViolations(page);

    await auth.signUpThroughPages(fan);
    await expect(page).toHaveURL(/\/products$/);
    await expectNoAxeViolations(page);

    await auth.signOut();
    // Signed out at the sign-in service too: /login asks for the password again.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: EN.signInHeading })).toBeVisible();
    await auth.submitSignIn(fan.email.toUpperCase(), fan.password);
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText(`Hello, ${fan.firstName}`)).toBeVisible();
  });

  test('the cart needs a signed-in fan and comes back after signing in', async ({ page, auth, workerFan }) => {
    const { fan } = workerFan; // an account, but this browser is not signed in
    const response = await page.goto('/cart');
    const chain: string[] = [];
    for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
      chain.unshift(new URL(request.url()).pathname + new URL(request.url()).search);
    }
    expect(chain[0]).toBe('/cart');
    expect(chain[1]).toBe('/login?redirectUri=%2Fcart');
    await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);

    await auth.submitSignIn(fan.email, fan.password);
    // Back at the cart, which sends this fan (no birth data yet) on to complete the profile first,
    // and back to the cart after (e2e/cart.spec.ts).
    await expect(page).toHaveURL(CART_AFTER_PROFILE);
    await expectNoAxeViolations(page);

    // Signed in, /login goes straight to the target.
    await page.goto('/login?redirectUri=%2Fcart');
    await expect(page).toHaveURL(CART_AFTER_PROFILE);
  });

  test('following the header\'s cart link while signed out comes back to the cart, not to its data URL', async ({ page, auth, workerFan }) => {
    await page.goto('/products');
    // With JavaScript this is a client-side navigation: the guard sees /cart.data.
    const loginRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/login');
    await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
    expect(new URL((await loginRequest).url()).searchParams.get('redirectUri')).toBe('/cart');
    await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);
    await auth.submitSignIn(workerFan.fan.email, workerFan.fan.password);
    await expect(page).toHaveURL(CART_AFTER_PROFILE);
  });

  test('a wrong password gets one message for both mistakes, a 400, and keeps the e-mail', async ({ page, auth }) => {
    await page.goto('/login');
    const email = newFan().email;
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await auth.submitSignIn(email, 'not-the-password');
    expect((await answer).status()).toBe(400);
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('The e-mail or the password is wrong.');
    await expect(summary).toBeFocused();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expectNoAxeViolations(page);
  });

  for (const language of ['it', 'en'] as const) {
    test(`sign-up errors are summarised with links to the fields (${language})`, async ({ page }) => {
      if (language === 'it') await showShopIn(page, 'it');
      const texts =
        language === 'it'
          ? { link: 'Registrati', submit: 'Crea account', title: 'Correggi i seguenti campi:', required: 'Campo obbligatorio.', short: 'La password deve avere almeno 10 caratteri.' }
          : { link: EN.signUpLink, submit: EN.createAccount, title: 'Please fix the following:', required: 'This field is required.', short: 'The password must be at least 10 characters long.' };
      await page.goto('/login');
      await page.getByRole('link', { name: texts.link }).click();
      await page.getByLabel(language === 'it' ? 'Nome' : 'First name', { exact: true }).fill('Ada');
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: texts.submit }).click();

      const summary = page.getByRole('alert');
      await expect(summary.getByRole('heading', { name: texts.title })).toBeVisible();
      await expect(summary).toBeFocused();
      const links = summary.getByRole('link');
      await expect(links).toHaveCount(3);
      await expect(links.nth(0)).toHaveText(`${language === 'it' ? 'Cognome' : 'Last name'}: ${texts.required}`);
      const lastNameId = await page.getByLabel(language === 'it' ? 'Cognome' : 'Last name').getAttribute('id');
      await expect(links.nth(0)).toHaveAttribute('href', `#${lastNameId}`);
      await expect(links.nth(2)).toHaveText(`Password: ${texts.short}`);
      // The same messages beside the fields, tied to them for screen readers.
      const lastName = page.getByLabel(language === 'it' ? 'Cognome' : 'Last name');
      await expect(lastName).toHaveAttribute('aria-invalid', 'true');
      await expect(lastName).toHaveAccessibleDescription(texts.required);
      await expect(page.getByLabel(language === 'it' ? 'Nome' : 'First name', { exact: true })).toHaveValue('Ada');
      await links.nth(0).click();
      await expect(lastName).toBeFocused();
      await expectNoAxeViolations(page);
    });
  }

  test('signing up twice with one e-mail says so at the e-mail field', async ({ page, workerFan }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: EN.signUpLink }).click();
    await page.getByLabel('First name').fill('Carla');
    await page.getByLabel('Last name').fill('Bianchi');
    await page.getByLabel('E-mail').fill(workerFan.fan.email); // signed up when the worker started
    await page.getByLabel('Password').fill('another-password-1');
    await page.getByRole('button', { name: EN.createAccount }).click();
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(
      'An account with this e-mail already exists: sign in instead.',
    );
  });
});

test.describe('sign-out and failure pages', () => {
  // A fan of its own: signing out ends the session on the server, so the worker fan's shared
  // cookies would open nothing afterwards.
  test('GET /logout/do asks before signing out; the confirmation signs out', async ({ page, auth }) => {
    const fan = await auth.signUp(newFan());
    await page.goto('/logout/do');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign out' })).toBeVisible();
    await expect(page.getByText(`Hello, ${fan.firstName}`)).toBeVisible(); // a GET changed nothing
    await expectNoAxeViolations(page);
    await page.locator('main').getByRole('button', { name: EN.signOut }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    // Signed out, the confirmation page has nothing to confirm.
    await page.goto('/logout/do');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('"Sign out everywhere" on /account signs the fan out on every device', async ({ page, auth, browser, baseURL }) => {
    const fan = await auth.signUp(newFan());
    // The same fan on a second device (a copy of this browser's cookies).
    const other = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    await other.addCookies(await page.context().cookies());
    const otherPage = await other.newPage();
    await otherPage.goto('/account');
    await expect(otherPage.getByText(`Hello, ${fan.firstName}`)).toBeVisible();

    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('status').getByText('You are signed out on every device.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await otherPage.goto('/account');
    await expect(otherPage).toHaveURL(/\/sso\/|\/sign-in\//); // sent to sign in again
    await other.close();
  });

  test('a refused or stale sign-in shows the login-failed page with a way to retry', async ({ page }) => {
    const response = await page.goto('/authorize?error=access_denied&state=stale');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page);
  });

  // The page a mailed trust link opens, refused (a valid link needs a held sign-in first: tests/sign-in-limits.test.ts).
  test('a changed trust link says so, with a way to sign in, in both languages', async ({ page }) => {
    for (const language of ['en', 'it'] as const) {
      await showShopIn(page, language);
      const response = await page.goto(`/sign-in/trust?account=${'0'.repeat(24)}&exp=9999999999&sig=forged`);
      expect(response?.status()).toBe(400);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('link', { name: language === 'en' ? 'Sign in' : 'Accedi' }).last()).toHaveAttribute('href', /^\/login/);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('sign-in with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'inline validation and pending states need JavaScript');

  test('validates a field when it loses focus and shows the pending state while sending', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('E-mail');
    // Blur validation needs the page hydrated; on a busy machine that can come after the first
    // blur, so the fan's fill-and-leave is repeated until the page answers it.
    await expect(async () => {
      await email.fill('not-an-email');
      await page.getByLabel('Password').focus();
      await expect(email).toHaveAccessibleDescription('Insert a valid email address', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('alert')).toHaveCount(0); // no summary before a submit

    await email.fill('someone@example.org');
    await page.getByLabel('Password').fill('whatever-it-is');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/sign-in\/[\w-]+\/_\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('main').getByRole('button', { name: EN.signInButton }).click();
    const pending = page.locator('main').getByRole('button', { name: 'Please wait…' });
    await expect(pending).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('alert')).toContainText('The e-mail or the password is wrong.');
    await expect(page.locator('main').getByRole('button', { name: EN.signInButton })).toBeVisible();
  });
});

test.describe('sign-in without JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'what the browser does with a plain HTML form');

  test('a form POST is a full page navigation to the page itself, with no data request', async ({ page, auth, workerFan }) => {
    const requests: { url: string; method: string; navigation: boolean; type: string }[] = [];
    page.on('request', (request) =>
      requests.push({ url: request.url(), method: request.method(), navigation: request.isNavigationRequest(), type: request.resourceType() }),
    );
    await page.goto('/login');
    await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);
    const signInPage = page.url();
    await auth.submitSignIn(workerFan.fan.email, workerFan.fan.password);
    await expect(page).toHaveURL(/\/products$/);

    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toEqual([{ url: signInPage, method: 'POST', navigation: true, type: 'document' }]);
    expect(requests.filter((request) => new URL(request.url).pathname.includes('.data'))).toEqual([]);
    // The browser itself followed the redirects to the shop's page, not a script.
    expect(requests).toContainEqual({ url: page.url(), method: 'GET', navigation: true, type: 'document' });
  });
});
