import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { PurchaseActions as Actions } from '../../domain/availability';

type PurchaseActionsProps = {
  productId: string;
  productName: string;
  actions: Actions;
  /** The signed-in fan already asked to be told when this sold-out product is back. */
  notifyWaiting?: boolean;
  /** A featured card's main action is the accent (gold) one. */
  featured?: boolean;
  /** The page's catalogue translations (passed down: a hook per card adds up on lists). */
  t: TFunction<'catalogue'>;
};

/**
 * Buy and gift, or use a coupon, or the disabled sold-out control with notify-me (spec §2);
 * a fan who already asked is told so instead of being offered to ask again.
 * Each link names its product for screen-reader users who list links out of context.
 */
export function PurchaseActions({ productId, productName, actions, notifyWaiting = false, featured = false, t }: PurchaseActionsProps) {
  const context = { name: productName };
  const main = featured ? 'button button--accent' : 'button button--primary';
  switch (actions.kind) {
    case 'sold-out':
      return (
        <div className="purchase-actions">
          <button type="button" className="button" disabled>
            {t('actions.soldOut')}
          </button>
          {notifyWaiting ? (
            <p className="purchase-actions__waiting">
              {t('actions.notifyWaiting', context)} <Link to="/account/notify-me">{t('actions.notifyWaitingLink')}</Link>
            </p>
          ) : (
            <Link className="button" to={`/products/${productId}/notify-me`} aria-label={t('actions.notifyMeLabel', context)}>
              {t('actions.notifyMe')}
            </Link>
          )}
        </div>
      );
    case 'coupon':
      return (
        <div className="purchase-actions">
          <Link
            className={main}
            to={`/products/${productId}/configure/coupon`}
            aria-label={t('actions.useCouponLabel', context)}
          >
            {t('actions.useCoupon')}
          </Link>
        </div>
      );
    case 'buy-or-gift':
      return (
        <div className="purchase-actions">
          <Link className={main} to={`/products/${productId}/configure/buy`} aria-label={t('actions.buyLabel', context)}>
            {t('actions.buy')}
          </Link>
          {actions.gift ? (
            <Link className="button" to={`/products/${productId}/configure/gift`} aria-label={t('actions.giftLabel', context)}>
              {t('actions.gift')}
            </Link>
          ) : null}
        </div>
      );
  }
}
