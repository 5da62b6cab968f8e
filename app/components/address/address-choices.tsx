import type { FieldMetadata } from '@conform-to/react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { AddressSummary } from '../../domain/address-summary';
import { messageNamespaces, translateMessage } from '../form/messages';
import { AddressLines, RestrictedCountryAlert } from './address-lines';

/** `unavailableText`: why it cannot be chosen, worded by the page (default: a restricted country). */
export type AddressChoice = AddressSummary & { selectable: boolean; unavailableText?: string | null };

/**
 * The chooser's radio group: one radio per address, labelled by the whole address; an address
 * that cannot be chosen is disabled and described by the reason. The first radio that can be
 * chosen carries the field's id, so the error summary's link lands on it.
 */
export function AddressChoices({
  field,
  addresses,
  checked,
  legend,
}: {
  field: FieldMetadata<string>;
  /** `italian` marks the radio (`data-italian`), for CSS showing what only billing in Italy needs. */
  addresses: (AddressChoice & { italian?: boolean })[];
  checked: string | null;
  legend: string;
}) {
  const errors = field.errors ?? [];
  const { t, i18n } = useShopTranslation(['forms', ...messageNamespaces(errors)]);
  const firstSelectable = Math.max(0, addresses.findIndex((address) => address.selectable));
  return (
    <fieldset className="address-choices" aria-describedby={errors.length > 0 ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {errors.length > 0 ? (
        <p id={field.errorId} className="form-field__error">
          {errors.map((message) => translateMessage(t, i18n, message)).join(' ')}
        </p>
      ) : null}
      {addresses.map((address, index) => {
        const id = index === firstSelectable ? field.id : `${field.id}-${index}`;
        const alertId = `${id}-restricted`;
        return (
          <div key={address.id}>
            <label className="address-choice" htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={field.name}
                value={address.id}
                defaultChecked={address.id === checked}
                disabled={!address.selectable}
                aria-invalid={errors.length > 0 || undefined}
                aria-describedby={address.selectable ? undefined : alertId}
                data-italian={address.italian ? '' : undefined}
              />
              <span className="address-choice__text">
                {address.isPreferred ? <span className="address-preferred">{t('address.preferred')}</span> : null}
                <AddressLines address={address} />
              </span>
            </label>
            {address.selectable ? null : <RestrictedCountryAlert id={alertId} text={address.unavailableText ?? undefined} />}
          </div>
        );
      })}
    </fieldset>
  );
}
