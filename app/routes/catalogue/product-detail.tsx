import { FloatingControls } from '../../components/floating-controls';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Link } from 'react-router';
import { PriceTag } from '../../components/catalogue/price-tag';
import { ProductBadges } from '../../components/catalogue/product-card';
import { ProductDetails } from '../../components/catalogue/product-details';
import { PurchaseActions } from '../../components/catalogue/purchase-actions';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { shopContext } from '../../context';
import { purchaseActions, restrictionNoticeFor } from '../../domain/availability';
import { productKindOf } from '../../domain/cart-rules';
import { seasonDays } from '../../domain/season';
import { countryList, formatShopDate, lastDayBefore } from '../../domain/display-format';
import { displayPrice } from '../../domain/promo';
import { seasonalTheme } from '../../domain/seasonal-theme';
import { getSessionUser } from '../../.server/auth/guards';
import { describePage } from '../../.server/http/page-seo';
import { getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { pageMeta } from '../../domain/page-meta';
import type { Route } from './+types/product-detail';
import { Notice } from '../../components/ui/notice';

export const handle: RouteHandle = { hydrate: false, styles: ['components', 'price', 'catalogue', 'ui'] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, clock, config } = context.get(shopContext);
  const product = await services.catalogue.getProductDetail(params.id);
  if (!product) throw data({ reason: 'product-not-found' }, { status: 404 });
  const language = getLanguage(context);
  const price = displayPrice(product, clock.now());
  const user = await getSessionUser(request, context);
  const actions = purchaseActions(product);
  const restriction = await restrictionNoticeOf(context, product, user?.customerId ?? null);
  const days = productKindOf(product.tags) === 'membership' ? seasonDays(product.membershipCode.season) : null;
  // Midday UTC of a calendar day is that same day in Rome.
  const dayText = (day: string) => formatShopDate(new Date(`${day}T12:00:00Z`), language);
  return {
    language,
    theme: seasonalTheme(clock.now(), config.christmas),
    product: {
      id: product.id,
      name: product.name[language],
      imageUrl: product.imageUrl,
      tagCode: product.tags[0],
      description: product.cms.description[language],
      benefits: product.cms.benefits[language],
      virtual: product.virtual,
      // When a membership runs (issue 30): its season, first and last day.
      season: days && { name: product.membershipCode.season, from: dayText(days.first), to: dayText(days.last) },
      minHolderAge: product.minHolderAge,
      maxHolderAge: product.maxHolderAge,
      variants: product.sizeType === 'upper_body' ? product.variants : [],
      customizations: product.customizations.map(({ id, ruleLabel, maxLength }) => ({
        id,
        label: ruleLabel[language],
        maxLength,
      })),
    },
    price,
    promoLastDay: price.kind === 'promo' ? formatShopDate(lastDayBefore(price.until), language) : null,
    actions,
    notifyWaiting: actions.kind === 'sold-out' && user !== null && (await services.notifyMe.isWaiting(user.customerId, product.id)),
    // Only to the fans it concerns (issue 30): a neutral line when that is not known.
    restriction:
      restriction.kind === 'none'
        ? null
        : {
            kind: restriction.rule.kind,
            countries: countryList(restriction.rule.countryCodes, language),
            yours: restriction.kind === 'concerns' ? countryList(restriction.countryCodes, language) : null,
          },
    alternative: product.alternativeProduct && {
      id: product.alternativeProduct.id,
      name: product.alternativeProduct.name[language],
    },
    seo: describePage(context, request, {
      title: product.name[language],
      description: product.cms.description[language],
      imageAlt: product.name[language],
    }),
  };
}

/**
 * Whom the product's country rule concerns (domain/availability.ts `restrictionNoticeFor`): the
 * signed-in fan's saved addresses are read only when the product has a rule. Anonymous visitors
 * cost no database read (here nor for notify-me): the session is the cookie alone.
 */
async function restrictionNoticeOf(context: Route.LoaderArgs['context'], product: Parameters<typeof restrictionNoticeFor>[0], customerId: string | null) {
  const unknown = restrictionNoticeFor(product, null);
  if (customerId === null || unknown.kind === 'none') return unknown;
  const addresses = await context.get(shopContext).services.addresses.list(customerId);
  return restrictionNoticeFor(
    product,
    addresses.map((address) => address.countryCode),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('catalogue');
  const { product, price, language, actions, notifyWaiting, restriction, alternative, promoLastDay, theme } = loaderData;
  return (
    <article className="product-detail" aria-labelledby="product-title" data-theme={theme ?? undefined}>
      <Breadcrumb current={product.name} />
      <div className="product-detail__layout">
        <div className="product-detail__art">
          <img
            className="product-detail__image"
            src={product.imageUrl}
            alt=""
            width={640}
            height={400}
            fetchPriority="high"
          />
          <ProductBadges price={price} actions={actions} t={t} />
        </div>
        <div className="product-detail__summary">
          {product.tagCode ? <p className="product-detail__tag">{t(`tags.${product.tagCode}`, product.tagCode)}</p> : null}
          <h1 id="product-title">{product.name}</h1>
          <PriceTag price={price} language={language} t={t} className="product-detail__price" />
          {promoLastDay ? <p>{t('detail.promoUntil', { date: promoLastDay })}</p> : null}
          {restriction ? <RestrictionNotice restriction={restriction} alternative={alternative} /> : null}
          <PurchaseActions productId={product.id} productName={product.name} actions={actions} t={t} notifyWaiting={notifyWaiting} />
        </div>
      </div>
      <ProductDetails product={product} />
      <FloatingControls variant="light" />
    </article>
  );
}

/** The product's country rule: a warning to a fan it concerns (naming their countries), else a plain line. */
function RestrictionNotice({
  restriction,
  alternative,
}: {
  restriction: { kind: 'only-in' | 'not-in'; countries: string; yours: string | null };
  alternative: { id: string; name: string } | null;
}) {
  const { t } = useShopTranslation('catalogue');
  const content = (
    <>
      <p>{t(restriction.kind === 'only-in' ? 'detail.restrictedOnlyIn' : 'detail.restrictedNotIn', { countries: restriction.countries })}</p>
      {restriction.yours ? <p>{t('detail.restrictedYourAddress', { countries: restriction.yours })}</p> : null}
      {alternative ? (
        <p>
          <Link to={`/products/${alternative.id}`}>{t('detail.alternative', { name: alternative.name })}</Link>
        </p>
      ) : null}
    </>
  );
  return restriction.yours ? <Notice tone="warning">{content}</Notice> : <div className="product-detail__restriction">{content}</div>;
}

export { ProductErrorBoundary as ErrorBoundary } from '../../components/catalogue/product-error-boundary';
