import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../domain/catalogue-types';
import { createBrowserI18n } from './browser-i18n';
import { createI18nInstance } from './instance';
import { resources } from './resources';
import type { Namespace } from './translation-context';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every text key of a namespace, plural forms folded into their base key. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return typeof value === 'string' ? [key.replace(PLURAL_SUFFIX, '')] : keysOf(value, key);
  });
}

/** The variables a text interpolates, each given a value that shows up in the result. */
function optionsFor(texts: string[], count?: number): Record<string, unknown> {
  const names = texts.flatMap((text) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]!));
  const options: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, `‹${name}›`]));
  if (count !== undefined) options.count = count;
  return options;
}

function textsOf(tree: unknown, key: string): string[] {
  let node: unknown = tree;
  const path = key.split('.');
  const last = path.pop()!;
  for (const segment of path) node = (node as Record<string, unknown>)[segment];
  const parent = node as Record<string, unknown>;
  return Object.entries(parent)
    .filter(([name, value]) => typeof value === 'string' && name.replace(PLURAL_SUFFIX, '') === last)
    .map(([, value]) => value as string);
}

describe('createBrowserI18n gives what i18next gives the server', () => {
  for (const language of LANGUAGES) {
    it(`for every key of every namespace in ${language}, with its variables and plurals`, () => {
      const server = createI18nInstance(language, resources);
      const bundles = resources[language];
      const browser = createBrowserI18n(language, bundles);
      let compared = 0;
      for (const namespace of Object.keys(bundles) as Namespace[]) {
        const serverT = server.getFixedT(null, namespace);
        const browserT = browser.getFixedT(null, namespace);
        const viaCommonServer = server.getFixedT(null, 'common');
        const viaCommonBrowser = browser.getFixedT(null, 'common');
        for (const key of new Set(keysOf(bundles[namespace]))) {
          const texts = textsOf(bundles[namespace], key);
          const plural = texts.length > 1 || /{{\s*count\s*}}/.test(texts.join(''));
          for (const options of plural ? [0, 1, 2, 7].map((count) => optionsFor(texts, count)) : [optionsFor(texts)]) {
            const expected = serverT(key, options);
            expect(browserT(key, options), `${language} ${namespace}:${key}`).toBe(expected);
            expect(viaCommonBrowser(`${namespace}:${key}`, options)).toBe(viaCommonServer(`${namespace}:${key}`, options));
            compared++;
          }
          expect(browser.exists(`${namespace}:${key}`)).toBe(server.exists(`${namespace}:${key}`));
        }
      }
      expect(compared).toBeGreaterThan(300);
    });
  }

  it('answers a missing key as i18next does: the key without its namespace', () => {
    const server = createI18nInstance('en', resources);
    const browser = createBrowserI18n('en', resources.en);
    for (const key of ['nosuch', 'forms:nosuch.key', 'nosuch:title']) {
      expect(browser.getFixedT(null, 'common')(key)).toBe(server.getFixedT(null, 'common')(key));
      expect(browser.exists(key)).toBe(false);
      expect(server.exists(key)).toBe(false);
    }
  });

  it('knows the namespaces it holds and takes more', () => {
    const browser = createBrowserI18n('it', { common: resources.it.common });
    expect(browser.hasResourceBundle('it', 'forms')).toBe(false);
    expect(browser.getFixedT(null, 'forms')('optional')).toBe('optional');
    browser.addResourceBundle('it', 'forms', resources.it.forms);
    expect(browser.hasResourceBundle('it', 'forms')).toBe(true);
    expect(browser.hasResourceBundle('en', 'forms')).toBe(false);
    expect(browser.getFixedT(null, 'forms')('optional')).toBe(resources.it.forms.optional);
    expect(browser.getFixedT(null, 'common')('shopName')).toBe(resources.it.common.shopName);
  });
});
