import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { loadPageTranslations } from './browser-translations';
import { createI18nInstance } from './instance';
import { pageTranslationsJson } from './inline-translations';
import { PageNamespaces } from './page-namespaces';
import { resources } from './resources';
import { serverTranslation } from './server-translation';
import { TranslationContext, type Namespace, type TranslationContextValue } from './translation-context';
import { useShopTranslation, type Namespaces } from './use-shop-translation';

const seen: unknown[] = [];

function StatusTitle({ namespace }: { namespace?: Namespace }) {
  const { t, i18n } = useShopTranslation(namespace);
  seen.push(t);
  return createElement('p', { lang: i18n.language }, namespace ? t('statusTitle', { status: 404 }) : t('shopName'));
}

/** A component with one key of its first namespace and one prefixed key of `forms`. */
function Labelled({ namespaces, text }: { namespaces: Namespaces; text: string }) {
  const { t } = useShopTranslation(namespaces);
  return createElement('p', null, `${t(text)} ${t('forms:optional')}`);
}

function withTranslation(value: TranslationContextValue, ...children: ReactNode[]) {
  return createElement(TranslationContext, { value }, ...children);
}

function render(language: 'it' | 'en', namespace?: Namespace) {
  const i18n = createI18nInstance(language, resources);
  return { i18n, html: () => renderToString(withTranslation(serverTranslation(i18n, resources[language]), createElement(StatusTitle, { namespace }))) };
}

/** Waits for everything, suspended components included, as the browser would before showing them. */
async function renderAll(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe('useShopTranslation', () => {
  it("translates in the provider's language and namespace, the default namespace when none is named", () => {
    expect(render('en', 'errors').html()).toContain('<p lang="en">Error 404</p>');
    expect(render('it', 'errors').html()).toContain('<p lang="it">Errore 404</p>');
    expect(render('en').html()).toContain(`>${resources.en.common.shopName}</p>`);
  });

  it('hands every render of one instance and namespace the same t, and another instance its own', () => {
    seen.length = 0;
    const english = render('en', 'errors');
    english.html();
    english.html();
    render('en', 'errors').html();
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
  });

  it('refuses to run without the translation context', () => {
    expect(() => renderToString(createElement(StatusTitle))).toThrow(/TranslationContext/);
  });
});

describe('the namespaces a server render used', () => {
  it('are listed by PageNamespaces rendered after the page, each once, in order of first use', () => {
    const i18n = createI18nInstance('en', resources);
    const html = renderToString(
      withTranslation(
        serverTranslation(i18n, resources.en),
        createElement(StatusTitle),
        createElement(Labelled, { namespaces: ['addresses', 'forms'], text: 'book.heading' }),
        createElement(StatusTitle, { namespace: 'errors' }),
        createElement(PageNamespaces),
      ),
    );
    expect(html).toContain('<p>Your addresses (optional)</p>');
    expect(html).toContain('<script type="application/json" id="page-translations" data-i18n-namespaces="common addresses forms errors">');
  });

  it('are carried by the page in its language, as a JSON block the browser entry hydrates with', () => {
    const i18n = createI18nInstance('it', resources);
    const html = renderToString(
      withTranslation(
        serverTranslation(i18n, resources.it),
        createElement(Labelled, { namespaces: ['addresses', 'forms'], text: 'book.heading' }),
        createElement(PageNamespaces),
      ),
    );
    const block = /<script type="application\/json" id="page-translations" data-i18n-namespaces="([^"]*)">([^<]*)<\/script>/.exec(html);
    expect(block?.[1]).toBe('addresses forms');
    expect(JSON.parse(block?.[2] ?? '')).toEqual({ addresses: resources.it.addresses, forms: resources.it.forms });
  });

  it('start empty for every render (one set per request)', () => {
    const i18n = createI18nInstance('en', resources);
    const page = (namespace: Namespace) =>
      renderToString(
        withTranslation(serverTranslation(i18n, resources.en), createElement(StatusTitle, { namespace }), createElement(PageNamespaces)),
      );
    expect(page('errors')).toContain('data-i18n-namespaces="errors"');
    expect(page('catalogue')).toContain('data-i18n-namespaces="catalogue"');
  });
});

