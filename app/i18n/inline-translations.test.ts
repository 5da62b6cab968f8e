import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { knownNamespaces } from './browser-translations';
import { createI18nInstance } from './instance';
import { pageTranslationsJson, parsePageTranslations, scriptSafeJson, SERVER_ONLY_NAMESPACES } from './inline-translations';
import { PageNamespaces } from './page-namespaces';
import { namespaces, resources } from './resources';
import { serverTranslation } from './server-translation';
import { TranslationContext, type Namespace } from './translation-context';
import { useShopTranslation } from './use-shop-translation';

/** A component of the default namespace that renders nothing. */
function UsesCommon() {
  useShopTranslation('common');
  return null;
}

/** What an HTML parser takes as the text of the first `<script>` element (it ends at the first `</script`). */
function scriptText(html: string): string | undefined {
  return /<script\b[^>]*>([\s\S]*?)<\/script/i.exec(html)?.[1];
}

describe('scriptSafeJson', () => {
  const hostile = {
    close: 'a</script><script>alert(1)</script>',
    upper: '</SCRIPT >',
    comment: '<!--<script>',
    separators: 'line\u2028paragraph\u2029end',
    slash: 'back\\<slash',
  };

  it('writes no "<" and no U+2028/U+2029, and parses back to the same value', () => {
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
    expect(text).toContain('\\u2028');
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('a translation holding </script> cannot end the page’s translations block', () => {
    const bundles = { common: { shopName: hostile.close, other: hostile.comment } } as Partial<Record<Namespace, unknown>>;
    const html = renderToString(
      createElement(
        TranslationContext,
        { value: serverTranslation(createI18nInstance('en', resources), bundles) },
        createElement(UsesCommon),
        createElement(PageNamespaces),
      ),
    );
    // One element, whose whole text is the JSON: nothing after it, nothing run.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.endsWith('</script>')).toBe(true);
    expect(parsePageTranslations(scriptText(html) ?? '')).toEqual(bundles);
  });
});

describe('pageTranslationsJson', () => {
  it('carries the used namespaces in order of first use, without the server-only ones', () => {
    const text = pageTranslationsJson(resources.en, ['forms', 'common', 'mail', 'checkoutTerms', 'psp']);
    expect(Object.keys(parsePageTranslations(text))).toEqual(['forms', 'common']);
    expect(parsePageTranslations(text)).toEqual({ forms: resources.en.forms, common: resources.en.common });
  });

  it('writes a block once per language’s bundles and order of namespaces', () => {
    let reads = 0;
    const bundles = {
      get common() {
        reads += 1;
        return { greeting: 'Ciao' };
      },
    };
    const first = pageTranslationsJson(bundles, ['common']);
    const readsForFirst = reads;
    expect(pageTranslationsJson(bundles, new Set(['common'] as const))).toBe(first);
    expect(reads).toBe(readsForFirst);
    expect(parsePageTranslations(pageTranslationsJson(bundles, ['forms', 'common']))).toEqual({ common: { greeting: 'Ciao' } });
    expect(reads).toBeGreaterThan(readsForFirst);
  });

  it('leaves out the same namespaces as the browser’s chunks', () => {
    const browser = knownNamespaces(namespaces.join(' '));
    expect(browser).toEqual(namespaces.filter((namespace) => !SERVER_ONLY_NAMESPACES.includes(namespace)));
    expect(browser.length).toBeLessThan(namespaces.length);
  });
});

describe('parsePageTranslations', () => {
  it('answers no bundles for text that is not a JSON object', () => {
    expect(parsePageTranslations('')).toEqual({});
    expect(parsePageTranslations('{"common":')).toEqual({});
    expect(parsePageTranslations('null')).toEqual({});
    expect(parsePageTranslations('["common"]')).toEqual({});
  });
});
