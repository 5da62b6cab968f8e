import type { FieldMetadata, SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { RELOAD_DOCS_FIELD_ORDER, reloadDocsProblemMessage, reloadDocsSchema, type ReloadDocsFormField } from '../../forms/reload-docs';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { DocumentFields } from '../configure/document-fields';
import { ErrorSummary } from '../form/error-summary';
import { SubmitButton } from '../form/submit-button';
import { useShopForm } from '../form/use-shop-form';
import { Breadcrumb } from '../ui/breadcrumb';

export type ReloadDocsItem = { orderNumber: string; productName: string; documentType: string };

/**
 * The reload-docs screen: which card of which order, then the configure form's document fields
 * (type, front, back: the same inputs, limits and messages) in a multipart form of its own.
 */
export function ReloadDocsPage({
  item,
  summaryLabels,
  lastResult,
}: {
  item: ReloadDocsItem;
  summaryLabels: Record<ReloadDocsFormField, string>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useShopTranslation(['reloadDocs', 'configureParts', 'forms']);
  const { form, formProps, summary } = useShopForm(reloadDocsSchema, {
    id: 'reload-docs',
    lastResult,
    // The files are judged by the server only; conform's fieldset answers any name.
    fieldOrder: RELOAD_DOCS_FIELD_ORDER as unknown as readonly 'documentType'[],
    defaultValue: { documentType: item.documentType },
  });
  const fields = form.getFieldset() as unknown as Record<ReloadDocsFormField, FieldMetadata<string>>;
  return (
    <section className="configure" aria-labelledby="reload-docs-heading">
      <Breadcrumb current={t('reloadDocs:heading')} />
      <h1 id="reload-docs-heading">{t('reloadDocs:heading')}</h1>
      <p>{t('reloadDocs:intro', { product: item.productName, number: item.orderNumber })}</p>
      <p>{t('reloadDocs:replaces')}</p>
      <ErrorSummary key={summary.key} errors={summary.errors as never} labels={summaryLabels} />
      <Form method="post" encType="multipart/form-data" {...formProps} className="form">
        <DocumentFields fields={fields} stored={[]} tooLargeMessage={reloadDocsProblemMessage('documentFront', 'tooLarge')} />
        <SubmitButton>{t('reloadDocs:submit')}</SubmitButton>
      </Form>
    </section>
  );
}
