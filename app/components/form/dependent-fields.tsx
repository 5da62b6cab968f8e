import { useEffect, type ReactNode } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { INTENT_FIELD, REFRESH_INTENT } from '../../forms/intent';
import { previousFieldName, type RefreshAnswer } from '../../forms/refresh';
import { useHydrated } from './use-hydrated';

/**
 * The browser half of the dependent-lists protocol (forms/refresh.ts), one strategy for every
 * form with lists that narrow (`useDependentFields`):
 * - with JavaScript a changed trigger (a list, or a text field such as a date once left) sends
 *   the refresh by itself, and the refresh button and its hint are not rendered. The answer narrows
 *   the lists in place and empties what it cleared (conform's `form.update`), so focus stays
 *   where the fan is and whatever they did meanwhile (a radio ticked after the date) stays;
 * - without JavaScript the fan presses the button; the answer's page focuses the field that
 *   changed (`autoFocus`), which also scrolls it into view.
 * Either way the cleared fields that need a value show their message (the refresh's result).
 */

export { useHydrated };

/** What the hook needs of conform's form: emptying the fields a refresh cleared. */
type UpdatableForm = { update: (options: { name: string; value: string }) => void };

/**
 * For a form with dependent lists (on its `<Form>`, or on the fieldset that holds the lists):
 * the hidden `previous.<field>` inputs, the handlers that send the refresh (a `<select>` at
 * once, a text field when left, so typing is not interrupted), and which field to focus as the
 * page loads.
 */
export function useDependentFields(options: {
  form: UpdatableForm;
  /** The values the page shows and the last refresh answer, if any. */
  view: { values: Readonly<Record<string, string>>; refresh: RefreshAnswer | null };
  /** The fields sent back as `previous.<field>` (the form's DependentFields `remembered`). */
  remembered: readonly string[];
  /** The fields whose change narrows a list. */
  triggers: readonly string[];
}) {
  const { form, view, remembered, triggers } = options;
  const hydrated = useHydrated();
  useEffect(() => {
    // The browser still shows what the refresh emptied (conform keeps its inputs' values).
    for (const name of view.refresh?.cleared ?? []) form.update({ name, value: '' });
    // Only a new answer clears anything; `form` is stable per form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.refresh]);
  const isTrigger = (target: EventTarget) =>
    (target instanceof HTMLSelectElement || target instanceof HTMLInputElement) && triggers.includes(target.name);
  const refreshIfChanged = (target: HTMLSelectElement | HTMLInputElement) => {
    const form = target.form;
    const shown = form?.elements.namedItem(previousFieldName(target.name));
    if (!form || !(shown instanceof HTMLInputElement) || target.value === shown.value) return;
    // The refresh button exists only without JavaScript: a stand-in carries `intent=refresh`
    // for the submit (conform and React Router read the submitter while the event runs).
    const submitter = document.createElement('button');
    Object.assign(submitter, { type: 'submit', name: INTENT_FIELD, value: REFRESH_INTENT, formNoValidate: true, hidden: true });
    form.append(submitter);
    form.requestSubmit(submitter);
    submitter.remove();
  };
  return {
    /** Without JavaScript the field the refresh came from is focused as the page loads. */
    focusOnLoad: (name: string) => !hydrated && view.refresh?.changed === name,
    previousInputs: remembered.map((name) => (
      <input key={name} type="hidden" name={previousFieldName(name)} value={view.values[name] ?? ''} />
    )),
    handlers: {
      onChange(event: React.FormEvent<HTMLElement>) {
        if (event.target instanceof HTMLSelectElement && isTrigger(event.target)) refreshIfChanged(event.target);
      },
      onBlur(event: React.FocusEvent<HTMLElement>) {
        if (event.target instanceof HTMLInputElement && isTrigger(event.target)) refreshIfChanged(event.target);
      },
    },
  };
}

/**
 * The secondary submit that narrows the lists without saving (`intent=refresh`). Rendered by
 * the server for fans without JavaScript; gone once hydrated (the triggers send the refresh).
 */
export function RefreshButton({ children }: { children?: ReactNode }) {
  const { t } = useShopTranslation('forms');
  if (useHydrated()) return null;
  return (
    <button type="submit" name={INTENT_FIELD} value={REFRESH_INTENT} formNoValidate className="button">
      {children ?? t('forms:refresh')}
    </button>
  );
}

/** A hint about pressing the refresh button: only for fans without JavaScript. */
export function RefreshHint({ children }: { children: ReactNode }) {
  return useHydrated() ? null : <p className="form-field__hint">{children}</p>;
}
