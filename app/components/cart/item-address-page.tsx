import type { SubmissionResult } from '@conform-to/react';
import { Form, Link } from 'react-router';
import { CART_PATH } from '../../domain/cart-summary';
import type { AddressSummary } from '../../domain/address-summary';
import { chooseAddressSchema } from '../../forms/address';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { AddressChoices, type AddressChoice } from '../address/address-choices';
import { AddressLines } from '../address/address-lines';
import { ErrorSummary } from '../form/error-summary';
import { SubmitButton } from '../form/submit-button';
import { useShopForm } from '../form/use-shop-form';
import { Breadcrumb } from '../ui/breadcrumb';

type ItemAddressPageData = {
  item: { id: string; name: string };
  addresses: AddressChoice[];
  chosen: string | null;
  chooserHref: string;
  /** The item's temporary address, if it has one. */
  temporary: AddressSummary | null;
  /** The temporary address's own page (its form). */
  temporaryHref: string;
};

/**
 * Spec "Shared pieces": the address selection block — the saved addresses as radios (those the
 * item cannot go to disabled, with why), a way to add one, and the temporary address as a
 * summary whose Change opens its form (a page of its own: ItemTemporaryAddressPage).
 */
export function ItemAddressPage({ page, chooseResult }: { page: ItemAddressPageData; chooseResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation('addresses');
  const { fields, formProps, summary } = useShopForm(chooseAddressSchema, { id: 'choose', lastResult: chooseResult, fieldOrder: ['addressId'] });
  const heading = t('addresses:cartItem.heading', { name: page.item.name });
  return (
    <section className="address-page" aria-labelledby="item-address-heading">
      <Breadcrumb trail={[{ to: CART_PATH, label: t('common:nav.cart') }]} current={heading} />
      <h1 id="item-address-heading">{heading}</h1>

      <section aria-labelledby="saved-addresses-heading" className="address-page">
        <h2 id="saved-addresses-heading">{t('addresses:cartItem.savedHeading')}</h2>
        <ErrorSummary key={summary.key} errors={summary.errors} labels={{ addressId: t('addresses:cartItem.savedLegend') }} />
        {page.addresses.length === 0 ? <p>{t('addresses:cartItem.noSaved')}</p> : null}
        <p>
          <Link to={page.chooserHref} className="button">
            {t('addresses:cartItem.addOrChoose')}
          </Link>
        </p>
        {page.addresses.length > 0 ? (
          <Form method="post" {...formProps} className="form">
            <AddressChoices
              field={fields.addressId}
              addresses={page.addresses}
              checked={(fields.addressId.initialValue as string | undefined) ?? page.chosen}
              legend={t('addresses:cartItem.savedLegend')}
            />
            <div className="form--inline">
              <SubmitButton intent="choose">{t('addresses:cartItem.shipHere')}</SubmitButton>
              <Link to={CART_PATH} className="button">
                {t('addresses:cartItem.back')}
              </Link>
            </div>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="temporary-address-heading" className="address-page">
        <h2 id="temporary-address-heading">{t('addresses:cartItem.temporaryHeading')}</h2>
        <p>{t('addresses:cartItem.temporaryIntro')}</p>
        {page.temporary ? <AddressLines address={page.temporary} /> : null}
        <p>
          <Link to={page.temporaryHref} className="button">
            {t(page.temporary ? 'addresses:cartItem.changeTemporary' : 'addresses:cartItem.useTemporary')}
          </Link>
        </p>
      </section>
    </section>
  );
}
