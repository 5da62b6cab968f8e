import { useShopTranslation } from '../../i18n/use-shop-translation';

/**
 * The card art: the product's own illustration from the catalogue (`public/art`), else a plain
 * card bearing the code. `decorative` where the text beside it names the membership already.
 */
export function MembershipCard({
  imageUrl,
  productName,
  code,
  decorative = false,
  large = false,
}: {
  imageUrl: string | null;
  productName: string;
  code: string;
  decorative?: boolean;
  large?: boolean;
}) {
  const { t } = useShopTranslation('membership');
  const className = large ? 'membership-card membership-card--large' : 'membership-card';
  if (imageUrl) {
    return (
      <div className={className}>
        <img src={imageUrl} alt={decorative ? '' : t('detail.cardLabel', { product: productName })} width={320} height={202} loading="lazy" />
      </div>
    );
  }
  return (
    <div className={className} aria-hidden={decorative || undefined}>
      <span className="membership-code">{code}</span>
    </div>
  );
}