describe('in the browser', () => {
  it('takes the listed namespaces from the page’s block, downloading only one the block lacks', async () => {
    const block = pageTranslationsJson(resources.en, ['common']);
    const translation = await loadPageTranslations('en', ['common', 'auth'], block);
    expect(translation.i18n.getFixedT(null, 'common')('shopName')).toBe(resources.en.common.shopName);
    expect(translation.i18n.getFixedT(null, 'common')('auth:signIn.heading')).toBe('Sign in');
    // Rendered again as the server sent it, so hydration matches.
    expect(translation.inline).toBe(block);
    const html = renderToString(withTranslation(translation, createElement(PageNamespaces)));
    expect(html).toBe(`<script type="application/json" id="page-translations" data-i18n-namespaces="common auth">${block}</script>`);
  });

  it('takes a bundle from the block as it is, without a download (not the chunk’s text)', async () => {
    const carried = { shopName: 'From the page' };
    const { i18n } = await loadPageTranslations('it', ['common'], JSON.stringify({ common: carried }));
    expect(i18n.getFixedT(null, 'common')('shopName')).toBe('From the page');
  });

  it('downloads the listed namespaces when the block is missing or unreadable', async () => {
    for (const text of ['', '{"common":', '[1]']) {
      const { i18n } = await loadPageTranslations('it', ['common'], text);
      expect(i18n.getFixedT(null, 'common')('shopName')).toBe(resources.it.common.shopName);
    }
  });

  it('loads the listed namespaces of the page language up front, and nothing else', async () => {
    const { i18n, listed } = await loadPageTranslations('en', ['common', 'auth']);
    expect(listed).toEqual(['common', 'auth']);
    expect(i18n.getFixedT(null, 'common')('auth:signIn.heading')).toBe('Sign in');
    expect(i18n.hasResourceBundle('en', 'addresses')).toBe(false);
    expect(i18n.hasResourceBundle('it', 'common')).toBe(false);
  });

  it('a component needing namespaces not loaded yet waits for them, then renders translated', async () => {
    const translation = await loadPageTranslations('it', ['common']);
    const asked: string[] = [];
    const whenLoaded = (namespaces: readonly Namespace[]) => {
      asked.push(namespaces.join(' '));
      return translation.whenLoaded(namespaces);
    };
    const html = await renderAll(
      withTranslation(
        { ...translation, whenLoaded },
        createElement(Labelled, { namespaces: ['addresses', 'forms'], text: 'book.heading' }),
        createElement(StatusTitle),
        createElement(PageNamespaces),
      ),
    );
    // Without waiting, t would have answered the keys themselves.
    expect(html).toContain(`<p>${resources.it.addresses.book.heading} ${resources.it.forms.optional}</p>`);
    expect(html).toContain(`<p lang="it">${resources.it.common.shopName}</p>`);
    expect(asked).toContain('addresses forms');
    // The list in the page stays what the server sent, so hydration matches.
    expect(html).toContain('data-i18n-namespaces="common"');
  });

  it('hands out a settled promise when nothing is missing, one promise per missing set, and retries a failed download', async () => {
    const translation = await loadPageTranslations('en', ['common']);
    const loaded = translation.whenLoaded(['common']);
    expect(loaded).toMatchObject({ status: 'fulfilled' });
    const forms = translation.whenLoaded(['common', 'forms']);
    expect(translation.whenLoaded(['forms'])).toBe(forms);
    await forms;
    expect(translation.i18n.getFixedT(null, 'forms')('optional')).toBe(resources.en.forms.optional);
    expect(translation.whenLoaded(['forms'])).toBe(loaded);
    // A name that is no namespace (a message that only looked like a key) has nothing to load.
    expect(translation.whenLoaded(['nosuch' as Namespace])).toBe(loaded);
    vi.doMock('../locales/en/orders.json', () => {
      throw new Error('the network is down');
    });
    const failed = translation.whenLoaded(['orders']);
    await expect(failed).rejects.toThrow();
    vi.doUnmock('../locales/en/orders.json');
    const again = translation.whenLoaded(['orders']);
    expect(again).not.toBe(failed);
    await again;
    expect(translation.i18n.hasResourceBundle('en', 'orders')).toBe(true);
  });
});
