import type { FormEvent } from 'react';
import { useShopTranslation } from '../i18n/use-shop-translation';
import { Form, useLocation } from 'react-router';
import type { Language } from '../domain/catalogue-types';

/**
 * A plain form: works without JavaScript and returns to the same page. It reloads the
 * document so the browser fetches only the new language's translations.
 *
 * The `#fragment` never reaches a server, so only a browser running JavaScript can send it:
 * it is added when the form is sent (not rendered, so server and browser HTML stay equal).
 * Without JavaScript the fan comes back to the top of the page.
 */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useShopTranslation();
  const location = useLocation();
  const other: Language = current === 'it' ? 'en' : 'it';
  const pageAddress = location.pathname + location.search;
  const keepFragment = (event: FormEvent<HTMLFormElement>) => {
    const returnTo = event.currentTarget.elements.namedItem('returnTo');
    if (returnTo instanceof HTMLInputElement) returnTo.value = pageAddress + window.location.hash;
  };
  return (
    <Form method="post" action="/language" reloadDocument className="language-switch" onSubmit={keepFragment}>
      <input type="hidden" name="returnTo" value={pageAddress} />
      <button type="submit" name="lng" value={other} lang={other} aria-label={t('language.switchToLabel')}>
        {t('language.switchTo')}
      </button>
    </Form>
  );
}
