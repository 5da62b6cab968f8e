import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/** One fixed `t` per i18next instance and namespace (the server's instances are shared per language). */
const fixedByInstance = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * The shop's `useTranslation`: the same `t`, without react-i18next's per-call cost. Its hook
 * copies the instance's ~40 own properties into a new wrapper on every mount (4 % of a page's
 * CPU in a profile of `/_bench/floor`) and subscribes to language changes and lazy loads the
 * shop never makes: switching language reloads the document, and every namespace is bundled.
 */
export function useShopTranslation(namespace?: string): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let fixed = fixedByInstance.get(i18n);
  if (!fixed) {
    fixed = new Map();
    fixedByInstance.set(i18n, fixed);
  }
  const key = namespace ?? '';
  let t = fixed.get(key);
  if (!t) {
    t = i18n.getFixedT(null, namespace ?? null);
    fixed.set(key, t);
  }
  return { t, i18n };
}
