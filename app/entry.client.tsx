import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './domain/catalogue-types';
import { createI18nInstance } from './i18n/instance';

/** Only the page's language is downloaded; the language switch reloads the document. */
const loaders: Record<Language, () => Promise<{ resources: Record<string, unknown> }>> = {
  it: () => import('./i18n/resources-it'),
  en: () => import('./i18n/resources-en'),
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const { resources } = await loaders[language]();
  const i18n = createI18nInstance(language, { [language]: resources } as never);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
