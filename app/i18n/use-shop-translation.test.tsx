import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18nInstance } from './instance';
import { resources } from './resources';
import { useShopTranslation } from './use-shop-translation';

const seen: unknown[] = [];

function StatusTitle({ namespace }: { namespace?: string }) {
  const { t, i18n } = useShopTranslation(namespace);
  seen.push(t);
  return createElement('p', { lang: i18n.language }, namespace ? t('statusTitle', { status: 404 }) : t('shopName'));
}

function render(language: 'it' | 'en', namespace?: string) {
  const i18n = createI18nInstance(language, resources);
  return { i18n, html: () => renderToString(createElement(I18nextProvider, { i18n }, createElement(StatusTitle, { namespace }))) };
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
});
