import { data, redirect } from 'react-router';
import { shopContext } from '../../context';
import { isLanguage } from '../../domain/catalogue-types';
import { languageSwitchReturnPath } from '../../domain/redirect-target';
import { serializeLanguageCookie } from '../../i18n/language-cookie';
import type { Route } from './+types/language';
import { readFormData } from '../../.server/http/form-data';

/** POST lng=it|en&returnTo=/path: stores the language for a year and returns to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const language = form.get('lng');
  if (!isLanguage(language)) throw data(null, { status: 400 });
  const back = languageSwitchReturnPath(form.get('returnTo'), '/products');
  const { config } = context.get(shopContext);
  return redirect(back, {
    status: 303,
    headers: { 'Set-Cookie': serializeLanguageCookie(language, { secure: config.production }) },
  });
}

/** A GET (e.g. a bookmarked form result) has nothing to show: go home. */
export function loader() {
  return redirect('/', 302);
}

/**
 * Never rendered (the loader and action always redirect); having a component makes this a
 * page route, so a bad request shows the translated error screen instead of a bare 400.
 */
export default function LanguageRedirect() {
  return null;
}
