import { useContext } from 'react';
import { PAGE_TRANSLATIONS_ID } from './inline-translations';
import { TranslationContext } from './translation-context';

/** The attribute `PageNamespaces` writes, space-separated (the bench reads it too). */
export const PAGE_NAMESPACES_ATTRIBUTE = 'data-i18n-namespaces';

/**
 * The namespaces this page's render used and their texts in the page language, for the browser
 * entry to hydrate with, without a download: a JSON data block (`type="application/json"`,
 * escaped by `scriptSafeJson`), which the browser never runs, so the CSP has nothing to allow.
 * Render it after the page (React's server render reaches siblings in order, so every hook of
 * the page has run by then), and only on pages that hydrate. In the browser it renders the list
 * and the text the page came with, so hydration matches and navigations leave it alone.
 */
export function PageNamespaces() {
  const translation = useContext(TranslationContext);
  const namespaces = translation?.used ? [...translation.used] : (translation?.listed ?? []);
  const text = translation?.used ? translation.pageTranslations(translation.used) : (translation?.inline ?? '');
  return (
    <script
      type="application/json"
      id={PAGE_TRANSLATIONS_ID}
      data-i18n-namespaces={namespaces.join(' ')}
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}

/** The list and the text of the translations block a document came with ('' when it has none). */
export function pageTranslationsIn(document: Document): { namespaces: string; text: string } {
  const block = document.getElementById(PAGE_TRANSLATIONS_ID);
  return { namespaces: block?.getAttribute(PAGE_NAMESPACES_ATTRIBUTE) ?? '', text: block?.textContent ?? '' };
}
