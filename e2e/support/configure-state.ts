// What the configure contract tests need of a fan and of the cart page, over HTTP: Mario's
// profile posted as its completion form does, and the cart read as a browser without
// JavaScript gets it (items, edit links, the header's count).
import { expect, type APIResponse } from '@playwright/test';
import { formsOf } from '../../tests/support/html-forms';
import { MARIOS_FORM } from '../pages/profile';
import { textOf, type Page, type PlainBrowser } from './contract';

/**
 * The page's visible words, as a reader gets them: `textOf` without the markers React puts
 * between a text's pieces (`front.png<!-- --> (<!-- -->png<!-- -->)`), which it would read as spaces.
 */
export function pageText(html: string): string {
  return textOf(html.replaceAll('<!-- -->', ''));
}

/** A form's answer read as the page it is (a 400 with its messages, a refresh), its forms included. */
export async function pageOf(response: APIResponse): Promise<Page> {
  const html = await response.text();
  const url = new URL(response.url());
  return { status: response.status(), url, html, forms: formsOf(html, url.pathname) };
}

/** Posts Mario's birth data and tax code to the completion form (docs/forms.md): a purchase needs them. */
export async function completeMariosProfile(browser: PlainBrowser): Promise<void> {
  const saved = await browser.post('/account/profile/complete', MARIOS_FORM);
  expect(saved.status(), 'the profile completion answers 303').toBe(303);
}

/** One item of the cart as its page lists it. */
export type CartLine = { name: string; text: string; modifyHref: string };

/** The cart page as the fan's browser gets it. */
export type CartPage = { text: string; lines: CartLine[]; count: number | null };

/** The header's cart link count, as assistive technology reads it ("(2 items)", "(1 articolo)"); null without one. */
export function cartCountOf(html: string): number | null {
  const count = /href="\/cart"[^>]*>[^<]*<!-- -->\s*<span class="site-header__count"[^>]*>\d+<\/span><span class="visually-hidden">\((\d+) (?:items?|articol[oi])\)<\/span>/.exec(html);
  return count ? Number(count[1]) : null;
}

/** The items of a cart page, in its order (each `<li class="cart-line">` up to the summary box). */
export function cartLinesOf(html: string): CartLine[] {
  const end = html.indexOf('<aside class="summary-box"');
  const chunks = html.slice(0, end < 0 ? undefined : end).split('<li class="cart-line"').slice(1);
  return chunks.map((chunk) => {
    const name = /<h3[^>]*class="cart-line__name"[^>]*>([^<]*)<\/h3>/.exec(chunk)?.[1] ?? '';
    const modifyHref = /<a class="button" href="([^"]*cartItem=[^"]*)"/.exec(chunk)?.[1] ?? '';
    return { name: pageText(name), text: pageText(`<li${chunk}`), modifyHref: modifyHref.replaceAll('&amp;', '&') };
  });
}

/** GET /cart: its text, items and count. */
export async function openCart(browser: PlainBrowser): Promise<CartPage> {
  const page = await browser.open('/cart');
  expect(page.status).toBe(200);
  return { text: pageText(page.html), lines: cartLinesOf(page.html), count: cartCountOf(page.html) };
}

/** The one item of `cart` named `name`. */
export function lineNamed(cart: CartPage, name: string): CartLine {
  const found = cart.lines.filter((line) => line.name === name);
  expect(found.map((line) => line.name), `one "${name}" in the cart (${cart.lines.map((line) => line.name).join(', ')})`).toEqual([name]);
  return found[0]!;
}
