import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { SelectField } from '../../components/form/select-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { shopContext } from '../../context';
import { formatShopDateTime } from '../../domain/display-format';
import { pageMeta } from '../../domain/page-meta';
import { formatPrice } from '../../domain/price';
import type { VoucherDiscount } from '../../domain/voucher';
import { fieldErrorsOf } from '../../forms/field-problems';
import { DEFAULT_VOUCHER_VALID_DAYS, MAX_VOUCHER_VALID_DAYS, mintVoucherSchema, VOUCHER_DISCOUNT_TYPES } from '../../forms/mint-voucher';
import { voucherProblemMessage } from '../../forms/cart';
import { parseForm } from '../../forms/parse';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import type { Route } from './+types/vouchers';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'catalogue', 'forms', 'notify-me'] };

const VOUCHERS_PATH = '/dev/vouchers';
const LIST_LIMIT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Support tool (not in production, only from this machine): mint cart vouchers; the latest ones and their state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const { t } = getInstance(context);
  const when = (date: Date | null) => (date ? formatShopDateTime(date, language) : t('dev:vouchers.always'));
  const discountText = (discount: VoucherDiscount) =>
    discount.type === 'percentage' ? `${discount.percent}%` : formatPrice(discount.amountCents, language);
  const latest = await services.vouchers.listLatest(LIST_LIMIT);
  return {
    vouchers: latest.map((voucher) => ({
      code: voucher.code,
      discount: discountText(voucher.discount),
      validity: t('dev:vouchers.validityRange', { from: when(voucher.validFrom), until: when(voucher.validUntil) }),
      use:
        voucher.usageLimit === null
          ? t('dev:vouchers.useUnlimited', { used: voucher.timesUsed })
          : t('dev:vouchers.useOf', { used: voucher.timesUsed, limit: voucher.usageLimit }),
      state: voucher.usableNow,
    })),
    seo: describePage(context, request, { title: t('dev:vouchers.metaTitle'), robots: 'noindex' }),
  };
}

/** The mint form's reasons (the service's and the cart's code problems) as message keys. */
function mintProblemMessage(field: string, problem: string): string {
  return problem === 'taken' ? 'dev:vouchers.taken' : voucherProblemMessage(field, problem);
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services, clock } = context.get(shopContext);
  const submission = parseForm(await readFormData(request), mintVoucherSchema);
  if (submission.status !== 'success') return data({ reply: submission.reply() }, { status: 400 });
  const { code, discountType, amount, validDays, usageLimit } = submission.value;
  const minted = await services.vouchers.mint({
    code,
    discount: discountType === 'percentage' ? { type: 'percentage', percent: amount } : { type: 'amount', amountCents: amount * 100 },
    validUntil: new Date(clock.now().getTime() + validDays * DAY_MS),
    usageLimit: usageLimit ?? null,
  });
  if (!minted.ok) return data({ reply: submission.reply({ fieldErrors: fieldErrorsOf(minted.fields, mintProblemMessage) }) }, { status: 400 });
  return redirectWithNotice(request, context, VOUCHERS_PATH, { key: 'dev:vouchers.minted', values: { code: minted.value.code } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('dev');
  const { vouchers } = loaderData;
  const mint = useShopForm(mintVoucherSchema, {
    id: 'mint-voucher',
    lastResult: actionData?.reply,
    fieldOrder: ['code', 'discountType', 'amount', 'validDays', 'usageLimit'],
    defaultValue: { discountType: 'percentage', validDays: String(DEFAULT_VOUCHER_VALID_DAYS) },
  });
  const labels = {
    code: t('vouchers.code'),
    discountType: t('vouchers.discountType'),
    amount: t('vouchers.amount'),
    validDays: t('vouchers.validDays'),
    usageLimit: t('vouchers.usageLimit'),
  };
  return (
    <section className="notify-page" aria-labelledby="vouchers-heading">
      <h1 id="vouchers-heading">{t('vouchers.heading')}</h1>
      <p>{t('vouchers.intro')}</p>
      <h2 id="mint-heading">{t('vouchers.mintHeading')}</h2>
      <ErrorSummary key={mint.summary.key} errors={mint.summary.errors} labels={labels} />
      <Form method="post" {...mint.formProps} aria-labelledby="mint-heading" className="form">
        <TextField field={mint.fields.code} label={labels.code} hint={t('vouchers.codeHint')} autoComplete="off" />
        <SelectField
          field={mint.fields.discountType}
          label={labels.discountType}
          options={VOUCHER_DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`vouchers.types.${type}`) }))}
        />
        <TextField field={mint.fields.amount} label={labels.amount} hint={t('vouchers.amountHint')} autoComplete="off" digitsOnly />
        <TextField
          field={mint.fields.validDays}
          label={labels.validDays}
          hint={t('vouchers.validDaysHint', { max: MAX_VOUCHER_VALID_DAYS })}
          autoComplete="off"
          digitsOnly
        />
        <TextField field={mint.fields.usageLimit} label={labels.usageLimit} hint={t('vouchers.usageLimitHint')} autoComplete="off" digitsOnly />
        <SubmitButton>{t('vouchers.mint')}</SubmitButton>
      </Form>

      {vouchers.length === 0 ? (
        <p>{t('vouchers.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="sizes-table">
            <caption>{t('vouchers.tableCaption', { limit: LIST_LIMIT })}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.code}</th>
                <th scope="col">{labels.discountType}</th>
                <th scope="col">{t('vouchers.validity')}</th>
                <th scope="col">{t('vouchers.use')}</th>
                <th scope="col">{t('vouchers.state')}</th>
              </tr>
            </thead>
            <tbody>
              {vouchers.map((voucher) => (
                <tr key={voucher.code}>
                  <th scope="row">
                    <code>{voucher.code}</code>
                  </th>
                  <td>{voucher.discount}</td>
                  <td>{voucher.validity}</td>
                  <td>{voucher.use}</td>
                  <td>{t(`vouchers.states.${voucher.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
