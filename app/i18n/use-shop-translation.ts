import type { TFunction } from 'i18next';
import type { ShopI18n } from './browser-i18n';
import { use, useContext } from 'react';
import { memoiseTranslations } from './memoised-t';
import { TranslationContext, type Namespace } from './translation-context';

/** One fixed `t` per i18next instance and namespace (the server's instances are shared per language). */
const fixedByInstance = new WeakMap<ShopI18n, Map<Namespace, TFunction>>();

/**
 * The first namespace is the one `t` looks keys up in; the others are namespaces the
 * component reaches with prefixed keys (`t('forms:optional')`, form messages such as
 * `forms:fields.required` that only appear after a failed submit), so they are loaded too.
 */
export type Namespaces = Namespace | readonly [Namespace, ...Namespace[]];

/**
 * The shop's `useTranslation`: a fixed `t` per instance and namespace, without
 * react-i18next's per-mount copy of the instance (4 % of a page's CPU in a profile of
 * `/_bench/floor`). On the server it notes the namespaces the page uses, for the browser to
 * load before hydrating. In the browser a namespace not loaded yet suspends the component
 * until its chunk arrives: router updates run in transitions, so the previous page stays on
 * screen meanwhile.
 */
export function useShopTranslation(namespaces: Namespaces = 'common'): { t: TFunction; i18n: ShopI18n } {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error('useShopTranslation needs the TranslationContext of entry.server or entry.client');
  const { i18n } = translation;
  const needed: readonly Namespace[] = typeof namespaces === 'string' ? [namespaces] : namespaces;
  if (translation.used) {
    for (const namespace of needed) translation.used.add(namespace);
  } else {
    // Exactly one use() per call, whether anything is missing or not: React pairs a retried
    // component's use() calls with its earlier ones by position.
    use(translation.whenLoaded(needed));
  }
  const namespace = needed[0] ?? 'common';
  let fixed = fixedByInstance.get(i18n);
  if (!fixed) {
    fixed = new Map();
    fixedByInstance.set(i18n, fixed);
  }
  let t = fixed.get(namespace);
  if (!t) {
    const fixedT = i18n.getFixedT(null, namespace);
    // Memoised on the server only, where every namespace is bundled: in the browser a prefixed
    // key of a namespace not loaded yet would be kept with the wrong text.
    t = translation.used ? memoiseTranslations(fixedT) : fixedT;
    fixed.set(namespace, t);
  }
  return { t, i18n };
}
