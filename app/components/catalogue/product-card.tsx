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
};

/**
 * One card of the list. `t` comes from the list (one translation hook per page, not three per
 * card: on /products they added up to a millisecond per request).
 */
export function ProductCard({ product, language, t }: { product: ProductCardData; language: Language; t: TFunction<'catalogue'> }) {
  const headingId = `product-${product.id}-name`;
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <img src={product.imageUrl} alt="" width={640} height={400} loading="lazy" decoding="async" />
      <h3 id={headingId} className="product-card__name">
        <Link to={`/products/${product.id}`}>{product.name}</Link>
      </h3>
      {product.tagCode ? <p className="product-card__tag">{t(`tags.${product.tagCode}`, product.tagCode)}</p> : null}
      <PriceTag price={product.price} language={language} t={t} className="product-card__price" />
      <PurchaseActions productId={product.id} productName={product.name} actions={product.actions} t={t} />
    </article>
  );
}
