import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Link } from 'react-router';

/**
 * The spec's breadcrumb: Home (/products), the given trail, then the current page
 * (`aria-current="page"`, not a link).
 */
export function Breadcrumb({ trail = [], current }: { trail?: { to: string; label: string }[]; current: string }) {
  const { t } = useShopTranslation();
  return (
    <nav aria-label={t('breadcrumb.label')} className="breadcrumb">
      <ol>
        <li>
          <Link to="/products">{t('breadcrumb.home')}</Link>
        </li>
        {trail.map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
