import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getInstance, getLanguage, i18nextMiddleware } from './i18next';

type Args = Parameters<typeof i18nextMiddleware>[0];

/** Runs the root middleware for a request as React Router would, and returns what it set. */
async function languageOf(url: string, cookie?: string) {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const context = new RouterContextProvider();
  await i18nextMiddleware({ request, context, params: {} } as unknown as Args, async () => new Response(null));
  return { language: getLanguage(context), i18n: getInstance(context) };
}

describe('the language middleware', () => {
  it('takes ?lng= first, then the shop cookie, then Italian', async () => {
    expect((await languageOf('http://shop.test/products?lng=en', 'jc_prf_lng=it')).language).toBe('en');
    expect((await languageOf('http://shop.test/products', 'jc_prf_lng=en')).language).toBe('en');
    expect((await languageOf('http://shop.test/products?lng=xx', 'jc_prf_lng=en')).language).toBe('en');
    expect((await languageOf('http://shop.test/products')).language).toBe('it');
    expect((await languageOf('http://shop.test/products?lng=en-GB')).language).toBe('en');
  });

  it('shares one ready i18next per language between requests, and never lets one language leak into the other', async () => {
    const english = await languageOf('http://shop.test/products?lng=en');
    const italian = await languageOf('http://shop.test/products?lng=it');
    const englishAgain = await languageOf('http://shop.test/account', 'jc_prf_lng=en');
    expect(englishAgain.i18n).toBe(english.i18n);
    expect(italian.i18n).not.toBe(english.i18n);
    expect(english.i18n.language).toBe('en');
    expect(italian.i18n.language).toBe('it');
    expect(english.i18n.t('errors:statusTitle', { status: 503 })).toBe('Error 503');
    expect(italian.i18n.t('errors:statusTitle', { status: 503 })).not.toBe('Error 503');
  });
});
