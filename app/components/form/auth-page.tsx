import { useEffect, useRef } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';

/** Frame of the sign-in and sign-up pages: heading, intro, the form, the way to the other page. */
export function AuthPage({
  heading,
  intro,
  children,
  aside,
}: {
  heading: string;
  intro: string;
  children: React.ReactNode;
  aside: React.ReactNode;
}) {
  return (
    <section className="auth-page" aria-labelledby="auth-heading">
      <h1 id="auth-heading">{heading}</h1>
      <p>{intro}</p>
      {children}
      <p className="auth-page__aside">{aside}</p>
    </section>
  );
}

/** Shown when the sign-in link is stale: start again from /login. */
export function ExpiredSignIn() {
  const { t } = useShopTranslation('auth');
  return (
    <section className="auth-page" aria-labelledby="auth-heading">
      <h1 id="auth-heading">{t('expired.heading')}</h1>
      <p>{t('expired.body')}</p>
      <p>
        <a href="/login?interactive" className="button button--primary">
          {t('expired.restart')}
        </a>
      </p>
    </section>
  );
}

/**
 * The answer beyond the account's ceiling for a browser that never signed in to it, the same
 * whether the password was right or wrong: what happened, the mailed link if it was right, and
 * the way back. Focused when it appears (`autoFocus` on the server's page, the effect after a
 * submit handled in the browser), as an error summary is.
 */
export function HeldSignIn({ minutes, signInPage }: { minutes: number; signInPage: string }) {
  const { t } = useShopTranslation('auth');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to a submit: where the fan's attention goes (WCAG 3.3.1)
    <section ref={ref} className="auth-page" aria-labelledby="auth-heading" tabIndex={-1} autoFocus>
      <h1 id="auth-heading">{t('held.heading')}</h1>
      <p>{t('held.body')}</p>
      <p>{t('held.mailed')}</p>
      <p>{t('held.wait', { count: minutes })}</p>
      <p>
        <a href={signInPage} className="button">
          {t('held.back')}
        </a>
      </p>
    </section>
  );
}

/** What the mailed link that trusts a browser did: trusted it, or why not; either way, on to sign in. */
export function TrustBrowserAnswer({ state, minutes }: { state: 'trusted' | 'expired' | 'invalid'; minutes: number }) {
  const { t } = useShopTranslation('auth');
  return (
    <section className="auth-page" aria-labelledby="auth-heading">
      <h1 id="auth-heading">{t(`trustBrowser.${state}Heading`)}</h1>
      <p>{t(`trustBrowser.${state}Body`, { minutes })}</p>
      <p>
        <a href="/login" className="button button--primary">
          {t('trustBrowser.signIn')}
        </a>
      </p>
    </section>
  );
}
