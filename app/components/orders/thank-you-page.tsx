import { Link } from 'react-router';
import { ORDERS_PATH, type ThankYouKind } from '../../domain/order-pages';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Carousel } from '../ui/carousel';
import { OrderSummary, type OrderSummaryData } from './order-summary';
import { THANK_YOU_PROMOTIONS, type ThankYouPromotionId } from './thank-you-promotions';

/** What the page offers the fan (the loader leaves out what they have just bought: domain/thank-you-offers.ts). */
export type ThankYouOffers = { clubCard: boolean; promotions: readonly ThankYouPromotionId[] };

/**
 * The spec's thank-you page: a success title, the links on to the catalogue and the club card,
 * and three promotional cards, less those selling what the fan has just bought (`offers`). The order's summary only for its owner (the loader decides).
 * After new identity documents (from /reload-docs) or an activated gift, the title and intro say so.
 */
export function ThankYouPage({ summary, kind = 'purchase', offers }: { summary: OrderSummaryData | null; kind?: ThankYouKind; offers: ThankYouOffers }) {
  const { t } = useShopTranslation('orders');
  const wording = { purchase: { heading: 'thankYou.heading', intro: 'thankYou.intro' }, documents: { heading: 'thankYou.documentsHeading', intro: 'thankYou.documentsIntro' }, gift: { heading: 'thankYou.giftHeading', intro: 'thankYou.giftIntro' } }[kind];
  return (
    <div className="order-page thank-you">
      <h1>{t(wording.heading)}</h1>
      <p>{t(wording.intro)}</p>
      {summary ? <OrderSummary summary={summary} /> : null}
      <ul className="order-page__links">
        <li>
          <Link to="/products" className="button button--primary">
            {t('thankYou.continueShopping')}
          </Link>
        </li>
        {offers.clubCard ? (
          <li>
            <Link to="/products/jcard" className="button">
              {t('thankYou.buyCard')}
            </Link>
          </li>
        ) : null}
        {summary ? (
          <li>
            <Link to={ORDERS_PATH}>{t('thankYou.allOrders')}</Link>
          </li>
        ) : null}
      </ul>
      {offers.promotions.length > 0 ? <PromotionCards shown={offers.promotions} /> : null}
    </div>
  );
}

/** Plain HTML: a list that scrolls sideways (ui/carousel), no script needed. */
function PromotionCards({ shown }: { shown: readonly ThankYouPromotionId[] }) {
  const { t } = useShopTranslation('orders');
  return (
    <div className="thank-you__promotions">
      <h2 id="promotions-heading">{t('thankYou.promotionsHeading')}</h2>
      <Carousel
        labelledBy="promotions-heading"
        slides={THANK_YOU_PROMOTIONS.filter((card) => shown.includes(card.id)).map((card) => ({
          key: card.id,
          content: (
            <div className="promotion-card">
              {/* The text says what the card is about: the art is decoration. */}
              <img src={card.imageUrl} alt="" width={640} height={400} loading="lazy" decoding="async" />
              <p>{t(`promotions.${card.id}.text`)}</p>
              <Link to={card.href} className="button button--primary">
                {t(`promotions.${card.id}.action`)}
              </Link>
            </div>
          ),
        }))}
      />
    </div>
  );
}
