import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LANGUAGE, isLanguage } from './domain/catalogue-types';
import { knownNamespaces, loadPageTranslations } from './i18n/browser-translations';
import { pageNamespacesIn } from './i18n/page-namespaces';
import { TranslationContext } from './i18n/translation-context';

/**
 * Downloads the namespaces the server rendered this page with, in the page's language, then
 * hydrates; other namespaces load when a page first needs them. The language switch reloads
 * the document.
 */
async function hydrate() {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const translation = await loadPageTranslations(language, knownNamespaces(pageNamespacesIn(document)));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslationContext value={translation}>
          <HydratedRouter />
        </TranslationContext>
      </StrictMode>,
    );
  });
}

void hydrate();
