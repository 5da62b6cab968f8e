import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LANGUAGE, isLanguage } from './domain/catalogue-types';
import { knownNamespaces, loadPageTranslations } from './i18n/browser-translations';
import { pageTranslationsIn } from './i18n/page-namespaces';
import { TranslationContext } from './i18n/translation-context';

/**
 * Hydrates with the translations the server rendered this page with, which its HTML carries
 * (a listed namespace it lacks would be downloaded first); other namespaces load when a page
 * first needs them. The language switch reloads the document.
 */
async function hydrate() {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const page = pageTranslationsIn(document);
  const translation = await loadPageTranslations(language, knownNamespaces(page.namespaces), page.text);
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
