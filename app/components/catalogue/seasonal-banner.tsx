import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { SeasonalTheme } from '../../domain/seasonal-theme';

/** The seasonal promo line; the theme's colours come from `[data-theme]` in the stylesheet. */
export function SeasonalBanner({ theme }: { theme: SeasonalTheme | null }) {
  const { t } = useShopTranslation('catalogue');
  if (!theme) return null;
  return <p className="seasonal-banner">{t(`themes.${theme}`)}</p>;
}
