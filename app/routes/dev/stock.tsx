import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { SelectField } from '../../components/form/select-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { shopContext } from '../../context';
import { isSoldOut } from '../../domain/availability';
import { pageMeta } from '../../domain/page-meta';
import { intentOf } from '../../forms/intent';
import { FIELD_MESSAGES } from '../../forms/messages';
import { parseForm } from '../../forms/parse';
import { MAX_RESTOCK_QUANTITY, restockSchema, sellOutSchema } from '../../forms/restock';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import type { Route } from './+types/stock';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'catalogue', 'forms', 'notify-me'] };

const RESTOCK_INTENT = 'restock';
const SELL_OUT_INTENT = 'sell-out';

const STOCK_PATH = '/dev/stock';

/** A product's name in the page's language, for the notice after a change. */
async function productName(context: Route.ActionArgs['context'], productId: string): Promise<string> {
  const product = await context.get(shopContext).services.catalogue.getProductDetail(productId);
  return product ? product.name[getLanguage(context)] : productId;
}

/** Support tool (not in production, only from this machine): the stock of every product; restock or mark sold out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const list = await services.catalogue.listProducts();
  const details = await Promise.all(list.map((product) => services.catalogue.getProductDetail(product.id)));
  const { t } = getInstance(context);
  return {
    products: details.flatMap((product) =>
      product
        ? [
            {
              id: product.id,
              name: product.name[language],
              onSale: !isSoldOut(product),
              variants: product.variants.map((variant) => ({ id: variant.id, label: variant.label, stockQty: variant.stockQty })),
            },
          ]
        : [],
    ),
    seo: describePage(context, request, { title: t('notify:stock.metaTitle'), robots: 'noindex' }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services } = context.get(shopContext);
  const formData = await readFormData(request);
  if (intentOf(formData) === SELL_OUT_INTENT) {
    const submission = parseForm(formData, sellOutSchema);
    if (submission.status !== 'success') return data({ form: SELL_OUT_INTENT, reply: submission.reply() }, { status: 400 });
    if (!(await services.catalogue.markSoldOut(submission.value.productId)).ok) {
      const reply = submission.reply({ fieldErrors: { productId: [FIELD_MESSAGES.selectFromList] } });
      return data({ form: SELL_OUT_INTENT, reply }, { status: 400 });
    }
    const name = await productName(context, submission.value.productId);
    return redirectWithNotice(request, context, STOCK_PATH, { key: 'notify:stock.soldOut', values: { name } });
  }
  const submission = parseForm(formData, restockSchema);
  if (submission.status !== 'success') return data({ form: RESTOCK_INTENT, reply: submission.reply() }, { status: 400 });
  const { productId, variantId, quantity } = submission.value;
  const result = await services.catalogue.restock({ productId, variantId: variantId || null, quantity });
  if (!result.ok) {
    const fieldErrors: Record<string, string[]> =
      result.reason === 'unknown-variant'
        ? { variantId: ['notify:stock.unknownVariant'] }
        : { productId: [FIELD_MESSAGES.selectFromList] };
    return data({ form: RESTOCK_INTENT, reply: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  const notice = { key: 'notify:stock.restocked', values: { name: await productName(context, productId), count: result.value.queuedMails } };
  return redirectWithNotice(request, context, STOCK_PATH, notice);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevStock({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('notify');
  const { products } = loaderData;
  const restock = useShopForm(restockSchema, {
    id: 'restock',
    lastResult: actionData?.form === RESTOCK_INTENT ? actionData.reply : undefined,
    fieldOrder: ['productId', 'variantId', 'quantity'],
  });
  const sellOut = useShopForm(sellOutSchema, {
    id: 'sell-out',
    lastResult: actionData?.form === SELL_OUT_INTENT ? actionData.reply : undefined,
    fieldOrder: ['productId'],
  });
  const productOptions = products.map((product) => ({ value: product.id, label: product.name }));
  const variantOptions = products.flatMap((product) =>
    product.variants.map((variant) => ({ value: variant.id, label: `${product.name} – ${variant.label}` })),
  );
  return (
    <section className="notify-page" aria-labelledby="stock-heading">
      <h1 id="stock-heading">{t('stock.heading')}</h1>
      <p>{t('stock.intro')}</p>
      <h2 id="restock-heading">{t('stock.restockHeading')}</h2>
      <ErrorSummary
        key={restock.summary.key}
        errors={restock.summary.errors}
        labels={{ productId: t('stock.product'), variantId: t('stock.variant'), quantity: t('stock.quantity') }}
      />
      <Form method="post" {...restock.formProps} aria-labelledby="restock-heading" className="form">
        <SelectField field={restock.fields.productId} label={t('stock.product')} options={productOptions} />
        <SelectField
          field={restock.fields.variantId}
          label={t('stock.variant')}
          hint={t('stock.variantHint')}
          options={variantOptions}
        />
        <TextField
          field={restock.fields.quantity}
          label={t('stock.quantity')}
          hint={t('stock.quantityHint', { max: MAX_RESTOCK_QUANTITY })}
          autoComplete="off"
          digitsOnly
        />
        <SubmitButton intent={RESTOCK_INTENT}>{t('stock.restock')}</SubmitButton>
      </Form>

      <h2 id="sell-out-heading">{t('stock.sellOutHeading')}</h2>
      <p>{t('stock.sellOutIntro')}</p>
      <ErrorSummary
        key={sellOut.summary.key}
        errors={sellOut.summary.errors}
        labels={{ productId: t('stock.product') }}
      />
      <Form method="post" {...sellOut.formProps} aria-labelledby="sell-out-heading" className="form">
        <SelectField field={sellOut.fields.productId} label={t('stock.product')} options={productOptions} />
        <SubmitButton intent={SELL_OUT_INTENT}>{t('stock.sellOut')}</SubmitButton>
      </Form>

      <div className="table-scroll">
        <table className="sizes-table">
          <caption>{t('stock.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stock.product')}</th>
              <th scope="col">{t('stock.state')}</th>
              <th scope="col">{t('stock.sizes')}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <th scope="row">{product.name}</th>
                <td>{product.onSale ? t('stock.onSale') : t('stock.notOnSale')}</td>
                <td>
                  {product.variants.length === 0
                    ? t('stock.noSizes')
                    : product.variants.map((variant) => `${variant.label}: ${variant.stockQty}`).join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
