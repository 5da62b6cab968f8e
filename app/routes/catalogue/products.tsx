import { FloatingControls } from '../../components/floating-controls';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { redirect, useLocation } from 'react-router';
import { BenefitsTable } from '../../components/catalogue/benefits-table';
import { CouponCarousel, GalleryCarousel } from '../../components/catalogue/catalogue-carousels';
import { ProductCard } from '../../components/catalogue/product-card';
import { CatalogueHero } from '../../components/catalogue/catalogue-hero';
import { shopContext } from '../../context';
import { purchaseActions } from '../../domain/availability';
import { heroOffer } from '../../domain/catalogue-hero';
import { formatShopDayMonth } from '../../domain/display-format';
import { comparisonTable, isComparisonGroup } from '../../domain/benefits-comparison';
import { catalogueSections, SECTIONS } from '../../domain/catalogue-order';
import type { Section } from '../../domain/catalogue-types';
import { pageMeta } from '../../domain/page-meta';
import { displayPrice } from '../../domain/promo';
import { seasonalTheme } from '../../domain/seasonal-theme';
import { describePage } from '../../.server/http/page-seo';
import { getLanguage, getT } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import type { Route } from './+types/products';

// Links and GET switches only: the page ships no JavaScript
// (docs/decisions/catalogue.md, "Catalogue pages ship no JavaScript").
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'price', 'catalogue', 'carousel'] };

const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // `?show=junior` scrolls to the section: a redirect to its anchor does that without JavaScript.
  const show = url.searchParams.get('show');
  if (show !== null) {
    url.searchParams.delete('show');
    const query = url.searchParams.toString();
    return redirect(`${url.pathname}${query ? `?${query}` : ''}${isSection(show) ? `#${show}` : ''}`, 302);
  }

  const { services, config, clock } = context.get(shopContext);
  const language = getLanguage(context);
  const now = clock.now();
  const products = await services.catalogue.listProducts();
  const sections = catalogueSections(products).map(({ section, products: inSection }) => ({
    section,
    products: inSection.map((product) => ({
      id: product.id,
      name: product.name[language],
      imageUrl: product.imageUrl,
      tagCode: product.tags[0],
      price: displayPrice(product, now),
      actions: purchaseActions(product),
      // The premium card is featured: it lists its benefits (only it, to keep the page light).
      benefits: section === 'premium' ? product.cms.benefits[language] : undefined,
    })),
  }));
  const theme = seasonalTheme(now, config.christmas);
  const premium = sections.find(({ section }) => section === 'premium')?.products[0];
  const offer = heroOffer(sections.flatMap((section) => section.products), theme);
  const group = url.searchParams.get('group');
  const t = getT(context);
  return {
    language,
    sections,
    comparison: comparisonTable(products, isComparisonGroup(group) ? group : 'adult'),
    gallery: sections.flatMap((section) => section.products.map(({ id, name, imageUrl }) => ({ id, name, imageUrl }))),
    theme,
    hero: {
      season: products[0]?.membershipCode.season ?? '',
      offer: offer && { ...offer, lastDay: formatShopDayMonth(offer.lastDay, language) },
      featured: premium ? { id: premium.id, name: premium.name } : null,
    },
    seo: describePage(context, request, {
      title: t('catalogue:title'),
      description: t('catalogue:description', { season: products[0]?.membershipCode.season ?? '' }),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('catalogue');
  const { search } = useLocation();
  const { sections, language, comparison, gallery, theme, hero } = loaderData;
  return (
    <div className="catalogue" data-theme={theme ?? undefined}>
      <CatalogueHero hero={hero} theme={theme} language={language} t={t} />
      {sections.length === 0 ? <p>{t('emptyProducts')}</p> : null}
      {sections.map(({ section, products }) => (
        <section key={section} id={section} aria-labelledby={`${section}-heading`} className="catalogue__section">
          <h2 id={`${section}-heading`}>{t(`sections.${section}`)}</h2>
          <ul className={`catalogue__grid catalogue__grid--${section}`}>
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} language={language} featured={section === 'premium'} t={t} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {sections.length > 0 ? (
        <>
          <BenefitsTable table={comparison} language={language} search={search} />
          <GalleryCarousel slides={gallery} />
        </>
      ) : null}
      <CouponCarousel />
      <FloatingControls variant="default" />
    </div>
  );
}
