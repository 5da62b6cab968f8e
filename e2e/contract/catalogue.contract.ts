// The catalogue's pages as HTTP: what they say in each language, their redirects and status
// codes, and that they ship no script — so the browser tests of e2e/catalogue.spec.ts, run with
// JavaScript on, see exactly what a browser without it sees.
import { expect, test, textOf, type PlainBrowser } from '../support/contract';
import type { Language } from '../support/shop';

const TEXTS = {
  it: {
    sections: ['Premium', 'Abbonamenti e carta', 'Junior'],
    shopName: 'Fan Shop Abbonamenti',
    soldOut: 'Esaurito',
    notifyMe: 'Avvisami quando Young 11–13 torna disponibile',
    notFound: 'Il prodotto che cerchi non esiste o non è più in vendita.',
    notFoundTitle: 'Prodotto non trovato',
  },
  en: {
    sections: ['Premium', 'Memberships and card', 'Junior'],
    shopName: 'Fan Membership Shop',
    soldOut: 'Sold out',
    notifyMe: 'Notify me when Young 11–13 is back',
    notFound: 'The product you are looking for does not exist or is no longer on sale.',
    notFoundTitle: 'Product not found',
  },
} as const;

const LANGUAGES = ['it', 'en'] as const;

/** The page's `<meta name="…">` content. */
function metaOf(html: string, name: string): string | undefined {
  return new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
}
/** The page's `<title>`. */
const titleOf = (html: string) => textOf(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

async function openIn(visitor: PlainBrowser, path: string, language: Language) {
  return visitor.open(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
}

test.describe('the catalogue without JavaScript', () => {
  test('the list, a product page and the not-found page ship no script, in either language', async ({ visitor }) => {
    for (const language of LANGUAGES) {
      for (const path of ['/products', '/products/jcard', '/products/no-such-product']) {
        const page = await openIn(visitor, path, language);
        expect(page.html.match(/<script\b/g) ?? [], `${path} in ${language}`).toEqual([]);
      }
    }
  });

  test('the list names its three sections in each language', async ({ visitor }) => {
    for (const language of LANGUAGES) {
      const page = await openIn(visitor, '/products', language);
      const sections = [...page.html.matchAll(/<section[^>]*class="catalogue__section"[^>]*>\s*<h2[^>]*>([^<]*)<\/h2>/g)].map((heading) => textOf(heading[1]!));
      expect(sections, language).toEqual(TEXTS[language].sections);
    }
  });

  test('?show= sends the visitor to that section of the list', async ({ visitor }) => {
    const shown = await visitor.http.get('/products?show=junior', { maxRedirects: 0 });
    expect([shown.status(), shown.headers().location]).toEqual([302, '/products#junior']);
  });

  test('a sold-out product offers notify-me, neither buy nor gift, in each language', async ({ visitor }) => {
    for (const language of LANGUAGES) {
      const { html } = await openIn(visitor, '/products/young', language);
      expect(html, language).toContain(`<button type="button" class="button" disabled="">${TEXTS[language].soldOut}</button>`);
      expect(html).toMatch(new RegExp(`<a class="button" aria-label="${TEXTS[language].notifyMe}" href="/products/young/notify-me"`));
      expect(html).not.toContain('/products/young/configure');
    }
  });

  test('a product page describes itself to search engines in each language', async ({ visitor }) => {
    for (const language of LANGUAGES) {
      const { html } = await openIn(visitor, '/products/j1897', language);
      expect(titleOf(html), language).toBe(`${TEXTS[language].shopName} – J1897`);
      expect(metaOf(html, 'description')).toMatch(/.{20,}/);
      expect(metaOf(html, 'robots')).toBe('index, follow');
      for (const alternate of ['it', 'en'])
        expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${alternate}" href="[^"]*/products/j1897\\?lng=${alternate}"/>`));
    }
    // Without a language asked for, the page is Italian.
    expect(titleOf((await visitor.open('/products/j1897')).html)).toBe('Fan Shop Abbonamenti – J1897');
  });

  test('an unknown product is a 404 with the not-found message, kept out of search engines, in each language', async ({ visitor }) => {
    for (const language of LANGUAGES) {
      const page = await openIn(visitor, '/products/no-such-product', language);
      expect(page.status, language).toBe(404);
      expect(textOf(page.html)).toContain(TEXTS[language].notFound);
      expect(titleOf(page.html)).toBe(`${TEXTS[language].shopName} – ${TEXTS[language].notFoundTitle}`);
      expect(metaOf(page.html, 'robots')).toBe('noindex, nofollow');
    }
  });
});
