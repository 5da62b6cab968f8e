import { Link } from 'react-router';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { MembershipCardView } from './membership-views';
import { SectionHeading } from './section-heading';
import { Notice } from '../ui/notice';

/** Why not, in the spec's words: withdrawn, not the manager, not yet active (ready), over, or no target. */
export type UpgradeView =
  | { refusal: 'withdrawn' | 'not-manager' | 'notYetActive' | 'over' | 'no-upgrade'; target: null }
  | { refusal: null; target: { name: string; href: string; buyHref: string } };

/**
 * The Product upgrade section: whether this membership can be upgraded and to what, with the
 * way to buy it (`/products/{id}/upgrade/{membershipCode}`) and to read about the target.
 */
export function UpgradePage({ card, upgrade }: { card: MembershipCardView; upgrade: UpgradeView }) {
  const { t } = useShopTranslation('membership');
  return (
    <div className="membership-page">
      <SectionHeading card={card} title={t('upgrade.heading')} />
      {upgrade.refusal !== null ? (
        <Notice tone="warning">
          <p>{t(`upgrade.refusal.${upgrade.refusal}`)}</p>
        </Notice>
      ) : (
        <section aria-labelledby="upgrade-target-heading">
          <h2 id="upgrade-target-heading" className="visually-hidden">
            {upgrade.target.name}
          </h2>
          <p>{t('upgrade.available', { from: card.productName, to: upgrade.target.name })}</p>
          <p>
            <Link to={upgrade.target.buyHref} className="button button--primary">
              {t('upgrade.buyLink', { to: upgrade.target.name })}
            </Link>
          </p>
          <p>
            <Link to={upgrade.target.href}>{t('upgrade.targetLink', { to: upgrade.target.name })}</Link>
          </p>
        </section>
      )}
      <p>
        <Link to={card.href}>{t('backToMembership')}</Link>
      </p>
    </div>
  );
}
