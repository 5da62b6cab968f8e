import type { FieldMetadata } from '@conform-to/react';
import type { TermName } from '../../domain/checkout-terms';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { TermView } from '../../routes/checkout/checkout.server';
import { CheckboxField } from '../configure/checkbox-field';

/**
 * Spec §5 "Terms shown by cart content": one box per term the cart calls for, each required
 * (the server checks them too). The academy box comes with the text of each academy product's
 * season, so the fan reads what they accept. The server words them (`TermView`).
 */
export function TermsSection({ fields, terms }: { fields: Record<TermName, FieldMetadata<string>>; terms: readonly TermView[] }) {
  const { t } = useShopTranslation('checkout');
  if (terms.length === 0) return null;
  return (
    <section className="checkout__section" aria-labelledby="terms-heading">
      <h2 id="terms-heading">{t('terms.heading')}</h2>
      <p>{t('terms.intro')}</p>
      {terms.map((term) => (
        <div key={term.name} className="checkout__term">
          {term.texts.map((text) => (
            <p key={text} className="checkout__term-text">
              {text}
            </p>
          ))}
          <CheckboxField field={fields[term.name]} label={term.label} textLink={term.textLink} />
        </div>
      ))}
    </section>
  );
}
