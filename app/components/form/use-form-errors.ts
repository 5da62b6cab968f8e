import type { FormMetadata } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { collectSummaryErrors } from './summary-errors';

/** The name of the hidden button conform submits to validate a field (`@conform-to/dom`). */
const CONFORM_INTENT = '__intent__';

/**
 * What the error summary lists and when it should (re)take focus: after every failed submit,
 * whether the browser (conform's validation) or the server (`lastResult`) found the errors.
 */
export function useFormErrors<Schema extends Record<string, unknown>, Name extends keyof Schema & string>(
  form: FormMetadata<Schema, string[]>,
  lastResult: unknown,
  fieldOrder: readonly Name[],
) {
  const [attempt, setAttempt] = useState(0);
  const [serverAnswers, setServerAnswers] = useState(0);
  useEffect(() => {
    if (!lastResult) return;
    setAttempt((count) => count + 1);
    setServerAnswers((count) => count + 1);
  }, [lastResult]);
  const errors = collectSummaryErrors(form.errors, form.getFieldset(), fieldOrder);
  const showSummary = attempt > 0 || Boolean(lastResult);
  return {
    summaryKey: attempt,
    summaryErrors: showSummary ? errors : [],
    /**
     * Chain after conform's onSubmit: a prevented submit is a failed one, except conform's
     * own validation requests (on blur), which it sends as submits with an intent button.
     */
    onSubmitted(event: React.FormEvent<HTMLFormElement>) {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute('name') === CONFORM_INTENT) return;
      if (event.defaultPrevented) setAttempt((count) => count + 1);
    },
    /** Changes with every answer from the server: a key that empties the password field. */
    resultKey: serverAnswers,
  };
}
