import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { Language } from '../domain/catalogue-types';
import { LanguageSwitch } from './language-switch';

export function SiteHeader({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/products" className="site-header__brand">
          {t('shopName')}
        </Link>
        <nav aria-label={t('nav.label')} className="site-header__nav">
          <ul>
            <li>
              <NavLink to="/products">{t('nav.products')}</NavLink>
            </li>
            <li>
              <NavLink to="/coupon">{t('nav.coupon')}</NavLink>
            </li>
            <li>
              <NavLink to="/cart">{t('nav.cart')}</NavLink>
            </li>
            <li>
              <NavLink to="/login">{t('nav.signIn')}</NavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitch current={language} />
      </div>
    </header>
  );
}
