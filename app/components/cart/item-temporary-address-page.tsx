import type { AddressFormView } from '../../forms/address';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { AddressForm } from '../address/address-form';

/**
 * A cart item's temporary address (the spec's `temp_address`): the address book's form, kept on
 * this item only. Its own page, so the saved-address page stays light; Cancel goes back there.
 */
export function ItemTemporaryAddressPage({ itemName, form, backTo }: { itemName: string; form: AddressFormView; backTo: string }) {
  const { t } = useShopTranslation('addresses');
  return (
    <section className="address-page" aria-labelledby="temporary-address-heading">
      <h1 id="temporary-address-heading">{t('addresses:cartItem.temporaryPageHeading', { name: itemName })}</h1>
      <p>{t('addresses:cartItem.temporaryIntro')}</p>
      <AddressForm view={form} submitLabel={t('addresses:cartItem.confirmTemporary')} cancelTo={backTo} />
    </section>
  );
}
