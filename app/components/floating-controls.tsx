import { Link } from 'react-router';
import { useShopTranslation } from '../i18n/use-shop-translation';
import { useRootData } from '../root-data';

export type FloatingControlsVariant = 'default' | 'light';

/**
 * The floating cart button (item count, opens /cart; only when the cart holds something) and
 * coupon button (opens /coupon), rendered last by the routes that show them: the catalogue's pages,
 * never the cart or checkout (issue 30). They ship no JavaScript: so neither does this. Plain
 * links. Last in the page's content, so last in its tab order; the site's CSS keeps room for them
 * so they never cover content or a focused element.
 */
export function FloatingControls({ variant }: { variant: FloatingControlsVariant }) {
  const { t } = useShopTranslation(['catalogue', 'common']);
  const cartCount = useRootData()?.signedIn?.cartCount ?? 0;
  return (
    <nav aria-label={t('catalogue:floating.label')} className={`floating-controls floating-controls--${variant}`}>
      {/* The catalogue's cart is its bar's primary button; the light variant (a product page, whose own buy button is primary) has none.
          An empty cart has nothing to open: no button (the header's cart link stays). */}
      {cartCount > 0 ? (
        <Link to="/cart" className={`button ${variant === 'light' ? '' : 'button--primary '}floating-controls__link`}>
          {t('catalogue:floating.cart')}
          <span className="site-header__count" aria-hidden="true">
            {cartCount}
          </span>
          <span className="visually-hidden">{t('common:nav.cartCount', { count: cartCount })}</span>
        </Link>
      ) : null}
      <Link to="/coupon" className="button floating-controls__link">
        {t('catalogue:floating.coupon')}
      </Link>
    </nav>
  );
}
