// The terms pages (issue 30), `/terms/{id}`, through their loader behind the language middleware
// as the router runs it: each text in both languages with the version the shop records; any
// other id is the shop's 404. (The real 200s and 404s, the links to them and axe: e2e/checkout.)
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { TERM_TEXT_VERSIONS } from '../app/domain/checkout-terms';
import { TERMS_PAGE_IDS } from '../app/domain/terms-pages';
import { i18nextMiddleware } from '../app/middleware/i18next';
import { redeemTermsOf } from '../app/routes/gift/redeem-gift.server';
import { termsTextLink, withdrawalTextLink } from '../app/routes/terms/terms-links.server';
import * as terms from '../app/routes/terms/terms';
import { createTestDatabase } from './support/database';
import { createShopContext } from './support/signed-in';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database));
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

/** The page's loader for `termsId` in `language`; a thrown answer is returned. */
async function load(termsId: string, language: 'it' | 'en') {
  const request = new Request(`http://shop.test/terms/${encodeURIComponent(termsId)}`, { headers: { Cookie: `jc_prf_lng=${language}` } });
  const args = { request, context, params: { termsId }, unstable_pattern: '/terms/:termsId' } as never;
  let loaded: unknown;
  await i18nextMiddleware(args, async () => {
    try {
      loaded = terms.loader(args);
    } catch (thrown) {
      loaded = thrown;
    }
    return new Response(null);
  });
  return loaded as ReturnType<typeof terms.loader>;
}

describe('the terms pages', () => {
  it('show each text in both languages, worded differently, none left as a key', async () => {
    for (const id of TERMS_PAGE_IDS) {
      const [it_, en] = [await load(id, 'it'), await load(id, 'en')];
      for (const page of [it_, en]) {
        expect(page.id).toBe(id);
        expect(page.sections.length, id).toBeGreaterThan(0);
        const words = [page.title, page.placeholder, ...page.sections.flatMap((section) => [...section.paragraphs, section.version])];
        for (const text of words) expect(text.trim(), id).not.toBe('');
        for (const text of words) expect(text, id).not.toMatch(/^checkoutTerms:|pages\./);
      }
      expect(it_.title).not.toBe(en.title);
      expect(en.seo).toMatchObject({ language: 'en' });
    }
  });

  it('say they are the club’s text still to be supplied', async () => {
    expect((await load('membership', 'en')).placeholder).toMatch(/club's own text is to be supplied/);
    expect((await load('membership', 'it')).placeholder).toMatch(/testo ufficiale del club è da fornire/);
  });

  it('name the version the shop records when the box is ticked', async () => {
    const membership = await load('membership', 'en');
    expect(membership.title).toBe('General terms of sale of memberships');
    expect(membership.sections.map((section) => section.version)).toEqual([`Version recorded when you accept it: ${TERM_TEXT_VERSIONS.membershipTerms}`]);
    const academy = await load('academy', 'it');
    expect(academy.sections.map((section) => section.version)).toEqual([
      'Versione registrata quando la accetti: academy-2024-25.1',
      'Versione registrata quando la accetti: academy-2025-26.1',
      'Versione registrata quando la accetti: academy-generic.1',
    ]);
    expect(academy.sections[1]?.paragraphs).toEqual([expect.stringMatching(/^Academy 2025\/26:/)]);
    // The waiver's text has no version: the order keeps when it was given.
    expect((await load('withdrawal', 'en')).sections.map((section) => section.version)).toEqual(['The shop records when you accept it.']);
  });

  it('are a 404 for any other id', async () => {
    for (const id of ['terms', 'membershipTerms', 'guardian', 'Membership', '__proto__', 'constructor', '']) {
      const answer = (await load(id, 'en')) as unknown;
      expect(answer, id).toMatchObject({ type: 'DataWithResponseInit', init: { status: 404 } });
    }
  });

  it('are what the boxes link to, in the page’s language; a declaration links nowhere', () => {
    const t = (key: string) => `«${key}»`;
    expect(termsTextLink('membershipTerms', t)).toEqual({ href: '/terms/membership', label: '«checkoutTerms:pages.membership.link»' });
    expect(termsTextLink('academyTerms', t)).toEqual({ href: '/terms/academy', label: '«checkoutTerms:pages.academy.link»' });
    expect(termsTextLink('guardianDeclaration', t)).toBeNull();
    expect(termsTextLink('cardLegalAgeDeclaration', t)).toBeNull();
    expect(withdrawalTextLink(t)).toEqual({ href: '/terms/withdrawal', label: '«checkoutTerms:pages.withdrawal.link»' });
    // The gift's redeem step asks checkout's two membership boxes: the same links.
    expect(redeemTermsOf(t).map((term) => [term.name, term.textLink?.href ?? null])).toEqual([
      ['membershipTerms', '/terms/membership'],
      ['guardianDeclaration', null],
    ]);
  });
});
