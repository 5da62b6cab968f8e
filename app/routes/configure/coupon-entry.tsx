import { data, Form, redirect } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { shopContext } from '../../context';
import { formatCouponCode } from '../../domain/coupon-code';
import { pageMeta } from '../../domain/page-meta';
import { configureProblemMessage } from '../../forms/configure';
import { couponEntrySchema } from '../../forms/coupon-entry';
import { fieldErrorsOf } from '../../forms/field-problems';
import { parseForm } from '../../forms/parse';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { signedIn } from '../../.server/auth/guards';
import { clientIpOf } from '../../.server/http/client-ip';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/coupon-entry';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms'] };

/** The coupon entry (spec §2 `/coupon`): a code, checked, then the coupon process of its product. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { seo: describePage(context, request, { title: t('configure:couponEntry.metaTitle'), robots: 'noindex' }) };
}

/**
 * POST `couponCode`: a code the shop knows, unused and unexpired, goes on (303) to
 * `/products/{id}/configure/coupon?couponCode=…`, prefilled; otherwise the field says why
 * (400, or 429 past the attempt limits). Checking marks nothing used: adding to the cart does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const submission = parseForm(await readFormData(request), couponEntrySchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const checked = await context.get(shopContext).services.coupons.check(submission.value.couponCode, {
    attempt: { customerId: customer.id, ip: clientIpOf(context) },
  });
  if (checked.ok) {
    const { productId, code } = checked.value;
    throw redirect(`/products/${encodeURIComponent(productId)}/configure/coupon?couponCode=${formatCouponCode(code)}`, 303);
  }
  const status = checked.reason === 'too-many-attempts' ? 429 : 400;
  return data({ result: submission.reply({ fieldErrors: fieldErrorsOf(checked.fields, configureProblemMessage) }) }, { status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function CouponEntry({ actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation(['configure', 'forms']);
  const { fields, formProps, summary } = useShopForm(couponEntrySchema, {
    id: 'coupon-entry',
    lastResult: actionData?.result,
    fieldOrder: ['couponCode'],
  });
  return (
    <section className="configure" aria-labelledby="coupon-heading">
      <Breadcrumb current={t('configure:couponEntry.heading')} />
      <h1 id="coupon-heading">{t('configure:couponEntry.heading')}</h1>
      <p>{t('configure:couponEntry.intro')}</p>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={{ couponCode: t('configure:coupon.label') }} />
      <Form method="post" {...formProps} className="form">
        <TextField
          field={fields.couponCode}
          label={t('configure:coupon.label')}
          autoComplete="off"
          hint={t('configure:coupon.hint')}
          normaliseOnBlur={formatCouponCode}
        />
        <SubmitButton>{t('configure:couponEntry.submit')}</SubmitButton>
      </Form>
    </section>
  );
}
