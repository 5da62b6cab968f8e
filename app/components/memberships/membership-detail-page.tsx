import { Link } from 'react-router';
import { membershipListPath, membershipSectionPath } from '../../domain/membership-manage';
import { ORDERS_PATH } from '../../domain/order-pages';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Breadcrumb } from '../ui/breadcrumb';
import { Notice } from '../ui/notice';
import { MembershipCard } from './membership-card';
import { MembershipFacts } from './membership-list-page';
import type { HolderView, MembershipCardView } from './membership-views';

export type MembershipDetailView = {
  card: MembershipCardView;
  /** Null for a gifter who neither holds nor manages it, or while nobody holds it. */
  holder: HolderView | null;
  seesHolderData: boolean;
  gift: { redeemed: boolean } | null;
  automaticRenewal: boolean;
  /** The renewal this fan can buy now, or null. */
  renewal: { href: string; season: string } | null;
};

/**
 * One membership: its card, facts, holder's data (for holder and manager) and its two sections.
 * A withdrawn one says so and when, and offers neither renewal nor its sections: it is over.
 */
export function MembershipDetailPage({ view }: { view: MembershipDetailView }) {
  const { t } = useShopTranslation(['membership', 'account']);
  const { card, holder } = view;
  const isGifter = card.roles.includes('gifter');
  return (
    <div className="membership-page">
      <Breadcrumb
        trail={[
          { to: '/account', label: t('breadcrumb.account') },
          { to: membershipListPath(), label: t('breadcrumb.list') },
        ]}
        current={card.code}
      />
      <h1>{card.productName}</h1>
      {card.withdrawnOn !== null ? (
        <Notice title={t('withdrawn.title', { date: card.withdrawnOn })}>
          <p>{t('withdrawn.text')}</p>
          <p>
            <Link to={ORDERS_PATH}>{t('withdrawn.ordersLink')}</Link>
          </p>
        </Notice>
      ) : null}
      <MembershipCard card={card} large />
      <MembershipFacts membership={card} />
      {isGifter && view.gift ? <p>{view.gift.redeemed ? t('detail.giftRedeemed') : t('detail.giftNotRedeemed')}</p> : null}
      <section aria-labelledby="holder-heading">
        <h2 id="holder-heading">{t('detail.holderHeading')}</h2>
        {!view.seesHolderData ? (
          <p>{t('detail.holderHidden')}</p>
        ) : holder ? (
          <dl className="membership-facts">
            {HOLDER_FIELDS.map((field) => (
              <HolderFact key={field} label={t(`detail.holderFields.${field}`)} value={holder[field]} field={field} />
            ))}
          </dl>
        ) : (
          <p>{t('facts.noHolder')}</p>
        )}
      </section>
      {card.withdrawnOn !== null ? null : (
        <>
          <section aria-labelledby="renewal-heading">
            <h2 id="renewal-heading">{t('detail.renewalHeading')}</h2>
            <dl className="membership-facts">
              <HolderFact label={t('detail.automaticRenewal')} value={view.automaticRenewal ? t('detail.yes') : t('detail.no')} />
            </dl>
            {view.renewal ? (
              <p>
                <Link to={view.renewal.href} className="button button--primary">
                  {t('detail.renewLink', { season: view.renewal.season })}
                </Link>
              </p>
            ) : null}
          </section>
          <nav aria-labelledby="sections-heading">
            <h2 id="sections-heading">{t('detail.sectionsHeading')}</h2>
            <ul className="membership-links">
              <li>
                <Link to={membershipSectionPath(card.code, 'renewal')}>{t('detail.renewalLink')}</Link>
              </li>
              <li>
                <Link to={membershipSectionPath(card.code, 'upgrade')}>{t('detail.upgradeLink')}</Link>
              </li>
            </ul>
          </nav>
        </>
      )}
      <p>
        <Link to={membershipListPath()}>{t('detail.backToList')}</Link>
      </p>
    </div>
  );
}

const HOLDER_FIELDS = ['name', 'dob', 'email', 'phone', 'taxCode'] as const;

/** `field` words the missing value so it agrees with the label in Italian ("Data di nascita: Non indicata"). */
function HolderFact({ label, value, field }: { label: string; value: string | null; field?: (typeof HOLDER_FIELDS)[number] }) {
  const { t } = useShopTranslation('account');
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? t(field ? `dashboard.notProvidedField.${field}` : 'dashboard.notProvided')}</dd>
    </div>
  );
}
