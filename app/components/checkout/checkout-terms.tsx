import type { FieldMetadata } from '@conform-to/react';
import type { TermName } from '../../domain/checkout-terms';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { CheckboxField } from '../configure/checkbox-field';

/**
 * Spec §5 "Terms shown by cart content": one box per term the cart calls for, each required
 * (the server checks them too). The academy box comes with the text of each academy product's
 * season, so the fan reads what they accept.
 */
export function TermsSection({
  fields,
  terms,
  academyTexts,
}: {
  fields: Record<TermName, FieldMetadata<string>>;
  terms: readonly TermName[];
  academyTexts: readonly string[];
}) {
  const { t } = useShopTranslation('checkout');
  if (terms.length === 0) return null;
  return (
    <section className="checkout__section" aria-labelledby="terms-heading">
      <h2 id="terms-heading">{t('terms.heading')}</h2>
      <p>{t('terms.intro')}</p>
      {terms.map((name) => (
        <div key={name} className="checkout__term">
          {name === 'academyTerms'
            ? academyTexts.map((text) => (
                <p key={text} className="checkout__term-text">
                  {t(`terms.academyText.${text}`)}
                </p>
              ))
            : null}
          <CheckboxField field={fields[name]} label={t(`terms.${name}`)} />
        </div>
      ))}
    </section>
  );
}
