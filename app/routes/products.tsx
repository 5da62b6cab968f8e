import { useTranslation } from 'react-i18next';
import { ProductCard } from '../components/product-card';
import { shopContext } from '../context';
import { catalogueSections } from '../domain/catalogue-order';
import { pageMeta } from '../domain/page-meta';
import { describePage } from '../.server/seo';
import { getInstance, getLanguage } from '../middleware/i18next';
import type { RouteHandle } from '../root';
import type { Route } from './+types/products';

// Links only: the page needs no JavaScript (see docs/decisions.md).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const products = await services.catalogue.listProducts();
  const sections = catalogueSections(products).map(({ section, products: inSection }) => ({
    section,
    products: inSection.map((product) => ({
      id: product.id,
      name: product.name[language],
      imageUrl: product.imageUrl,
      tagCode: product.tags[0],
      priceCents: product.priceCents,
    })),
  }));
  const season = products[0]?.membershipCode.season ?? '';
  const { t } = getInstance(context);
  return {
    language,
    sections,
    seo: describePage(context, request, {
      title: t('catalogue:title'),
      description: t('catalogue:description', { season }),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  const { sections, language } = loaderData;
  return (
    <div className="catalogue">
      <h1>{t('heading')}</h1>
      {sections.length === 0 ? <p role="status">{t('emptyProducts')}</p> : null}
      {sections.map(({ section, products }) => (
        <section key={section} id={section} aria-labelledby={`${section}-heading`} className="catalogue__section">
          <h2 id={`${section}-heading`}>{t(`sections.${section}`)}</h2>
          <ul className="catalogue__grid">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} language={language} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
