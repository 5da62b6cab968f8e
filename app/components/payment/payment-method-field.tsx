import type { FieldMetadata } from '@conform-to/react';
import { useLayoutEffect, useRef } from 'react';
import { PAYMENT_METHODS } from '../../domain/payment-attempt';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { RadioGroupField } from '../form/radio-group-field';

/** A saved card as the pages show it (the PSP's list). */
export type SavedCardView = { id: string; brand: string; lastFour: string; expiryMonth: string; expiryYear: string; holderName: string | null };

/** Brand codes as fans know them (spec: visa and mc). */
const BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', mc: 'Mastercard' };

export function brandName(brand: string): string {
  return Object.hasOwn(BRAND_NAMES, brand) ? BRAND_NAMES[brand]! : brand;
}

/**
 * Spec "Checkout screen": the payment choice — card or PayPal — and the fan's saved cards.
 * Without JavaScript the details are typed on the PSP's hosted page, which offers the saved
 * cards too (their security code is typed there).
 */
export function PaymentMethodField({
  field,
  savedCards,
  choiceHidden = false,
  enhancement = null,
}: {
  field: FieldMetadata<string>;
  savedCards: readonly SavedCardView[];
  /** Drop-in works: it offers the methods (and the saved cards) itself. */
  choiceHidden?: boolean;
  /** Drop-in's place, with JavaScript. */
  enhancement?: React.ReactNode;
}) {
  const { t } = useShopTranslation('paymentMethod');
  const choice = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The fan's choice loaded Drop-in, which now offers the methods itself: the radio they chose
  // goes out of sight, so focus goes to the section's heading rather than to the page's start.
  // A layout effect: before the browser moves focus off the hidden radio.
  useLayoutEffect(() => {
    if (choiceHidden && choice.current?.contains(document.activeElement)) heading.current?.focus();
  }, [choiceHidden]);
  return (
    <section className="checkout__section" aria-labelledby="payment-heading">
      <h2 id="payment-heading" ref={heading} tabIndex={-1}>
        {t('legend')}
      </h2>
      <div hidden={choiceHidden} ref={choice}>
        <RadioGroupField
          field={field}
          legend={t('legend')}
          hint={t('hint')}
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(method) }))}
        />
        {savedCards.length > 0 ? <SavedCards cards={savedCards} /> : null}
      </div>
      {enhancement}
    </section>
  );
}

function SavedCards({ cards }: { cards: readonly SavedCardView[] }) {
  const { t } = useShopTranslation('paymentMethod');
  return (
    <div className="saved-cards">
      <h3>{t('savedHeading')}</h3>
      <ul>
        {cards.map((card) => {
          const values = { brand: brandName(card.brand), lastFour: card.lastFour, month: card.expiryMonth, year: card.expiryYear, holder: card.holderName };
          return <li key={card.id}>{card.holderName ? t('savedHolder', values) : t('saved', values)}</li>;
        })}
      </ul>
      <p className="form-field__hint">{t('savedHint')}</p>
    </div>
  );
}
