import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { signUpOverHttp } from '../support/http-sign-up';
import { LANGUAGE_COOKIE, showShopIn, type Language } from '../support/shop';

export type Fan = { firstName: string; lastName: string; email: string; password: string };

/** A fan nobody has signed up yet (unique e-mail per call). */
export function newFan(firstName = 'Ada'): Fan {
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  return { firstName, lastName: 'Rossi', email: `fan-${id}@example.org`, password: 'correct-horse-42' };
}

/** Page texts the sign-in pages are driven by (English). */
export const EN = {
  signInHeading: 'Sign in',
  signUpLink: 'Create an account',
  signUpHeading: 'Create an account',
  createAccount: 'Create account',
  signInButton: 'Sign in',
  signOut: 'Sign out',
  completeSignOut: 'Complete sign-out',
};

/**
 * The sign-in service's pages and the header's sign-out, driven in English. `language` is the
 * test's language (none: the shop's default), restored after a sign-up.
 */
export class AuthPages {
  constructor(
    private readonly page: Page,
    private readonly options: { baseURL: string; language?: Language | undefined },
  ) {}

  /** From a sign-in page: fills and sends the sign-in form. */
  async submitSignIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.locator('main').getByRole('button', { name: EN.signInButton }).click();
  }

  /**
   * Creates the fan's account and signs this browser in as them, over HTTP (support/http-sign-up.ts:
   * the same sign-in service and session, without walking its pages); ends on /products, signed in.
   */
  async signUp(fan: Fan): Promise<Fan> {
    const { page } = this;
    await page.context().addCookies(await signUpOverHttp(this.options.baseURL, fan));
    await page.goto('/products');
    return fan;
  }

  /** Starts at `from`, goes to the sign-up page and creates the fan's account through its pages; ends signed in. */
  async signUpThroughPages(fan: Fan, { from = '/login' } = {}): Promise<Fan> {
    const { page } = this;
    const { baseURL, language } = this.options;
    await showShopIn(page, 'en', baseURL);
    await page.goto(from);
    await expect(page.getByRole('heading', { level: 1, name: EN.signInHeading })).toBeVisible();
    await page.getByRole('link', { name: EN.signUpLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: EN.signUpHeading })).toBeVisible();
    await page.getByLabel('First name').fill(fan.firstName);
    await page.getByLabel('Last name').fill(fan.lastName);
    await page.getByLabel('E-mail').fill(fan.email);
    await page.getByLabel('Password').fill(fan.password);
    await page.getByRole('button', { name: EN.createAccount }).click();
    // A password hash and four redirects (sign-in service → shop): the slowest step of any test.
    await expect(page.getByText(`Hello, ${fan.firstName}`)).toBeVisible({ timeout: 30_000 });
    if (language) await showShopIn(page, language, baseURL);
    else await page.context().clearCookies({ name: LANGUAGE_COOKIE });
    return fan;
  }

  /** Signs out with the header's form (the page must be in English): straight home, with or without JavaScript. */
  async signOut(): Promise<void> {
    const { page } = this;
    await page.getByRole('banner').getByRole('button', { name: EN.signOut }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  }
}
