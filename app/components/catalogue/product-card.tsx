import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { PurchaseActions as Actions } from '../../domain/availability';
import type { Language } from '../../domain/catalogue-types';
import type { DisplayPrice } from '../../domain/promo';
import { PriceTag } from './price-tag';
import { PurchaseActions } from './purchase-actions';

export type ProductCardData = {
  id: string;
  name: string;
  imageUrl: string;
  tagCode: string | undefined;
  price: DisplayPrice;
  actions: Actions;
  /** Only for a featured (premium) card, which lists them. */
  benefits?: string[];
};

/** The badges the data calls for: an offer, sold out; "featured" on the premium card. */
export function ProductBadges({ price, actions, featured = false, t }: Pick<ProductCardData, 'price' | 'actions'> & { featured?: boolean; t: TFunction<'catalogue'> }) {
  const badges = [
    featured ? (['featured', t('badges.featured')] as const) : null,
    price.kind === 'promo' ? (['offer', t('badges.offer')] as const) : null,
    actions.kind === 'sold-out' ? (['sold-out', t('badges.soldOut')] as const) : null,
  ].filter((badge) => badge !== null);
  if (badges.length === 0) return null;
  return (
    <ul className="badges">
      {badges.map(([kind, label]) => (
        <li key={kind} className={`badge badge--${kind}`}>
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * One card of the list; a featured card (the premium section's) spans the row with its art large
 * and its benefits. The name's link covers the whole card (a bigger target), the actions sit
 * above it. `t` comes from the list (one translation hook per page, not three per card: on
 * /products they added up to a millisecond per request).
 */
export function ProductCard({
  product,
  language,
  featured = false,
  t,
}: {
  product: ProductCardData;
  language: Language;
  featured?: boolean;
  t: TFunction<'catalogue'>;
}) {
  const headingId = `product-${product.id}-name`;
  return (
    <article className={`product-card${featured ? ' product-card--featured' : ''}`} aria-labelledby={headingId}>
      <div className="product-card__art">
        <img src={product.imageUrl} alt="" width={640} height={400} loading="lazy" decoding="async" />
        <ProductBadges price={product.price} actions={product.actions} featured={featured} t={t} />
      </div>
      <div className="product-card__body">
        <h3 id={headingId} className="product-card__name">
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </h3>
        {product.tagCode ? <p className="product-card__tag">{t(`tags.${product.tagCode}`, product.tagCode)}</p> : null}
        <PriceTag price={product.price} language={language} t={t} className="product-card__price" />
        {featured && product.benefits?.length ? (
          <>
            <h4 className="product-card__benefits-heading">{t('featured.benefitsHeading')}</h4>
            <ul className="check-list">
              {product.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </>
        ) : null}
        <PurchaseActions productId={product.id} productName={product.name} actions={product.actions} t={t} featured={featured} />
      </div>
    </article>
  );
}
