import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { MembershipCardView } from './membership-views';

/**
 * The membership as the card a fan carries: the product's own art for its season
 * (`public/art`, else the ink card), with a strip bearing the holder's name and the code. On
 * its own page the art is named ("Stadium card"); in the list the text beside it says the same,
 * so there the card is hidden from assistive technology.
 */
export function MembershipCard({
  card,
  decorative = false,
  large = false,
}: {
  card: Pick<MembershipCardView, 'imageUrl' | 'productName' | 'code' | 'holderName' | 'season'>;
  decorative?: boolean;
  large?: boolean;
}) {
  const { t } = useShopTranslation('membership');
  return (
    <figure className={large ? 'membership-card membership-card--large' : 'membership-card'} aria-hidden={decorative || undefined}>
      <div className="membership-card__art">
        {card.imageUrl ? (
          <img src={card.imageUrl} alt={decorative ? '' : t('detail.cardLabel', { product: card.productName })} width={640} height={400} decoding="async" />
        ) : null}
      </div>
      <figcaption className="membership-card__strip">
        {card.holderName ? <span className="membership-card__holder">{card.holderName}</span> : null}
        <span className="membership-card__line">
          <span className="membership-code">{card.code}</span>
          {card.season ? <span>{card.season}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}
