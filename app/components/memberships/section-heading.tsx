import { Link } from 'react-router';
import { membershipListPath } from '../../domain/membership-manage';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Breadcrumb } from '../ui/breadcrumb';
import type { MembershipCardView } from './membership-views';

/** A section's breadcrumb (account, list, the membership) and heading, naming the membership it is about. */
export function SectionHeading({ card, title }: { card: MembershipCardView; title: string }) {
  const { t } = useShopTranslation('membership');
  return (
    <>
      <Breadcrumb
        trail={[
          { to: '/account', label: t('breadcrumb.account') },
          { to: membershipListPath(), label: t('breadcrumb.list') },
          { to: card.href, label: card.code },
        ]}
        current={title}
      />
      <h1>{title}</h1>
      <p>
        <Link to={card.href}>
          {card.productName} <span className="membership-code">{card.code}</span>
        </Link>
      </p>
    </>
  );
}
