import type { FormMetadata } from '@conform-to/react';
import { useEffect } from 'react';

/**
 * After a server answer handled in the browser (JavaScript on), puts the server's values into
 * the named fields where the page still shows something else: conform keeps what is in the
 * inputs, but a refresh may have emptied fields (the clearing rules). Without JavaScript the
 * page is rendered anew with the server's values, so nothing is needed there.
 */
export function useServerValues<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema, string[]>,
  answer: unknown,
  values: Readonly<Record<string, string>>,
  names: readonly string[],
) {
  useEffect(() => {
    if (!answer) return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of names) {
      const control = element.elements.namedItem(name);
      const shown = control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : null;
      const wanted = values[name] ?? '';
      if (shown !== null && shown !== wanted) form.update({ name, value: wanted });
    }
    // Only a new answer brings new values; `values` is derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}
