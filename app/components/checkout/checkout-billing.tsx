import type { FieldMetadata } from '@conform-to/react';
import { Link } from 'react-router';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { CheckoutPageData } from '../../routes/checkout/checkout.server';
import { AddressChoices } from '../address/address-choices';

/** The intro's key: to pay, a billing address is needed; with nothing to pay only a country rule asks for one. */
function introKey(totalCents: number, billingRequired: boolean): string {
  if (totalCents > 0) return 'billing.intro';
  return billingRequired ? 'billing.introFreeRequired' : 'billing.introFree';
}

/**
 * Spec "Checkout screen": the billing address picker — the saved addresses as radios (one that
 * cannot bill this cart disabled, with why), the country rules it answers, and the address
 * chooser (`address_type=billing`) to add one or change them.
 */
export function BillingSection({
  billing,
  field,
  totalCents,
  billingRequired,
}: {
  billing: CheckoutPageData['billing'];
  field: FieldMetadata<string>;
  totalCents: number;
  billingRequired: boolean;
}) {
  const { t } = useShopTranslation('checkout');
  const rules = billing.countryRules;
  return (
    <section className="checkout__section" aria-labelledby="billing-heading">
      <h2 id="billing-heading">{t('billing.heading')}</h2>
      <p>{t(introKey(totalCents, billingRequired))}</p>
      {rules?.rules.map((rule) => (
        <p key={rule}>{rule}</p>
      ))}
      {rules?.stuck ? (
        <p>
          {rules.stuck.text} <Link to={rules.stuck.cartHref}>{rules.stuck.cartLabel}</Link>
        </p>
      ) : null}
      {billing.addresses.length === 0 ? (
        <p id={field.id} tabIndex={-1}>
          {t('billing.none')}
        </p>
      ) : (
        <AddressChoices
          field={field}
          addresses={billing.addresses}
          checked={(field.initialValue as string | undefined) ?? billing.chosen}
          legend={t('billing.legend')}
        />
      )}
      <p>
        <Link to={billing.chooserHref} className="button">
          {t('billing.addOrChange')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The buyer, read-only (the profile is where it changes). The tax code is shown only while an
 * Italian address is chosen to bill to: the page's CSS reads the chosen radio, so it works
 * without JavaScript and follows a new choice at once.
 */
export function BuyerSection({ buyer }: { buyer: CheckoutPageData['buyer'] }) {
  const { t } = useShopTranslation('checkout');
  const rows: { key: string; label: string; value: string; className?: string }[] = [
    { key: 'firstName', label: t('buyer.firstName'), value: buyer.firstName },
    { key: 'lastName', label: t('buyer.lastName'), value: buyer.lastName },
    { key: 'email', label: t('buyer.email'), value: buyer.email },
    { key: 'phone', label: t('buyer.phone'), value: buyer.phone || t('buyer.notGiven') },
    { key: 'birthPlace', label: t('buyer.birthPlace'), value: buyer.birthPlace || t('buyer.notGiven') },
    { key: 'taxCode', label: t('buyer.taxCode'), value: buyer.taxCode, className: 'checkout__tax-code' },
  ];
  return (
    <section className="checkout__section" aria-labelledby="buyer-heading">
      <h2 id="buyer-heading">{t('buyer.heading')}</h2>
      <dl className="checkout__buyer">
        {rows.map((row) => (
          <div key={row.key} className={row.className}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="form-field__hint">{t('buyer.changeHint')}</p>
    </section>
  );
}
