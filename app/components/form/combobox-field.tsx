import type { FieldMetadata } from '@conform-to/react';
import { useInputControl } from '@conform-to/react';
import { useCombobox } from 'downshift';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { FieldMessages, hintIdOf } from './field-messages';
import { searchOptions } from './option-search';
import type { SelectOption } from './select-field';

export type ComboboxFieldProps = {
  field: FieldMetadata<string>;
  label: string;
  options: readonly SelectOption[];
  /** Typed characters before the list is searched (the spec's 2 for countries). */
  minSearchLength: number;
  /** The native `<select>` this enhances: it keeps the value, so the form, its CSS and conform see no difference. */
  nativeSelect: () => HTMLSelectElement | null;
  /** Called once the combobox is on screen, before paint: the native select hides then. */
  onShown: () => void;
};

/**
 * A searchable list (WAI-ARIA combobox, by downshift) over a native `<select>` that stays in the
 * form, hidden: the fan types at least `minSearchLength` characters and picks a match; the pick is
 * written into the select through conform, which fires the events the form already listens to
 * (clearing rules, CSS `:has()`, the pay button's reasons). Loaded lazily, only where JavaScript
 * runs and the field is wanted, so no page pays for it at first load.
 */
export default function ComboboxField({ field, label, options, minSearchLength, nativeSelect, onShown }: ComboboxFieldProps) {
  const { t } = useShopTranslation('combobox');
  const control = useInputControl({ key: field.key, name: field.name, formId: field.formId, initialValue: field.value });
  const selected = options.find((option) => option.value === control.value) ?? null;
  const [query, setQuery] = useState(selected?.label ?? '');
  const matches = useMemo(() => searchOptions(options, query, minSearchLength), [options, query, minSearchLength]);
  const searching = query.trim().length >= minSearchLength && query !== selected?.label;
  const inputRef = useRef<HTMLInputElement>(null);

  const combobox = useCombobox<SelectOption>({
    items: matches,
    itemToString: (option) => option?.label ?? '',
    selectedItem: selected,
    inputValue: query,
    inputId: field.id,
    onInputValueChange: ({ inputValue }) => {
      setQuery(inputValue);
      // Emptying the box unsets the choice; anything else waits for a pick from the list.
      if (inputValue === '' && control.value) control.change('');
    },
    onSelectedItemChange: ({ selectedItem }) => control.change(selectedItem?.value ?? ''),
    getA11yStatusMessage: ({ isOpen }) => {
      if (!isOpen || !searching) return '';
      return matches.length === 0 ? t('noResults') : t('results', { count: matches.length });
    },
  });

  useLayoutEffect(() => {
    // Focus stays where the fan was if they were on the select when this arrived.
    const focusWasOnSelect = document.activeElement !== null && document.activeElement === nativeSelect();
    onShown();
    if (focusWasOnSelect) inputRef.current?.focus();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const hint = t('hint', { count: minSearchLength });
  const describedBy = [hintIdOf(field, hint), field.errors?.length ? field.errorId : undefined].filter(Boolean).join(' ');
  const showList = combobox.isOpen && matches.length > 0;
  return (
    <div className="form-field combobox" data-invalid={field.errors?.length ? true : undefined}>
      <label {...combobox.getLabelProps()} className="form-field__label">
        {label}
      </label>
      <FieldMessages field={field} hint={hint} />
      <input
        {...combobox.getInputProps({ ref: inputRef })}
        aria-describedby={describedBy || undefined}
        aria-invalid={field.errors?.length ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        className="form-field__input"
      />
      <ul {...combobox.getMenuProps()} className="combobox__list" hidden={!showList}>
        {showList
          ? matches.map((option, index) => (
              <li
                key={option.value}
                {...combobox.getItemProps({ item: option, index })}
                className="combobox__option"
                data-highlighted={combobox.highlightedIndex === index || undefined}
              >
                {option.label}
              </li>
            ))
          : null}
      </ul>
      {combobox.isOpen && searching && matches.length === 0 ? <p className="form-field__hint">{t('noResults')}</p> : null}
    </div>
  );
}
