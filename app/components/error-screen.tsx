import { useShopTranslation } from '../i18n/use-shop-translation';
import { Link, useLocation } from 'react-router';
import { catalogueStatus, signInOffer } from '../domain/error-status';
import { useRootData } from '../root-data';
import { ERROR_ID_ELEMENT, SUPPORT_LINK_ELEMENT, useErrorFallback } from './error-fallback';
import { PageSheets } from './site-styles';

export type ErrorScreenProps = {
  /** HTTP status, when there is one; it picks the status text of the catalogue. */
  status?: number;
  /** A translated message more specific than the status text. */
  message?: string;
  /**
   * Request or error id for support. With a status and none given, the request's own id (the
   * root loader's data was missing): the advice asks the fan to quote it.
   */
  errorId?: string;
  code?: string;
  /** `SUPPORT_URL`; when missing (no root loader data), what the server knows of it. */
  supportUrl?: string;
};

/**
 * The spec's error screen: message, optional ID, what-can-I-do help, home, try again (a page
 * with a status), contact, sign in again (where it helps).
 */
export function ErrorScreen({ status, message, errorId, code, supportUrl }: ErrorScreenProps) {
  const { t } = useShopTranslation('errors');
  const fallback = useErrorFallback();
  const id = errorId ?? (status === undefined ? undefined : fallback.requestId);
  const support = supportUrl ?? fallback.supportUrl ?? '/';
  // Try again: the same address, loaded anew (a GET even after a failed post: back to the page).
  const location = useLocation();
  const retry = `${location.pathname}${location.search}`;
  const known = status === undefined ? 500 : catalogueStatus(status);
  const signIn = signInOffer(status, Boolean(useRootData()?.signedIn));
  return (
    <section className="error-screen" aria-labelledby="error-title">
      {/* Any page may end here: the screen brings its sheet (hoisted into <head>). */}
      <PageSheets names={['components']} />
      <h1 id="error-title" className="error-screen__title">
        {t('title')}
      </h1>
      {status === undefined ? null : <p className="error-screen__status">{t('statusTitle', { status })}</p>}
      <p className="error-screen__message">{message ?? t(`status.${known}`)}</p>
      {id || code ? (
        <dl className="error-screen__ids">
          {id ? (
            <div>
              <dt>{t('idLabel')}</dt>
              <dd>
                <code id={ERROR_ID_ELEMENT}>{id}</code>
              </dd>
            </div>
          ) : null}
          {code ? (
            <div>
              <dt>{t('codeLabel')}</dt>
              <dd>
                <code>{code}</code>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <h2 className="error-screen__help-title">{t('whatCanIDo')}</h2>
      <p>{t('advice')}</p>
      <ul className="error-screen__actions">
        <li>
          <Link to="/products" className="button button--primary">
            {t('goHome')}
          </Link>
        </li>
        {status === undefined ? null : (
          <li>
            {/* A document load: the server answers again, with or without JavaScript. */}
            <a href={retry} className="button">
              {t('tryAgain')}
            </a>
          </li>
        )}
        <li>
          <a id={SUPPORT_LINK_ELEMENT} href={support} className="button">
            {t('contactUs')}
          </a>
        </li>
        {signIn ? (
          <li>
            {/* A full document load starts sign-in even when scripts are broken. */}
            <a href="/login" className={signIn === 'primary' ? 'button button--primary' : 'button'}>
              {t('loginAgain')}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
