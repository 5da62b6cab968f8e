import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../domain/catalogue-types';
import { formatPrice } from '../domain/price';

export type ProductCardData = {
  id: string;
  name: string;
  imageUrl: string;
  tagCode: string | undefined;
  priceCents: number | null;
};

export function ProductCard({ product, language }: { product: ProductCardData; language: Language }) {
  const { t } = useTranslation('catalogue');
  const headingId = `product-${product.id}-name`;
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <img src={product.imageUrl} alt="" width={640} height={400} loading="lazy" decoding="async" />
      <h3 id={headingId} className="product-card__name">
        <Link to={`/products/${product.id}`}>{product.name}</Link>
      </h3>
      {product.tagCode ? <p className="product-card__tag">{t(`tags.${product.tagCode}`, product.tagCode)}</p> : null}
      <p className="product-card__price">
        {product.priceCents === null ? t('couponOnly') : formatPrice(product.priceCents, language)}
      </p>
    </article>
  );
}
