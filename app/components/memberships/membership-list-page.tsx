import { Link } from 'react-router';
import { MEMBERSHIP_TABS, membershipListPath, type MembershipTab } from '../../domain/membership-manage';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { MembershipCardView } from './membership-views';
import { Badge } from '../ui/badge';
import { Breadcrumb } from '../ui/breadcrumb';
import { MembershipCard } from './membership-card';
import { EmptyState } from '../ui/empty-state';
import { Tabs } from '../ui/tabs';

/**
 * The spec's My Membership list: four tabs as links (`?tab=`), one card per membership whose
 * heading links to its page, and an empty state per tab. A membership withdrawn this football
 * year is listed too, with a Withdrawn badge (domain/membership-listing.ts).
 */
export function MembershipListPage({ tab, memberships }: { tab: MembershipTab; memberships: MembershipCardView[] }) {
  const { t } = useShopTranslation('membership');
  const tabs = MEMBERSHIP_TABS.map((id) => ({ id, href: membershipListPath(id), label: t(`list.tabs.${id}`) }));
  return (
    <div className="membership-page">
      <Breadcrumb trail={[{ to: '/account', label: t('breadcrumb.account') }]} current={t('breadcrumb.list')} />
      <h1>{t('list.heading')}</h1>
      <Tabs label={t('list.tabsLabel')} tabs={tabs} current={tab} />
      <section aria-labelledby="membership-tab-heading">
        <h2 id="membership-tab-heading" className="visually-hidden">
          {t(`list.tabs.${tab}`)}
        </h2>
        <p>
          {t(`list.intro.${tab}`)} {t('list.liveOnly')}
        </p>
        {memberships.length === 0 ? (
          <EmptyState title={t('list.emptyTitle')} text={t(`list.empty.${tab}`)} action={{ href: '/products', label: t('list.browse') }} headingLevel={3} />
        ) : (
          <ul className="membership-list">
            {memberships.map((membership) => (
              <li key={membership.code} className="membership-list__item">
                <MembershipCard card={membership} decorative />
                <div>
                  <h3>
                    <Link to={membership.href}>{membership.productName}</Link>
                  </h3>
                  {membership.withdrawnOn ? (
                    <p>
                      <Badge>{t('withdrawn.badge')}</Badge>
                    </p>
                  ) : null}
                  <MembershipFacts membership={membership} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Code, status (withdrawn, and when, for a withdrawn one), season, holder (when the fan may see it) and the fan's roles. */
export function MembershipFacts({ membership }: { membership: MembershipCardView }) {
  const { t } = useShopTranslation('membership');
  const facts: [string, React.ReactNode][] = [
    [t('facts.code'), <span className="membership-code">{membership.code}</span>],
    [t('facts.status'), membership.withdrawnOn ? t('status.withdrawn') : t(`status.${membership.status}`)],
    ...(membership.withdrawnOn ? [[t('facts.withdrawnOn'), membership.withdrawnOn] as [string, string]] : []),
    ...(membership.activatesOn ? [[t('facts.activatesOn'), membership.activatesOn] as [string, string]] : []),
    ...(membership.season ? [[t('facts.season'), membership.season] as [string, string]] : []),
    ...(membership.roles.includes('gifter') && membership.roles.length === 1 ? [] : [[t('facts.holder'), membership.holderName ?? t('facts.noHolder')] as [string, string]]),
    [t('facts.roles'), membership.roles.map((role) => t(`roles.${role}`)).join(', ')],
  ];
  return (
    <dl className="membership-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
