import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { SelectField } from '../../components/form/select-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { shopContext } from '../../context';
import { isCouponProduct } from '../../domain/coupon';
import { formatCouponCode } from '../../domain/coupon-code';
import { formatShopDateTime } from '../../domain/display-format';
import { pageMeta } from '../../domain/page-meta';
import { FIELD_MESSAGES } from '../../forms/messages';
import { DEFAULT_COUPON_VALID_DAYS, MAX_COUPON_VALID_DAYS, mintCouponSchema } from '../../forms/mint-coupon';
import { parseForm } from '../../forms/parse';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import type { Route } from './+types/coupons';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'catalogue', 'forms', 'notify-me'] };

const COUPONS_PATH = '/dev/coupons';
const LIST_LIMIT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Support tool (not in production, only from this machine): mint coupons; the latest ones and their state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const { t } = getInstance(context);
  const [products, latest] = await Promise.all([services.catalogue.listProducts(), services.coupons.listLatest(LIST_LIMIT)]);
  return {
    products: products.filter(isCouponProduct).map((product) => ({ id: product.id, name: product.name[language] })),
    coupons: latest.map((coupon) => ({
      code: formatCouponCode(coupon.code),
      productName: coupon.productName[language],
      expiresAt: formatShopDateTime(coupon.expiresAt, language),
      state: coupon.state,
      redeemedAt: coupon.redeemedAt ? formatShopDateTime(coupon.redeemedAt, language) : null,
      redeemedBy: coupon.redeemedByEmail,
    })),
    seo: describePage(context, request, { title: t('dev:coupons.metaTitle'), robots: 'noindex' }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services, clock } = context.get(shopContext);
  const submission = parseForm(await readFormData(request), mintCouponSchema);
  if (submission.status !== 'success') return data({ reply: submission.reply() }, { status: 400 });
  const { productId, validDays } = submission.value;
  const expiresAt = new Date(clock.now().getTime() + validDays * DAY_MS);
  const minted = await services.coupons.mint(productId, expiresAt);
  if (!minted.ok) {
    // The list offers memberships only: anything else is a forged or stale choice.
    const reply = submission.reply({ fieldErrors: { productId: [FIELD_MESSAGES.selectFromList] } });
    return data({ reply }, { status: 400 });
  }
  const product = await services.catalogue.getProductDetail(productId);
  const name = product ? product.name[getLanguage(context)] : productId;
  return redirectWithNotice(request, context, COUPONS_PATH, {
    key: 'dev:coupons.minted',
    values: { code: formatCouponCode(minted.value.code), name },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('dev');
  const { products, coupons } = loaderData;
  const mint = useShopForm(mintCouponSchema, {
    id: 'mint-coupon',
    lastResult: actionData?.reply,
    fieldOrder: ['productId', 'validDays'],
    defaultValue: { validDays: String(DEFAULT_COUPON_VALID_DAYS) },
  });
  return (
    <section className="notify-page" aria-labelledby="coupons-heading">
      <h1 id="coupons-heading">{t('coupons.heading')}</h1>
      <p>{t('coupons.intro')}</p>
      <h2 id="mint-heading">{t('coupons.mintHeading')}</h2>
      <ErrorSummary
        key={mint.summary.key}
        errors={mint.summary.errors}
        labels={{ productId: t('coupons.product'), validDays: t('coupons.validDays') }}
      />
      <Form method="post" {...mint.formProps} aria-labelledby="mint-heading" className="form">
        <SelectField
          field={mint.fields.productId}
          label={t('coupons.product')}
          options={products.map((product) => ({ value: product.id, label: product.name }))}
        />
        <TextField
          field={mint.fields.validDays}
          label={t('coupons.validDays')}
          hint={t('coupons.validDaysHint', { max: MAX_COUPON_VALID_DAYS })}
          autoComplete="off"
          digitsOnly
        />
        <SubmitButton>{t('coupons.mint')}</SubmitButton>
      </Form>

      {coupons.length === 0 ? (
        <p>{t('coupons.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="sizes-table">
            <caption>{t('coupons.tableCaption', { limit: LIST_LIMIT })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('coupons.code')}</th>
                <th scope="col">{t('coupons.product')}</th>
                <th scope="col">{t('coupons.expiresAt')}</th>
                <th scope="col">{t('coupons.state')}</th>
                <th scope="col">{t('coupons.redeemedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon.code}>
                  <th scope="row">
                    <code>{coupon.code}</code>
                  </th>
                  <td>{coupon.productName}</td>
                  <td>{coupon.expiresAt}</td>
                  <td>{t(`coupons.states.${coupon.state}`)}</td>
                  <td>
                    {coupon.redeemedAt
                      ? t('coupons.usedOn', { date: coupon.redeemedAt, who: coupon.redeemedBy ?? t('coupons.unknownFan') })
                      : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
