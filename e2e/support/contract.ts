// The no-JavaScript contract (docs/forms.md) as the HTTP conversation it is: GET a page, read its
// form, POST the form's fields, follow the 303, read the result — against the built shop, with
// Playwright's request context (its own cookie jar) and no browser. The `contract` project runs
// e2e/contract/*.contract.ts against the no-js project's shop; a browser is kept only for what
// only a browser shows (layout, focus, native validation).
import { test as base, expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { formsOf, type HtmlForm } from '../../tests/support/html-forms';
import { newFan, type Fan } from '../pages/auth';
import { signUpOverHttp } from './http-sign-up';
import { LANGUAGE_COOKIE, type Language } from './shop';

/** A browser without JavaScript, as far as the shop can tell: its cookies, its language, no script. */
export type PlainBrowser = {
  http: APIRequestContext;
  /** GET `path`, following redirects as a browser does; the final answer. */
  open(path: string): Promise<Page>;
  /** POST `fields` to `action` as a form does (urlencoded, same origin), without following the answer. */
  post(action: string, fields: Record<string, string | readonly string[]>): Promise<APIResponse>;
  /** Sends `form` (from a page) with its own values, `changes` replacing or adding fields (null removes one). */
  submit(form: HtmlForm, changes?: Record<string, string | readonly string[] | null>): Promise<APIResponse>;
};

/** A page as the shop answered it: status, final address and HTML. */
export type Page = { status: number; url: URL; html: string; forms: HtmlForm[] };

/** Where a 3xx answer points, as path and query on the shop. */
export function locationOf(response: APIResponse): string {
  const location = response.headers().location;
  if (!location) throw new Error(`no Location on a ${response.status()} answer of ${response.url()}`);
  const url = new URL(location, response.url());
  return `${url.pathname}${url.search}`;
}

/** Asserts a 303 See Other to `expected` (a path, or a pattern of path and query). */
export function expectSeeOther(response: APIResponse, expected: string | RegExp): void {
  expect(response.status(), `${response.url()} answers 303`).toBe(303);
  if (typeof expected === 'string') expect(locationOf(response)).toBe(expected);
  else expect(locationOf(response)).toMatch(expected);
}

/** The page's visible words, tags dropped and spaces folded, for asserting messages. */
export function textOf(html: string): string {
  return html
    // React's `<!-- -->` between adjacent texts is no space in the page.
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's form that posts to `action` (a path, or a pattern), its only one when not given. */
export function formOf(page: Page, action?: string | RegExp): HtmlForm {
  const candidates = page.forms.filter((form) => form.action !== '/language' && form.action !== '/logout/do');
  const found = action === undefined ? candidates : candidates.filter((form) => (typeof action === 'string' ? form.action.split('?')[0] === action : action.test(form.action)));
  if (found.length !== 1) throw new Error(`${found.length} forms posting to ${String(action)} on ${page.url.pathname}: ${candidates.map((form) => form.action).join(', ')}`);
  return found[0]!;
}

/** The fields a browser sends for `form` as it stands: text values, checked boxes, selected options. */
export function fieldsOf(form: HtmlForm): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const control of form.controls) {
    if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
    if (control.disabled || control.tag === 'button' || control.type === 'submit' || control.type === 'file') continue;
    (fields[control.name] ??= []).push(control.value);
  }
  return fields;
}

function formBody(fields: Record<string, string | readonly string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const each of typeof value === 'string' ? [value] : value) body.append(name, each);
  return body.toString();
}

/** A plain browser on `baseURL` with `cookies` (a signed-in fan's, or none), in `language`. */
export async function plainBrowser(baseURL: string, options: { cookies?: Awaited<ReturnType<typeof signUpOverHttp>>; language?: Language } = {}): Promise<PlainBrowser> {
  const { hostname } = new URL(baseURL);
  const cookies = [...(options.cookies ?? []), ...(options.language ? [{ name: LANGUAGE_COOKIE, value: options.language, domain: hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const }] : [])];
  const http = await request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const origin = new URL(baseURL).origin;
  const post: PlainBrowser['post'] = (action, fields) =>
    http.post(action, { data: formBody(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin }, maxRedirects: 0 });
  return {
    http,
    async open(path) {
      const response = await http.get(path);
      const html = await response.text();
      const url = new URL(response.url());
      return { status: response.status(), url, html, forms: formsOf(html, url.pathname) };
    },
    post,
    submit(form, changes = {}) {
      const fields: Record<string, string | readonly string[]> = fieldsOf(form);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) delete fields[name];
        else fields[name] = value;
      }
      return post(form.action, fields);
    },
  };
}

type ContractFixtures = {
  /** A fan of the test's own, signed up over HTTP, and their plain browser (Italian unless `language`). */
  fan: { fan: Fan; browser: PlainBrowser };
  /** A visitor who is not signed in. */
  visitor: PlainBrowser;
  language: Language | undefined;
};

export const test = base.extend<ContractFixtures>({
  language: [undefined, { option: true }],
  fan: async ({ baseURL, language }, use) => {
    const fan = newFan('Mario');
    const browser = await plainBrowser(baseURL!, { cookies: await signUpOverHttp(baseURL!, fan), language });
    await use({ fan, browser });
    await browser.http.dispose();
  },
  visitor: async ({ baseURL, language }, use) => {
    const browser = await plainBrowser(baseURL!, { language });
    await use(browser);
    await browser.http.dispose();
  },
});

export { expect };
