import { useContext } from 'react';
import { TranslationContext } from './translation-context';

/** The attribute `PageNamespaces` writes, space-separated (the bench reads it too). */
export const PAGE_NAMESPACES_ATTRIBUTE = 'data-i18n-namespaces';

/**
 * The namespaces this page's render used, for the browser entry to load before it hydrates.
 * Render it after the page (React's server render reaches siblings in order, so every hook of
 * the page has run by then). An empty hidden element, not an inline script: nothing for the
 * CSP to allow. In the browser it keeps the list the page came with, so hydration matches.
 */
export function PageNamespaces() {
  const translation = useContext(TranslationContext);
  const namespaces = translation?.used ? [...translation.used] : (translation?.listed ?? []);
  return <div hidden data-i18n-namespaces={namespaces.join(' ')} />;
}

/** The raw list `PageNamespaces` rendered into a document ('' when there is none). */
export function pageNamespacesIn(document: Document): string {
  return document.querySelector(`[${PAGE_NAMESPACES_ATTRIBUTE}]`)?.getAttribute(PAGE_NAMESPACES_ATTRIBUTE) ?? '';
}
