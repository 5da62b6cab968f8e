import type { TFunction } from 'i18next';
import type { Language } from '../../domain/catalogue-types';
import { formatPrice } from '../../domain/price';
import type { DisplayPrice } from '../../domain/promo';

/** A price as the spec shows it; a promo shows the old price struck through, announced in words. */
export function PriceTag({
  price,
  language,
  t,
  className,
}: {
  price: DisplayPrice;
  language: Language;
  /** The page's catalogue translations (passed down: a hook per price adds up on lists). */
  t: TFunction<'catalogue'>;
  className?: string;
}) {
  if (price.kind === 'coupon-only') return <p className={className}>{t('price.couponOnly')}</p>;
  if (price.kind === 'list') return <p className={className}>{formatPrice(price.priceCents, language)}</p>;
  return (
    <p className={`${className ?? ''} price--promo`}>
      <span className="visually-hidden">{t('price.promoLabel')} </span>
      <ins>{formatPrice(price.priceCents, language)}</ins>{' '}
      <del>
        <span className="visually-hidden">{t('price.listLabel')} </span>
        {formatPrice(price.listPriceCents, language)}
      </del>
    </p>
  );
}
