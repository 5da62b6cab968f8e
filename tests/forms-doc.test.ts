// docs/forms.md is tested (issue 30): support staff reproduce flows with curl from it, and it had
// drifted (wrong addresses, limits other than the pages', a 302 written as 303). This test reads
// its tables as the doc's top explains and checks them against the shop's real pages, rendered
// by the app's server build for a signed-in fan: every documented address opens and has a form
// posting there, with every documented field, each `≤ N` (or the shared limits) equal to the
// field's `maxlength`, and every row of the redirects table answers its status and location.
import { readFileSync } from 'node:fs';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { readFormsDoc, type DocField, type DocForm } from './support/forms-doc';
import { documentedPages, type DocumentedPages } from './support/forms-doc-pages';
import { formsOf, type Control, type HtmlForm } from './support/html-forms';
import { renderedShop, type RenderedShop } from './support/rendered-pages';
import { createShopContext } from './support/signed-in';

const doc = readFormsDoc(readFileSync(new URL('../docs/forms.md', import.meta.url), 'utf8'));

/** Documented addresses this test does not open, and why. */
const NOT_OPENED: Record<string, string> = {
  '/sign-in/{uid}/': 'a page of the embedded sign-in service: it needs an oidc-provider interaction (tests/identity-provider.test.ts)',
  '/sign-in/{uid}/sign-up': 'as /sign-in/{uid}/',
};

// Season 2026/27 is on sale and renewals are offered (as tests/cart-limit.test.ts).
const clock = manualClock('2026-12-01T09:00:00Z');
let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
let shop: RenderedShop;
let fixture: DocumentedPages;
/** Every page opened: its documented address, status and forms. */
const opened: { pattern: string; path: string; cookie: string; status: number; forms: HtmlForm[] }[] = [];

