import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import type { Language } from '../domain/catalogue-types';

/**
 * A plain form: works without JavaScript and returns to the same page. It reloads the
 * document so the browser fetches only the new language's translations.
 */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const other: Language = current === 'it' ? 'en' : 'it';
  return (
    <Form method="post" action="/language" reloadDocument className="language-switch">
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button type="submit" name="lng" value={other} lang={other} aria-label={t('language.switchToLabel')}>
        {t('language.switchTo')}
      </button>
    </Form>
  );
}
