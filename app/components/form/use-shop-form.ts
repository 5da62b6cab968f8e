import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import * as z from 'zod/mini';
import { formConstraint } from '../../forms/constraint';
import { intentOf, isRefresh } from '../../forms/intent';
import { parseForm } from '../../forms/parse';
import { useFormErrors } from './use-form-errors';

/**
 * Whether the browser checks this submit: never a refresh; with `validatedIntent`, only that
 * intent — and conform's own checks on blur, which carry no intent.
 */
function validates(formData: FormData, validatedIntent: string | undefined): boolean {
  if (isRefresh(formData)) return false;
  const intent = intentOf(formData);
  return validatedIntent === undefined || intent === null || intent === validatedIntent;
}

/** Whatever a submission's reply may be as action data (or a route's other answers). */
type LastResult = SubmissionResult<string[]> | null | undefined;

/**
 * One form of the shop: conform + the zod schema shared with the action, validation on blur,
 * the error summary (focused after every failed submit) and `formProps` for `<Form>`.
 * A submit with `intent=refresh` is sent without validation (dependent lists, no JS needed).
 */
export function useShopForm<Schema extends z.ZodMiniObject, Name extends keyof z.input<Schema> & string>(
  schema: Schema,
  options: {
    lastResult: LastResult;
    /** A refresh's messages (fields it emptied that need a value): shown at the fields, no summary. */
    refreshed?: LastResult;
    /** Field names in page order: the summary lists errors in this order (and needs their labels). */
    fieldOrder: readonly Name[];
    defaultValue?: Partial<Record<keyof z.input<Schema> & string, unknown>>;
    id?: string;
    /**
     * In a form with several buttons, the one intent the browser validates: a submit with
     * another intent (applying a voucher inside the checkout form) goes to the server as it is.
     */
    validatedIntent?: string;
  },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult ?? options.refreshed,
    defaultValue: options.defaultValue as never,
    constraint: formConstraint(schema),
    onValidate: ({ formData }) =>
      parseForm(formData, validates(formData, options.validatedIntent) ? schema : z.looseObject({})) as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const errors = useFormErrors(form, options.lastResult, options.fieldOrder);
  const conformProps = getFormProps(form);
  const formProps = {
    ...conformProps,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      conformProps.onSubmit(event);
      errors.onSubmitted(event);
    },
  };
  return {
    form,
    fields,
    formProps,
    summary: { key: errors.summaryKey, errors: errors.summaryErrors },
    /** Changes with every server answer: a `key` that empties secret fields. */
    resultKey: errors.resultKey,
  };
}