const request = (path: string, cookie: string, body?: URLSearchParams) =>
  shop.fetch(
    new Request(`http://shop.test${path}`, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { Cookie: `jc_prf_lng=en; ${cookie}`, ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  shop = await renderedShop(context);
  fixture = await documentedPages(database, context, clock);
  for (const [pattern, pages] of Object.entries(fixture.pages)) {
    for (const { path, cookie } of pages) {
      const answer = await request(path, cookie);
      opened.push({ pattern, path, cookie, status: answer.status, forms: formsOf(await answer.text(), path) });
    }
  }
}, 180_000);

afterAll(async () => {
  await shop?.close();
  stopAuth?.();
  await database?.close();
});

const pathOf = (url: string) => url.split('?')[0]!;
const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
/** Documented text as a pattern: `{…}`, `…` and `<…>` stand for any value (in a path, one segment). */
const patternOf = (text: string) => new RegExp(`^${text.split(/(\{[^}]*\}|…|<[a-z]+>)/).map((part, at) => (at % 2 ? '[^/&]+' : escaped(part))).join('')}$`);
const TEXT_TYPES = new Set(['text', 'email', 'tel', 'search', 'url', 'password', 'textarea']);

/** The limit a documented field must have as its `maxlength`: its own, else the shared rule's. */
const limitOf = (field: DocField) => (field.limit === 0 ? null : (field.limit ?? doc.sharedLimits.get(field.name) ?? doc.sharedLimits.get('*')!));

/** The forms of `row` at `url`: same method, action at that address, carrying its `name=value` fields. */
function formsFor(row: DocForm, url: string): HtmlForm[] {
  const pattern = patternOf(pathOf(url));
  const pages = opened.filter((page) => page.pattern === pathOf(url));
  return pages
    .flatMap((page) => page.forms)
    .filter((form) => form.method === row.method && pattern.test(pathOf(form.action)))
    .filter((form) => row.fields.every((field) => field.value === null || form.controls.some((control) => control.name === field.name && control.value === field.value)));
}

describe('docs/forms.md against the rendered pages', () => {
  it('names only addresses this test opens (or says why not), and the test opens no address the doc lost', () => {
    const documented = new Set(doc.forms.flatMap((row) => row.urls.map(pathOf)));
    expect([...documented].filter((url) => !(url in fixture.pages) && !(url in NOT_OPENED))).toEqual([]);
    expect(Object.keys(fixture.pages).filter((url) => !documented.has(url))).toEqual([]);
  });

  it('opens every documented page (200)', () => {
    expect(opened.filter((page) => page.status !== 200).map(({ path, status }) => ({ path, status }))).toEqual([]);
  });

  it.each(doc.forms.filter((row) => row.urls.some((url) => !(pathOf(url) in NOT_OPENED))).map((row) => [row.line, row.label, row] as const))(
    'line %i (%s): a form at each address with every field and limit',
    (_line, _label, row) => {
      const urls = row.urls.filter((url) => !(pathOf(url) in NOT_OPENED));
      const values = row.fields.filter((field) => field.value).map((field) => ` with ${field.name}=${field.value}`).join('');
      for (const url of urls) expect.soft(formsFor(row, url).length, `${row.method} form at ${url}${values}`).toBeGreaterThan(0);
      // One form at its addresses, in its variants (an Italian address and one abroad; buy, gift, coupon…).
      const controls: Control[] = urls.flatMap((url) => formsFor(row, url)).flatMap((form) => form.controls);
      for (const field of row.fields) {
        const named = controls.filter((control) => control.name === field.name);
        expect.soft(named.length, `field ${field.name} at ${urls.join(', ')}`).toBeGreaterThan(0);
        for (const control of named.filter((control) => TEXT_TYPES.has(control.type))) {
          expect.soft(control.maxLength, `maxlength of ${field.name} at ${urls.join(', ')}`).toBe(limitOf(field));
        }
      }
    },
  );

  it.each(doc.redirects.map((redirect) => [redirect.line, redirect.condition, redirect] as const))('line %i (%s) answers as documented', async (_line, condition, redirect) => {
    const fill = (text: string) => text.replace(/\{[A-Za-z]+\}/g, (name) => fixture.values[name] ?? name);
    // The request's condition says whose cart it needs.
    const cookie = /costs nothing/.test(condition) ? fixture.cookies.free : /blocks/.test(condition) ? fixture.cookies.blocked : fixture.cookies.fan;
    const body = redirect.method === 'POST' ? new URLSearchParams(fill(redirect.body ?? '')) : undefined;
    const answer = await request(fill(redirect.url), cookie, body);
    const location = answer.headers.get('Location') ?? '';
    expect({ status: answer.status, location }).toEqual({ status: redirect.status, location: expect.stringMatching(patternOf(fill(redirect.to))) });
  });

  // Last: were a post let through, it would change the fixture (a withdrawal, a sign-out).
  it('refuses every form, and Drop-in\u2019s calls, when another site posts without an Origin header: its Referer or Sec-Fetch-Site tells', async () => {
    const forms = [
      ...opened.flatMap((page) => page.forms.filter((form) => form.method === 'POST').map((form) => ({ url: new URL(form.action, `http://shop.test${page.path}`), cookie: page.cookie, controls: form.controls }))),
      ...['/checkout/drop-in', '/checkout/drop-in/details', '/checkout/drop-in/stored'].map((path) => ({ url: new URL(path, 'http://shop.test'), cookie: fixture.cookies.fan, controls: [] as Control[] })),
    ];
    // Every page's header has the same sign-out and language forms: each distinct post once.
    const posts = [...new Map(forms.map((post) => [`${post.url} ${post.cookie} ${post.controls.map((control) => `${control.name}=${control.value}`).join('&')}`, post])).values()];
    expect(posts.map((post) => post.url.pathname)).toEqual(expect.arrayContaining(['/logout/do', expect.stringMatching(/^\/account\/orders\/[^/]+\/withdrawal$/)]));
    const answers: { url: string; witness: string; status: number; body: string }[] = [];
    const witnesses: Record<string, string>[] = [{ Referer: 'https://evil.example/page' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const witness of witnesses) {
      for (const { url, cookie, controls } of posts) {
        const body = new URLSearchParams(controls.map((control) => [control.name, control.value]));
        const headers = { Cookie: `jc_prf_lng=en; ${cookie}`, 'Content-Type': 'application/x-www-form-urlencoded', ...witness };
        const answer = await shop.fetch(new Request(url, { method: 'POST', redirect: 'manual', headers, body }));
        answers.push({ url: `${url.pathname}${url.search}`, witness: JSON.stringify(witness), status: answer.status, body: await answer.text() });
      }
    }
    expect(answers.filter((answer) => answer.status !== 400 || answer.body !== 'Bad Request').map(({ body: _body, ...rest }) => rest)).toEqual([]);
  });
});
