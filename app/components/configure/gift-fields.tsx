import type { FieldMetadata } from '@conform-to/react';
import { MAX_GIFT_MESSAGE_LENGTH } from '../../domain/gift';
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
  const { t } = useShopTranslation(['configure', 'forms']);
  return (
    <fieldset className="form-fieldset configure__gift">
      <legend className="form-fieldset__legend">{t('configure:gift.legend')}</legend>
      <RadioGroupField
        field={fields.giftRecipient}
        legend={t('configure:gift.recipient')}
        options={[
          { value: 'someone', label: t('configure:gift.someone') },
          { value: 'myself', label: t('configure:gift.myself') },
        ]}
      />
      <div className="configure__gift-contact">
        <RadioGroupField
          field={fields.giftContactType}
          legend={t('configure:gift.contactType')}
          hint={t('configure:gift.contactHint')}
          options={[
            { value: 'EMAIL', label: t('configure:gift.EMAIL') },
            { value: 'PHONE', label: t('configure:gift.PHONE') },
          ]}
        />
        <div className="configure__gift-email">
          <TextField field={fields.giftEmail} label={t('configure:gift.email')} type="email" autoComplete="off" />
        </div>
        <div className="configure__gift-phone">
          <TextField field={fields.giftPhone} label={t('configure:gift.phone')} type="tel" autoComplete="off" />
        </div>
      </div>
      <MessageField
        field={fields.giftMessage}
        label={`${t('configure:gift.message')} ${t('forms:optional')}`}
        hint={t('configure:gift.messageHint', { count: MAX_GIFT_MESSAGE_LENGTH })}
        maxLength={MAX_GIFT_MESSAGE_LENGTH}
        charactersLeft={(left) => t('configure:gift.charactersLeft', { count: left })}
      />
    </fieldset>
  );
}
