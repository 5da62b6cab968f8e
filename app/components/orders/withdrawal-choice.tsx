import { useShopTranslation } from '../../i18n/use-shop-translation';

/** One item the fan may withdraw from: its order item id and its label ("Black & White – Holder: … (until …)"). */
export type WithdrawalOption = { id: string; label: string };

/** The field the error summary links to: the first box. */
export const WITHDRAWAL_ITEM_FIELD_ID = 'withdrawal-item';

/**
 * The items of an order the fan may withdraw from, as one GET form to the confirmation page
 * (`?item=…&item=…&step=confirm`): a fieldset of labelled checkboxes (several items, one
 * confirmation), the submit naming the step so an empty choice is told from a bare visit. On
 * the receipt and on the withdrawal page itself when the choice was empty or not valid.
 */
export function WithdrawalChoiceForm({ action, options, error }: { action: string; options: readonly WithdrawalOption[]; error: string | null }) {
  const { t } = useShopTranslation('orders');
  const errorId = `${WITHDRAWAL_ITEM_FIELD_ID}-error`;
  return (
    <form method="get" action={action} className="form withdrawal-choice">
      <fieldset className="form-field form-field--group" data-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        <legend className="form-field__label">{t('withdrawal.legend')}</legend>
        {error ? (
          <p id={errorId} className="form-field__error">
            {error}
          </p>
        ) : null}
        <div className="withdrawal-choice__options">
          {options.map((option, index) => {
            const id = index === 0 ? WITHDRAWAL_ITEM_FIELD_ID : `${WITHDRAWAL_ITEM_FIELD_ID}-${option.id}`;
            return (
              <div key={option.id} className="form-field form-field--checkbox">
                <input id={id} type="checkbox" name="item" value={option.id} className="form-field__checkbox" />
                <label htmlFor={id}>{option.label}</label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <button type="submit" name="step" value="confirm" className="button">
        {t('withdrawal.chooseSubmit')}
      </button>
    </form>
  );
}
