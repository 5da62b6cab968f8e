import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { isRefresh } from '../../forms/intent';
import { useFormErrors } from './use-form-errors';

/** Whatever a submission's reply may be as action data (or a route's other answers). */
type LastResult = SubmissionResult<string[]> | null | undefined;

/**
 * One form of the shop: conform + the zod schema shared with the action, validation on blur,
 * the error summary (focused after every failed submit) and `formProps` for `<Form>`.
 * A submit with `intent=refresh` is sent without validation (dependent lists, no JS needed).
 */
export function useShopForm<Schema extends z.ZodObject>(
  schema: Schema,
  options: {
    lastResult: LastResult;
    /** Field names in page order: the summary lists errors in this order. */
    fieldOrder: (keyof z.input<Schema> & string)[];
    defaultValue?: Partial<Record<keyof z.input<Schema> & string, unknown>>;
    id?: string;
  },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: isRefresh(formData) ? z.object({}).loose() : schema }) as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const errors = useFormErrors(form, options.lastResult, options.fieldOrder as never);
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
