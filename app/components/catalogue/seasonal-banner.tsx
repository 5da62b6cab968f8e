import { useTranslation } from 'react-i18next';
import type { SeasonalTheme } from '../../domain/seasonal-theme';

/** The seasonal promo line; the theme's colours come from `[data-theme]` in the stylesheet. */
export function SeasonalBanner({ theme }: { theme: SeasonalTheme | null }) {
  const { t } = useTranslation('catalogue');
  if (!theme) return null;
  return <p className="seasonal-banner">{t(`themes.${theme}`)}</p>;
}
