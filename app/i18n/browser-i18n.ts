import type { TFunction } from 'i18next';
import rosetta from 'rosetta';
import type { Language } from '../domain/catalogue-types';
import type { Namespace } from './translation-context';

/**
 * What the shop's components use of an i18n instance. On the server it is i18next; in the
 * browser `createBrowserI18n` below, which keeps i18next (~16 KB gzip) out of every page that
 * hydrates (issue 10, docs/decisions/i18n.md).
 */
export type ShopI18n = {
  readonly language: string;
  /** Whether a key (`ns:key`, or a key of the default namespace) has a text. */
  exists(key: string): boolean;
  getFixedT(language: null, namespace: Namespace): TFunction;
};

export type BrowserI18n = ShopI18n & {
  hasResourceBundle(language: string, namespace: Namespace): boolean;
  addResourceBundle(language: string, namespace: Namespace, bundle: unknown): void;
};

type TranslateOptions = Record<string, unknown> & { count?: unknown };

const DEFAULT_NAMESPACE: Namespace = 'common';

/**
 * The browser's translations: the page language's namespaces looked up and interpolated by
 * rosetta, with the two i18next rules the shop's texts use on top — `ns:` prefixes and
 * plurals (`key_one`/`key_other`, chosen by `Intl.PluralRules` as i18next does). Same texts as
 * i18next for every key of both languages (`browser-i18n.test.ts` compares them all), since
 * the browser hydrates what the server rendered with i18next. A missing key answers itself
 * without its prefix, as i18next does.
 */
export function createBrowserI18n(language: Language, bundles: Partial<Record<Namespace, unknown>>): BrowserI18n {
  const store = rosetta<Record<string, unknown>>({ [language]: { ...bundles } });
  store.locale(language);
  const plurals = new Intl.PluralRules(language);

  /** The path of a key in the language's table, and the key as i18next answers a missing one. */
  const locate = (namespace: Namespace, key: string): { path: string[]; bare: string } => {
    const colon = key.indexOf(':');
    const [ns, bare] = colon < 0 ? [namespace, key] : [key.slice(0, colon), key.slice(colon + 1)];
    return { path: [ns, ...bare.split('.')], bare };
  };
  const textAt = (path: string[]): unknown => {
    let node: unknown = store.table(language);
    for (const segment of path) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    return node;
  };

  const translate = (namespace: Namespace, key: string, options?: TranslateOptions): string => {
    const { path, bare } = locate(namespace, key);
    if (typeof options?.count === 'number') {
      const last = path.length - 1;
      const plural = [...path.slice(0, last), `${path[last]}_${plurals.select(options.count)}`];
      if (typeof textAt(plural) === 'string') return store.t(plural, options);
    }
    return typeof textAt(path) === 'string' ? store.t(path, options) : bare;
  };

  const fixed = new Map<Namespace, TFunction>();
  return {
    language,
    exists: (key) => typeof textAt(locate(DEFAULT_NAMESPACE, key).path) === 'string',
    getFixedT(_language, namespace) {
      let t = fixed.get(namespace);
      if (!t) {
        // i18next's TFunction overloads describe a call, not an implementation.
        t = ((key: string, options?: TranslateOptions) => translate(namespace, key, options)) as unknown as TFunction;
        fixed.set(namespace, t);
      }
      return t;
    },
    hasResourceBundle: (bundleLanguage, namespace) => bundleLanguage === language && store.table(language)?.[namespace] !== undefined,
    addResourceBundle(bundleLanguage, namespace, bundle) {
      if (bundleLanguage === language) store.set(language, { [namespace]: bundle });
    },
  };
}
