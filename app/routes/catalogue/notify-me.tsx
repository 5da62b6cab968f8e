import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form, Link, redirect } from 'react-router';
import { SubmitButton } from '../../components/form/submit-button';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { shopContext } from '../../context';
import { isPurchasable, MAX_PENDING_NOTIFY_REQUESTS, notifyMePageState } from '../../domain/notify-me';
import { pageMeta } from '../../domain/page-meta';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { Route } from './+types/notify-me';
import { Notice } from '../../components/ui/notice';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'catalogue', 'ui', 'forms', 'notify-me'] };

/** A sold-out product's "tell me when it is back" page (secured). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const product = await services.catalogue.getProductDetail(params.id);
  if (!product) throw data({ reason: 'product-not-found' }, { status: 404 });
  const purchasable = isPurchasable(product, product.variants.map((variant) => variant.stockQty));
  const waiting = !purchasable && (await services.notifyMe.isWaiting(customer.id, product.id));
  const name = product.name[getLanguage(context)];
  const { t } = getInstance(context);
  return {
    product: { id: product.id, name, imageUrl: product.imageUrl },
    email: customer.email,
    state: notifyMePageState(purchasable, waiting),
    seo: describePage(context, request, { title: t('notify:page.metaTitle', { name }), robots: 'noindex' }),
  };
}

/** POST (no fields: the product is in the URL) asks to be told; then back here (303) to the confirmation. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const result = await context.get(shopContext).services.notifyMe.subscribe(customer.id, params.id, getLanguage(context));
  if (!result.ok && result.reason === 'unknown-product') throw data({ reason: 'product-not-found' }, { status: 404 });
  // Built from the params: with JavaScript, request.url is the `.data` URL of the submit.
  const page = `/products/${encodeURIComponent(params.id)}/notify-me`;
  if (!result.ok && result.reason === 'too-many') {
    return redirectWithNotice(request, context, page, { key: 'notify:page.tooMany', values: { count: MAX_PENDING_NOTIFY_REQUESTS } });
  }
  // On sale after all: the page itself says so, there is nothing to confirm.
  if (!result.ok) return redirect(page, 303);
  const product = await context.get(shopContext).services.catalogue.getProductDetail(params.id);
  const name = product ? product.name[getLanguage(context)] : params.id;
  return redirectWithNotice(request, context, page, { key: 'notify:page.requested', values: { name } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ProductNotifyMe({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('notify');
  const { product, email, state } = loaderData;
  const name = product.name;
  return (
    <article className="product-detail notify-page" aria-labelledby="notify-heading">
      <Breadcrumb trail={[{ to: `/products/${product.id}`, label: name }]} current={t('page.current')} />
      <div className="product-detail__layout">
        <img className="product-detail__image" src={product.imageUrl} alt="" width={640} height={400} />
        <div className="product-detail__summary">
          <h1 id="notify-heading">{state === 'available' ? name : t('page.heading', { name })}</h1>
          {state === 'available' ? (
            <>
              <p>{t('page.available', { name })}</p>
              <p>
                <Link className="button button--primary" to={`/products/${product.id}`}>
                  {t('page.toProduct', { name })}
                </Link>
              </p>
            </>
          ) : null}
          {state === 'ask' ? (
            <>
              <p>{t('page.soldOut', { name, email })}</p>
              <Form method="post" className="form">
                <SubmitButton>{t('page.submit')}</SubmitButton>
              </Form>
            </>
          ) : null}
          {/* The confirmation right after asking is the layout's flash notice; this is the state. */}
          {state === 'waiting' ? (
            <Notice tone="success">
              <h2>{t('page.waitingTitle')}</h2>
              <p>{t('page.waiting', { name, email })}</p>
            </Notice>
          ) : null}
          {state === 'waiting' ? (
            <p>
              <Link to="/account/notify-me">{t('page.toList')}</Link>
            </p>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export { ProductErrorBoundary as ErrorBoundary } from '../../components/catalogue/product-error-boundary';
