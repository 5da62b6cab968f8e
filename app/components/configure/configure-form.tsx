import type { FieldMetadata } from '@conform-to/react';
import { lazy } from 'react';
import { Form, Link } from 'react-router';
import type { BuyFor } from '../../domain/buy-for';
import { CONFIGURE_FIELDS, type ConfigureField } from '../../domain/configure';
import { formatCouponCode } from '../../domain/coupon-code';
import { configureProblemMessage } from '../../forms/configure';
import { DOCUMENT_FILE_FIELD_ORDER } from '../../domain/document-upload';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ErrorSummary } from '../form/error-summary';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useShopForm } from '../form/use-shop-form';
import { CheckboxField } from './checkbox-field';
import type { ConfigureFormData, ConfigurePageData } from './configure-page';
import { OwnData } from './own-data';

// The parts a page may not show are loaded only by the pages that do (first-load weight: the
// buy form for oneself needs none of them). On the server they render in the first pass; in the
// browser hydration waits for the part's chunk.
const HolderFields = lazy(() => import('./holder-fields').then((module) => ({ default: module.HolderFields })));
const GiftFields = lazy(() => import('./gift-fields').then((module) => ({ default: module.GiftFields })));
const DocumentFields = lazy(() => import('./document-fields').then((module) => ({ default: module.DocumentFields })));
const SizeField = lazy(() => import('./size-field').then((module) => ({ default: module.SizeField })));

const FORM_ID = 'configure';
/** Every name the error summary may list, in page order: the form's fields, the files, the cart rule. */
const SUMMARY_ORDER = ['product', ...CONFIGURE_FIELDS, ...DOCUMENT_FILE_FIELD_ORDER] as const;
export type SummaryName = (typeof SUMMARY_ORDER)[number];

/**
 * The buyer data form: the buy-for choice (links, so it works without JavaScript), the holder
 * (the fan's own data read-only, or typed in on behalf, with the manager block), then coupon,
 * renewal, size, customisation, documents or gift as the process and product ask, and the
 * primary button worded by process. A card's form is multipart (its identity documents).
 */
export function ConfigureForm({ page, form }: { page: ConfigurePageData; form: ConfigureFormData }) {
  const { parts, view } = form;
  // The parts' texts are a namespace of their own, loaded only by the pages that show a part.
  const showsParts = parts.holderFields || parts.managerBlock || parts.gift || parts.variant || parts.customization || parts.documents;
  const { t } = useShopTranslation(showsParts ? ['configure', 'configureParts', 'forms'] : ['configure', 'forms']);
  const { form: conform, formProps, summary } = useShopForm(form.schema, {
    id: FORM_ID,
    lastResult: view.result,
    refreshed: view.refresh?.result,
    // The summary also lists names only the server judges (files, the cart rule); conform's
    // fieldset answers any name, so the schema's names are widened here.
    fieldOrder: SUMMARY_ORDER as unknown as readonly ConfigureField[],
    defaultValue: view.values,
  });
  // Every name, including the files and the cart rule's `product`, which only the server judges.
  const fields = conform.getFieldset() as unknown as Record<ConfigureField | SummaryName, FieldMetadata<string>>;
  const productProblem = fields.product.errors ?? [];
  return (
    <>
      {parts.buyForChoice ? <BuyForChoice choices={form.buyFor.choices} chosen={form.buyFor.chosen} /> : null}
      <ErrorSummary key={summary.key} errors={summary.errors as never} labels={form.summaryLabels} />
      <Form
        method="post"
        encType={parts.documents ? 'multipart/form-data' : undefined}
        {...formProps}
        className="form"
      >
        {parts.buyForChoice ? <input type="hidden" name="buyFor" value={form.buyFor.chosen} /> : null}
        {productProblem.length > 0 ? (
          <p id={fields.product.id} className="form-field__error" tabIndex={-1}>
            {productProblem.map((message) => t(message)).join(' ')}
          </p>
        ) : null}
        {parts.buyForChoice && !parts.holderFields ? (
          <OwnData own={form.own} heading={t('configure:own.heading')} intro={t('configure:own.intro')} />
        ) : null}
        {parts.holderFields ? (
          <HolderFields
            fields={fields}
            choices={view.choices}
            birthCountryCode={view.values.birthCountryCode}
            productKind={page.product.kind}
            form={conform}
            view={view}
          />
        ) : null}
        {parts.managerBlock ? (
          <OwnData own={form.own} heading={t('configureParts:manager.heading')} intro={t('configureParts:manager.intro')} />
        ) : null}
        {parts.gift ? <GiftFields fields={fields} /> : null}
        {parts.variant ? (
          <SizeField
            field={fields.variantId}
            legend={t('configureParts:size.legend')}
            options={page.product.variants}
            describe={(size) =>
              size.soldOut
                ? t('configureParts:size.soldOut', { label: size.label, it: size.itLabel, uk: size.ukLabel })
                : t('configureParts:size.option', { label: size.label, it: size.itLabel, uk: size.ukLabel })
            }
          />
        ) : null}
        {page.product.customization ? (
          <TextField
            field={fields.customization}
            label={page.product.customization.minLength > 0 ? page.product.customization.label : `${page.product.customization.label} ${t('forms:optional')}`}
            autoComplete="off"
            hint={t('configureParts:customization.hint', { min: page.product.customization.minLength, max: page.product.customization.maxLength })}
            maxLength={page.product.customization.maxLength}
          />
        ) : null}
        {parts.documents ? (
          <DocumentFields
            fields={fields}
            stored={page.editing?.documents ?? []}
            tooLargeMessage={configureProblemMessage('documentFront', 'tooLarge')}
          />
        ) : null}
        {parts.coupon !== 'none' ? (
          <TextField
            field={fields.couponCode}
            label={parts.coupon === 'required' ? t('configure:coupon.label') : `${t('configure:coupon.label')} ${t('forms:optional')}`}
            autoComplete="off"
            hint={t('configure:coupon.hint')}
            normaliseOnBlur={formatCouponCode}
          />
        ) : null}
        {parts.automaticRenewal ? (
          <CheckboxField field={fields.automaticRenewal} label={t('configure:renewal.label')} hint={t('configure:renewal.hint')} />
        ) : null}
        <SubmitButton>{t(`configure:primary.${form.primaryAction}`)}</SubmitButton>
      </Form>
    </>
  );
}

/**
 * For myself or on behalf of a minor (spec §4), as links (built by the loader, keeping the rest
 * of the URL): the choice changes which fields the page asks, so it is a new page, with or
 * without JavaScript.
 */
function BuyForChoice({ choices, chosen }: { choices: ConfigureFormData['buyFor']['choices']; chosen: BuyFor }) {
  const { t } = useShopTranslation('configure');
  if (choices.length < 2) {
    return <p className="configure__choice">{t(`buyFor.only.${chosen}`)}</p>;
  }
  return (
    <nav className="configure__choice" aria-label={t('buyFor.label')}>
      <p>{t('buyFor.label')}</p>
      <ul>
        {choices.map(({ choice, href }) => (
          <li key={choice}>
            <Link to={href} className="button" aria-current={choice === chosen ? 'true' : undefined} replace>
              {t(`buyFor.${choice}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
