import type { FieldMetadata } from '@conform-to/react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { messageNamespaces, translateMessage } from './messages';

/** The id of a field's hint paragraph, for `aria-describedby`. */
export function hintIdOf(field: FieldMetadata<string>, hint: string | undefined): string | undefined {
  return hint ? `${field.id}-hint` : undefined;
}

/** A field's hint and its error messages (translated), placed between label and control. */
export function FieldMessages({ field, hint }: { field: FieldMetadata<string>; hint?: string }) {
  const errors = field.errors ?? [];
  const { t, i18n } = useShopTranslation(['common', 'forms', ...messageNamespaces(errors)]);
  return (
    <>
      {hint ? (
        <p id={hintIdOf(field, hint)} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p id={field.errorId} className="form-field__error">
          {errors.map((message) => translateMessage(t, i18n, message)).join(' ')}
        </p>
      ) : null}
    </>
  );
}
