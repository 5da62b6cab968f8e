import type { TFunction } from 'i18next';
import type { ShopI18n } from '../../i18n/browser-i18n';
import { translateMessage } from './messages';

/** One line of the error summary: a field's message (`name` set) or the form's own (no `name`). */
export type SummaryError<Name extends string = string> = { name?: Name; fieldId: string; message: string };

/** What `collectSummaryErrors` needs of a conform field. */
type FieldState = { id: string; errors?: string[] };

/**
 * The summary's lines in page order: the form's own messages first (linked to the first
 * field, where fixing starts), then each field's messages in `fieldOrder`.
 */
export function collectSummaryErrors<Name extends string>(
  formErrors: string[] | undefined,
  fields: Partial<Record<NoInfer<Name>, FieldState>>,
  fieldOrder: readonly Name[],
): SummaryError<Name>[] {
  const firstFieldId = (fieldOrder[0] !== undefined && fields[fieldOrder[0]]?.id) || '';
  return [
    ...(formErrors ?? []).map((message) => ({ fieldId: firstFieldId, message })),
    ...fieldOrder.flatMap((name) => {
      const field = fields[name];
      return (field?.errors ?? []).map((message) => ({ name, fieldId: field?.id ?? '', message }));
    }),
  ];
}

/**
 * A summary link's text, GOV.UK style: the field's label and its message ("First name: This
 * field is required."), so the list makes sense without looking at the form. A form-level
 * message has no label and stands alone.
 */
export function summaryLinkText<Name extends string>(
  error: SummaryError<Name>,
  labels: Readonly<Record<Name, string>>,
  t: TFunction,
  i18n: ShopI18n,
): string {
  const message = translateMessage(t, i18n, error.message);
  if (error.name === undefined) return message;
  return t('forms:errorSummary.entry', { label: labels[error.name], message });
}
