import { useShopTranslation } from '../i18n/use-shop-translation';
import { Link } from 'react-router';
import { catalogueStatus, signInOffer } from '../domain/error-status';
import { useRootData } from '../root-data';

export type ErrorScreenProps = {
  /** HTTP status, when there is one; it picks the status text of the catalogue. */
  status?: number;
  /** A translated message more specific than the status text. */
  message?: string;
  /** Request or error id for support; optional. */
  errorId?: string;
  code?: string;
  supportUrl: string;
};

/** The spec's error screen: message, optional ID, what-can-I-do help, contact, sign in again (where it helps), home. */
export function ErrorScreen({ status, message, errorId, code, supportUrl }: ErrorScreenProps) {
  const { t } = useShopTranslation('errors');
  const known = status === undefined ? 500 : catalogueStatus(status);
  const signIn = signInOffer(status, Boolean(useRootData()?.signedIn));
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title" className="error-screen__title">
        {t('title')}
      </h1>
      {status === undefined ? null : <p className="error-screen__status">{t('statusTitle', { status })}</p>}
      <p className="error-screen__message">{message ?? t(`status.${known}`)}</p>
      {errorId || code ? (
        <dl className="error-screen__ids">
          {errorId ? (
            <div>
              <dt>{t('idLabel')}</dt>
              <dd>
                <code>{errorId}</code>
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
        <li>
          <a href={supportUrl} className="button">
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
