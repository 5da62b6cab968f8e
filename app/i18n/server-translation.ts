import type { ShopI18n } from './browser-i18n';
import { pageTranslationsJson } from './inline-translations';
import type { Namespace, ServerTranslation } from './translation-context';

/**
 * The translation context of one server render (entry.server, per request): the language's
 * instance, a fresh set of the namespaces the render uses, and the page's translations block
 * made of `bundles`, that language's texts.
 */
export function serverTranslation(i18n: ShopI18n, bundles: Partial<Record<Namespace, unknown>>): ServerTranslation {
  return { i18n, used: new Set(), pageTranslations: (used) => pageTranslationsJson(bundles, used) };
}
