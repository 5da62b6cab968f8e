import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

export type Fan = { firstName: string; lastName: string; email: string; password: string };

/** A fan nobody has signed up yet (unique e-mail per call). */
export function newFan(firstName = 'Ada'): Fan {
  const id = `${test.info().project.name}-${Date.now()}-${randomBytes(3).toString('hex')}`;
  return { firstName, lastName: 'Rossi', email: `fan-${id}@example.org`, password: 'correct-horse-42' };
}

/** Shows the shop in English for the rest of the test (the shop's own language cookie). */
export async function useEnglish(page: Page): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? process.env.E2E_BASE_URL;
  await page.context().addCookies([{ name: 'jc_prf_lng', value: 'en', url: baseURL! }]);
}

/** Page texts the helpers rely on (English). */
export const EN = {
  signInHeading: 'Sign in',
  signUpLink: 'Create an account',
  signUpHeading: 'Create an account',
  createAccount: 'Create account',
  signInButton: 'Sign in',
  signOut: 'Sign out',
  completeSignOut: 'Complete sign-out',
};

/** From a sign-in page: fills and sends the sign-in form. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('main').getByRole('button', { name: EN.signInButton }).click();
}

/** Starts at /login, goes to the sign-up page and creates the fan's account; ends signed in on `/`'s target. */
export async function signUp(page: Page, fan: Fan, { from = '/login' } = {}): Promise<void> {
  await page.goto(from);
  await expect(page.getByRole('heading', { level: 1, name: EN.signInHeading })).toBeVisible();
  await page.getByRole('link', { name: EN.signUpLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: EN.signUpHeading })).toBeVisible();
  await page.getByLabel('First name').fill(fan.firstName);
  await page.getByLabel('Last name').fill(fan.lastName);
  await page.getByLabel('E-mail').fill(fan.email);
  await page.getByLabel('Password').fill(fan.password);
  await page.getByRole('button', { name: EN.createAccount }).click();
  await expect(page.getByText(`Hello, ${fan.firstName}`)).toBeVisible();
}

/**
 * Signs out with the header's form; without JavaScript the sign-in service's page needs one
 * more click (`onProviderPage` runs there, e.g. an axe check).
 */
export async function signOut(page: Page, onProviderPage?: (page: Page) => Promise<void>): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: EN.signOut }).click();
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  if (!javaScriptEnabled) {
    await expect(page.getByRole('heading', { level: 1, name: 'Signing out…' })).toBeVisible();
    await onProviderPage?.(page);
    await page.getByRole('button', { name: EN.completeSignOut }).click();
  }
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}
