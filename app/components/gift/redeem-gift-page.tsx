import { Form, Link } from 'react-router';
import type { ConfigureCheckContext } from '../../domain/configure';
import type { ProfilePart } from '../../domain/profile-completeness';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ConfigureForm } from '../configure/configure-form';
import type { ConfigureFormData, ConfigurePageData } from '../configure/configure-page';
import { MissingProfile } from '../configure/missing-profile';
import { SubmitButton } from '../form/submit-button';
import { Breadcrumb } from '../ui/breadcrumb';

/** The intent of the confirm step's form (the holder choice's form sends none). */
export const REDEEM_INTENT = 'redeem';

/**
 * Where the link takes this fan (spec §2 "Redeem-gift screen", §4 "Redeem gift"), every text
 * worded by the loader: what the profile lacks, an error with its code, the confirm step, or
 * the holder choice (the configure form's for-me / on-behalf choice and holder).
 */
export type RedeemGiftStep =
  | { step: 'missing'; missing: ProfilePart[]; completeHref: string }
  | { step: 'error'; title: string; message: string; code: string | null }
  | { step: 'confirm'; title: string; description: string; message: string }
  | {
      step: 'holder';
      title: string;
      page: ConfigurePageData;
      /** The form's data; the browser builds the schema from its context, as the action does. */
      form: Omit<ConfigureFormData, 'schema'> & { schemaContext: ConfigureCheckContext };
    };

export function RedeemGiftPage({ data, form }: { data: RedeemGiftStep; form: ConfigureFormData | null }) {
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
          <Form method="post" className="form">
            <SubmitButton intent={REDEEM_INTENT}>{t('confirm.submit')}</SubmitButton>
          </Form>
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
