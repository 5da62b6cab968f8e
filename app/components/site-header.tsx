import { useEffect, useRef } from 'react';
import { useShopTranslation } from '../i18n/use-shop-translation';
import { Form, Link, NavLink, useLocation } from 'react-router';
import type { Language } from '../domain/catalogue-types';
import { signInHref } from '../domain/login-target';
import { LanguageSwitch } from './language-switch';

/** Signed in: a greeting and a sign-out form (POST); signed out: a link that comes back here. */
function AccountControl({ signedIn }: { signedIn: { firstName: string } | null }) {
  // In `common`, which every page loads: the sign-in pages' own namespace stays theirs.
  const { t } = useShopTranslation();
  const location = useLocation();
  if (!signedIn) {
    // A document navigation: sign-in leaves the app for the sign-in service.
    return (
      <Link to={signInHref(location.pathname + location.search)} reloadDocument>
        {t('header.signIn')}
      </Link>
    );
  }
  return (
    <Form method="post" action="/logout/do" reloadDocument className="site-header__account">
      <span>{t('header.greeting', { name: signedIn.firstName })}</span>
      <button type="submit" className="site-header__sign-out">
        {t('header.signOut')}
      </button>
    </Form>
  );
}

/**
 * One row on phones: the brand and a "Menu" disclosure. A native `<details>` opens and closes
 * without JavaScript and is announced as an expandable button; from 768 px the CSS shows its
 * content inline and hides the toggle, so desktop keeps a plain navigation bar.
 */
export function SiteHeader({ language, signedIn }: { language: Language; signedIn: { firstName: string; cartCount: number } | null }) {
  const { t } = useShopTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // With JavaScript, links navigate inside the page: close the menu once the page changed.
  useEffect(() => {
    menu.current?.removeAttribute('open');
  }, [pathname]);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/products" className="site-header__brand">
          {t('shopName')}
        </Link>
        <details ref={menu} className="site-header__menu">
          <summary className="site-header__menu-toggle">{t('nav.menu')}</summary>
          <div className="site-header__menu-panel">
            <nav aria-label={t('nav.label')} className="site-header__nav">
              <ul>
                <li>
                  <NavLink to="/products">{t('nav.products')}</NavLink>
                </li>
                <li>
                  <NavLink to="/coupon">{t('nav.coupon')}</NavLink>
                </li>
                <li>
                  <NavLink to="/cart">
                    {t('nav.cart')}
                    {signedIn && signedIn.cartCount > 0 ? (
                      <>
                        {' '}
                        <span className="site-header__count" aria-hidden="true">
                          {signedIn.cartCount}
                        </span>
                        <span className="visually-hidden">{t('nav.cartCount', { count: signedIn.cartCount })}</span>
                      </>
                    ) : null}
                  </NavLink>
                </li>
                {signedIn ? (
                  <li>
                    <NavLink to="/account">{t('nav.account')}</NavLink>
                  </li>
                ) : null}
                <li>
                  <AccountControl signedIn={signedIn} />
                </li>
              </ul>
            </nav>
            <LanguageSwitch current={language} />
          </div>
        </details>
      </div>
    </header>
  );
}
