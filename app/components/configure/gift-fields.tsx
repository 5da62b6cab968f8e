import type { FieldMetadata } from '@conform-to/react';
import { giftMessageCharactersLeft } from '../../domain/gift';
import { MAX_GIFT_MESSAGE_LENGTH } from '../../domain/gift-message';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { RadioGroupField } from '../form/radio-group-field';
import { TextField } from '../form/text-field';
import { MessageField } from './message-field';

type GiftFieldName = 'giftRecipient' | 'giftMessage' | 'giftContactType' | 'giftEmail' | 'giftPhone';

/**
 * The gift (spec §2, §5): send the link to someone or to oneself, a message of at most 100
 * characters, and for someone an e-mail or a phone. The contact fields that do not apply are
 * hidden by CSS (`:has()` on the checked radios), so no JavaScript is needed; the server
 * ignores them either way.
 */
export function GiftFields({ fields }: { fields: Record<GiftFieldName, FieldMetadata<string>> }) {
  const { t } = useShopTranslation(['configureParts', 'configure', 'forms']);
  return (
    <fieldset className="form-fieldset configure__gift">
      <legend className="form-fieldset__legend">{t('configureParts:gift.legend')}</legend>
      <RadioGroupField
        field={fields.giftRecipient}
        legend={t('configureParts:gift.recipient')}
        options={[
          { value: 'someone', label: t('configureParts:gift.someone') },
          { value: 'myself', label: t('configureParts:gift.myself') },
        ]}
      />
      <div className="configure__gift-contact">
        <RadioGroupField
          field={fields.giftContactType}
          legend={t('configureParts:gift.contactType')}
          hint={t('configureParts:gift.contactHint')}
          options={[
            { value: 'EMAIL', label: t('configureParts:gift.EMAIL') },
            { value: 'PHONE', label: t('configureParts:gift.PHONE') },
          ]}
        />
        <div className="configure__gift-email">
          <TextField field={fields.giftEmail} label={t('configureParts:gift.email')} type="email" autoComplete="off" />
        </div>
        <div className="configure__gift-phone">
          <TextField field={fields.giftPhone} label={t('configureParts:gift.phone')} type="tel" autoComplete="off" />
        </div>
      </div>
      <MessageField
        field={fields.giftMessage}
        label={`${t('configureParts:gift.message')} ${t('forms:optional')}`}
        hint={t('configureParts:gift.messageHint', { count: MAX_GIFT_MESSAGE_LENGTH })}
        maxLength={MAX_GIFT_MESSAGE_LENGTH}
        charactersLeft={(left) => t('configureParts:gift.charactersLeft', { count: left })}
        leftOf={giftMessageCharactersLeft}
      />
    </fieldset>
  );
}
