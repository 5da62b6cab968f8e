import type { FieldMetadata } from '@conform-to/react';
import { lazy } from 'react';
import { Form, Link, useLocation } from 'react-router';
import type { BuyFor } from '../../domain/buy-for';
import { CONFIGURE_FIELDS, type ConfigureField } from '../../domain/configure';
import { formatCouponCode } from '../../domain/coupon-code';
import { isHolderTaxCodeRequired } from '../../domain/holder-check';
import { configureProblemMessage, CONFIGURE_DEPENDENT_FIELDS } from '../../forms/configure';
import { DOCUMENT_FILE_FIELD_ORDER } from '../../forms/document-files';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { useDependentFields } from '../form/dependent-fields';
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
const { remembered: TRIGGERS } = CONFIGURE_DEPENDENT_FIELDS;
/** Every name the error summary may list, in page order: the form's fields, the files, the cart rule. */
const SUMMARY_ORDER = ['product', ...CONFIGURE_FIELDS, ...DOCUMENT_FILE_FIELD_ORDER] as const;
type SummaryName = (typeof SUMMARY_ORDER)[number];

/**
 * The buyer data form: the buy-for choice (links, so it works without JavaScript), the holder
 * (the fan's own data read-only, or typed in on behalf, with the manager block), then coupon,
 * renewal, size, customisation, documents or gift as the process and product ask, and the
 * primary button worded by process. A card's form is multipart (its identity documents).
 */
export function ConfigureForm({ page, form }: { page: ConfigurePageData; form: ConfigureFormData }) {
  const { t } = useShopTranslation(['configure', 'forms']);
  const { parts, view } = form;
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
  const dependent = useDependentFields({ form: conform, view, remembered: TRIGGERS, triggers: parts.holderFields ? TRIGGERS : [] });
  const labels = summaryLabels(t, page.product.customization?.label ?? '');
  const productProblem = fields.product.errors ?? [];
  return (
    <>
      {parts.buyForChoice ? <BuyForChoice offered={form.buyFor.offered} chosen={form.buyFor.chosen} /> : null}
      <ErrorSummary key={summary.key} errors={summary.errors as never} labels={labels} />
      <Form
        method="post"
        encType={parts.documents ? 'multipart/form-data' : undefined}
        {...formProps}
        {...dependent.handlers}
        className="form"
      >
        {dependent.previousInputs}
        {parts.buyForChoice ? <input type="hidden" name="buyFor" value={form.buyFor.chosen} /> : null}
        {productProblem.length > 0 ? (
          <p id={fields.product.id} className="form-field__error" tabIndex={-1}>
            {productProblem.map((message) => t(message)).join(' ')}
          </p>
        ) : null}
        {parts.buyForChoice && !parts.holderFields ? (
          <OwnData own={form.own} heading={t('configure:holder.ownHeading')} intro={t('configure:holder.ownIntro')} />
        ) : null}
        {parts.holderFields ? (
          <HolderFields
            fields={fields}
            choices={view.choices}
            birthCountryCode={view.values.birthCountryCode}
            taxCodeRequired={isHolderTaxCodeRequired(page.product.kind, view.values.birthCountryCode)}
            focusOnLoad={dependent.focusOnLoad}
          />
        ) : null}
        {parts.managerBlock ? (
          <OwnData own={form.own} heading={t('configure:manager.heading')} intro={t('configure:manager.intro')} />
        ) : null}
        {parts.gift ? <GiftFields fields={fields} /> : null}
        {parts.variant ? (
          <SizeField
            field={fields.variantId}
            legend={t('configure:size.legend')}
            options={page.product.variants}
            describe={(size) =>
              size.soldOut
                ? t('configure:size.soldOut', { label: size.label, it: size.itLabel, uk: size.ukLabel })
                : t('configure:size.option', { label: size.label, it: size.itLabel, uk: size.ukLabel })
            }
          />
        ) : null}
        {page.product.customization ? (
          <TextField
            field={fields.customization}
            label={page.product.customization.minLength > 0 ? page.product.customization.label : `${page.product.customization.label} ${t('forms:optional')}`}
            autoComplete="off"
            hint={t('configure:customization.hint', { min: page.product.customization.minLength, max: page.product.customization.maxLength })}
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
 * For myself or on behalf of a minor (spec §4), as links that keep the rest of the URL: the
 * choice changes which fields the page asks, so it is a new page, with or without JavaScript.
 */
function BuyForChoice({ offered, chosen }: { offered: BuyFor[]; chosen: BuyFor }) {
  const { t } = useShopTranslation('configure');
  const location = useLocation();
  const hrefFor = (choice: BuyFor) => {
    const query = new URLSearchParams(location.search);
    query.set('buyFor', choice);
    return `${location.pathname}?${query.toString()}`;
  };
  if (offered.length < 2) {
    return <p className="configure__choice">{t(`buyFor.only.${chosen}`)}</p>;
  }
  return (
    <nav className="configure__choice" aria-label={t('buyFor.label')}>
      <p>{t('buyFor.label')}</p>
      <ul>
        {offered.map((choice) => (
          <li key={choice}>
            <Link to={hrefFor(choice)} className="button" aria-current={choice === chosen ? 'true' : undefined} replace>
              {t(`buyFor.${choice}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function summaryLabels(t: (key: string) => string, customizationLabel: string): Record<SummaryName, string> {
  return {
    product: t('configure:summary.product'),
    buyFor: t('configure:buyFor.label'),
    firstName: t('configure:holder.firstName'),
    lastName: t('configure:holder.lastName'),
    email: t('configure:holder.email'),
    phone: t('configure:holder.phone'),
    dob: t('configure:holder.dob'),
    gender: t('configure:holder.gender'),
    birthCountryCode: t('configure:holder.birthCountry'),
    birthProvinceCode: t('configure:holder.birthProvince'),
    birthCityCode: t('configure:holder.birthCity'),
    taxCode: t('configure:holder.taxCode'),
    couponCode: t('configure:coupon.label'),
    automaticRenewal: t('configure:renewal.label'),
    variantId: t('configure:size.legend'),
    customization: customizationLabel,
    documentType: t('configure:documents.type'),
    documentFront: t('configure:documents.front'),
    documentBack: t('configure:documents.back'),
    giftRecipient: t('configure:gift.recipient'),
    giftMessage: t('configure:gift.message'),
    giftContactType: t('configure:gift.contactType'),
    giftEmail: t('configure:gift.email'),
    giftPhone: t('configure:gift.phone'),
  };
}
