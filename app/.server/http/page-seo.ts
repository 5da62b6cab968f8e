import type { RouterContextProvider } from 'react-router';
import { shopContext } from '../../context';
import { pageAddress } from '../../domain/page-address';
import { alternateUrls, type PageSeo } from '../../domain/page-meta';
import { getLanguage, getT } from '../../middleware/i18next';

/** Shared social image for pages without their own (1200×630 PNG in public/). */
const DEFAULT_SOCIAL_IMAGE = '/social.png';

type PageDescription = {
  title?: string;
  description?: string;
  robots?: PageSeo['robots'];
  imagePath?: string;
  imageAlt?: string;
};

/** The page's metadata for `pageMeta`, translated and with absolute URLs; call it in a loader. */
export function describePage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  page: PageDescription = {},
): PageSeo {
  const { config } = context.get(shopContext);
  const t = getT(context);
  const language = getLanguage(context);
  const address = pageAddress(request.url);
  const alternates = alternateUrls(config.publicUrl, address.pathname, address.search);
  return {
    language,
    shopName: t('common:shopName'),
    title: page.title,
    description: page.description ?? t('common:meta.defaultDescription'),
    robots: page.robots ?? 'index',
    canonicalUrl: alternates[language],
    imageUrl: new URL(page.imagePath ?? DEFAULT_SOCIAL_IMAGE, config.publicUrl).toString(),
    imageAlt: page.imageAlt ?? t('common:meta.socialImageAlt'),
    alternates,
  };
}
