import { lazy, Suspense, useState } from 'react';
import { SelectField, type SelectFieldProps } from './select-field';
import { useHydrated } from './use-hydrated';

const ComboboxField = lazy(() => import('./combobox-field'));

type SearchableSelectFieldProps = SelectFieldProps & {
  minSearchLength: number;
  /** Whether the fan may reach the field now (e.g. its section is open): only then is the search code loaded. */
  wanted: boolean;
};

/**
 * A native `<select>` (the page without JavaScript, and until the search code arrives) that
 * becomes a searchable combobox in the browser once the field is wanted. The select stays in
 * the form, hidden, and keeps the value: the combobox only writes into it.
 */
export function SearchableSelectField({ minSearchLength, wanted, ...selectProps }: SearchableSelectFieldProps) {
  const hydrated = useHydrated();
  const [requested, setRequested] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  // Once asked for, the combobox stays: hiding the section again must not lose it.
  if (hydrated && wanted && !requested) setRequested(true);
  const { field } = selectProps;
  const nativeSelect = () => {
    const control = document.forms.namedItem(field.formId)?.elements.namedItem(field.name);
    return control instanceof HTMLSelectElement ? control : null;
  };
  return (
    <>
      <SelectField {...selectProps} replaced={enhanced} />
      {requested ? (
        <Suspense fallback={null}>
          <ComboboxField
            field={field}
            label={selectProps.label}
            options={selectProps.options}
            minSearchLength={minSearchLength}
            nativeSelect={nativeSelect}
            onShown={() => setEnhanced(true)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
