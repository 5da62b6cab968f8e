import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { AddressSummary } from '../../domain/address-summary';

/** An address as lines of text: name, street, extra details, place, country, phone. */
export function AddressLines({ address }: { address: AddressSummary }) {
  const { t } = useShopTranslation('forms');
  return (
    <span className="address-lines">
      <span className="address-lines__name">{address.name}</span>
      <span>{address.street}</span>
      {address.extraInfo ? <span>{address.extraInfo}</span> : null}
      <span>{address.place}</span>
      <span>{address.country}</span>
      <span>
        {t('address.phone')} {address.phone}
      </span>
    </span>
  );
}

/** Why an address cannot be used for delivery: a restricted country, unless the page says otherwise. */
export function RestrictedCountryAlert({ id, text }: { id?: string; text?: string }) {
  const { t } = useShopTranslation('forms');
  return (
    <p id={id} className="address-restricted">
      {text ?? t('address.restrictedCountry')}
    </p>
  );
}
