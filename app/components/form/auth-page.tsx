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
