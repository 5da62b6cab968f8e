import type { SubmissionResult } from '@conform-to/react';
import { Form, Link } from 'react-router';
import type { ConfigureCheckContext } from '../../domain/configure';
import type { ProfilePart } from '../../domain/profile-completeness';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ConfigureForm } from '../configure/configure-form';
import type { ConfigureFormData, ConfigurePageData } from '../configure/configure-page';
import { MissingProfile } from '../configure/missing-profile';
import { CheckboxField, type CheckboxTextLink } from '../configure/checkbox-field';
import { ErrorSummary } from '../form/error-summary';
import { useShopForm } from '../form/use-shop-form';
import { REDEEM_TERMS, redeemGiftSchema, type RedeemTerm } from '../../forms/redeem-gift';
import { SubmitButton } from '../form/submit-button';
import { Breadcrumb } from '../ui/breadcrumb';

/** The intent of the confirm step's form (the holder choice's form sends none). */
export const REDEEM_INTENT = 'redeem';

/** A terms box of the redeem step: the sentence ticked, and its name in the error summary. */
export type RedeemTermView = { name: RedeemTerm; label: string; summaryLabel: string; textLink: CheckboxTextLink | null };

/**
 * Where the link takes this fan (spec §2 "Redeem-gift screen", §4 "Redeem gift"), every text
 * worded by the loader: what the profile lacks, an error with its code, the confirm step, or
 * the holder choice (the configure form's for-me / on-behalf choice and holder).
 */
export type RedeemGiftStep =
  | { step: 'missing'; missing: ProfilePart[]; completeHref: string }
  | { step: 'error'; title: string; message: string; code: string | null }
  | { step: 'confirm'; title: string; description: string; message: string; terms: RedeemTermView[] }
  | {
      step: 'holder';
      title: string;
      page: ConfigurePageData;
      /** The form's data; the browser builds the schema from its context, as the action does. */
      form: Omit<ConfigureFormData, 'schema'> & { schemaContext: ConfigureCheckContext };
    };

/** The confirm step's form: both terms boxes (spec §5), then accept (`intent=redeem`). */
function RedeemForm({ terms, lastResult }: { terms: RedeemTermView[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation('gift');
  const { fields, formProps, summary } = useShopForm(redeemGiftSchema, { id: 'redeem-gift', lastResult, fieldOrder: REDEEM_TERMS });
  const labels = Object.fromEntries(terms.map((term) => [term.name, term.summaryLabel])) as Record<RedeemTerm, string>;
  return (
    <>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={labels} />
      <Form method="post" {...formProps} className="form">
        <fieldset className="form-fieldset">
          <legend className="form-fieldset__legend">{t('confirm.terms')}</legend>
          {terms.map((term) => (
            <CheckboxField key={term.name} field={fields[term.name]} label={term.label} textLink={term.textLink} />
          ))}
        </fieldset>
        <SubmitButton intent={REDEEM_INTENT}>{t('confirm.submit')}</SubmitButton>
      </Form>
    </>
  );
}

export function RedeemGiftPage({
  data,
  form,
  redeemResult,
}: {
  data: RedeemGiftStep;
  form: ConfigureFormData | null;
  redeemResult?: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useShopTranslation('gift');
  const heading = data.step === 'error' ? data.title : data.step === 'holder' || data.step === 'confirm' ? data.title : t('heading');
  return (
    <article className="configure" aria-labelledby="redeem-heading">
      <Breadcrumb current={t('current')} />
      <h1 id="redeem-heading">{heading}</h1>
      {data.step === 'missing' ? <MissingProfile missing={data.missing} completeHref={data.completeHref} /> : null}
      {data.step === 'error' ? (
        <>
          <p className="configure__notice" role="alert">
            {data.message}
          </p>
          {data.code ? <p>{t('error.code', { code: data.code })}</p> : null}
          <p>
            <Link to="/" className="button">
              {t('error.home')}
            </Link>
          </p>
        </>
      ) : null}
      {data.step === 'confirm' ? (
        <>
          <p>{data.description}</p>
          {data.message === '' ? null : (
            <figure className="configure__own-data">
              <figcaption>{t('confirm.message')}</figcaption>
              <blockquote>{data.message}</blockquote>
            </figure>
          )}
          <RedeemForm terms={data.terms} lastResult={redeemResult} />
          <p>
            <Link to="/" className="button">
              {t('confirm.home')}
            </Link>
          </p>
        </>
      ) : null}
      {data.step === 'holder' && form ? (
        form.buyFor.ageNotOk ? (
          <p className="configure__notice" role="alert">
            {t('holder.ageNotOk')}
          </p>
        ) : (
          <>
            <p>{t('holder.intro')}</p>
            {/* A new choice is a new form: the other choice's refused fields must not linger. */}
            <ConfigureForm key={form.buyFor.chosen} page={data.page} form={form} />
          </>
        )
      ) : null}
    </article>
  );
}
