import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { ProductVariant } from '../../domain/catalogue-types';

export type ProductDetailsData = {
  description: string;
  benefits: string[];
  virtual: boolean;
  /** A membership's season and its first and last day, worded; null for what has none. */
  season: { name: string; from: string; to: string } | null;
  minHolderAge: number | null;
  maxHolderAge: number | null;
  variants: ProductVariant[];
  customizations: { id: string; label: string; maxLength: number }[];
};

/** The descriptive half of the product page: benefits, holder ages, sizes and personalisation. */
export function ProductDetails({ product }: { product: ProductDetailsData }) {
  const { t } = useShopTranslation('catalogue');
  const { minHolderAge, maxHolderAge } = product;
  return (
    <div className="product-detail__body">
      <p className="product-detail__description">{product.description}</p>
      <section className="product-detail__benefits" aria-labelledby="detail-benefits-heading">
        <h2 id="detail-benefits-heading">{t('detail.benefitsHeading')}</h2>
        <ul className="check-list">
          {product.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>
      {product.season ? <p>{t('detail.season', { season: product.season.name, from: product.season.from, to: product.season.to })}</p> : null}
      <p>{product.virtual ? t('detail.virtual') : t('detail.shipped')}</p>
      {minHolderAge !== null && maxHolderAge !== null ? (
        <p>{t('detail.holderAgeRange', { min: minHolderAge, max: maxHolderAge })}</p>
      ) : minHolderAge ? (
        <p>{t('detail.holderAgeFrom', { min: minHolderAge })}</p>
      ) : null}
      {product.variants.length > 0 ? (
        <>
          <h2>{t('detail.sizesHeading')}</h2>
          <div className="table-scroll" role="region" aria-labelledby="sizes-caption" tabIndex={0}>
            <table className="sizes-table">
              <caption id="sizes-caption">{t('detail.sizesCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('detail.sizeColumn')}</th>
                  <th scope="col">{t('detail.itColumn')}</th>
                  <th scope="col">{t('detail.ukColumn')}</th>
                  <th scope="col">{t('detail.stockColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr key={variant.id}>
                    <th scope="row">{variant.label}</th>
                    <td>{variant.itLabel}</td>
                    <td>{variant.ukLabel}</td>
                    <td>{variant.stockQty > 0 ? t('detail.inStock') : t('detail.outOfStock')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {product.customizations.length > 0 ? (
        <>
          <h2>{t('detail.customizationHeading')}</h2>
          <ul>
            {product.customizations.map((customization) => (
              <li key={customization.id}>
                {t('detail.customizationRule', { label: customization.label, max: customization.maxLength })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
