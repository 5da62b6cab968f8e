import type { SubmissionResult } from '@conform-to/react';
import { ErrorSummary } from '../form/error-summary';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useShopForm } from '../form/use-shop-form';
import { showcaseFormSchema } from '../../forms/component-showcase';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Specimen } from './specimen';

/** Each look's name (its text in dev.json) and classes. */
const BUTTON_LOOKS = [
  ['primary', 'button button--primary'],
  ['secondary', 'button'],
  ['accent', 'button button--accent'],
  ['quiet', 'button button--quiet'],
  ['danger', 'button button--danger'],
  ['dangerPrimary', 'button button--danger button--primary'],
] as const;

/** Buttons: every look, and the pending state a `SubmitButton` shows while its form is sent. */
export function ButtonSpecimens() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="buttons-heading" title={t('components.buttons.heading')} note={t('components.buttons.note')}>
      <div className="showcase__row">
        {BUTTON_LOOKS.map(([look, className]) => (
          <button key={look} type="button" className={className}>
            {t(`components.buttons.${look}`)}
          </button>
        ))}
        <button type="button" className="button button--primary" aria-busy="true" aria-disabled="true">
          {t('common:pending')}
        </button>
      </div>
    </Specimen>
  );
}

/**
 * The error summary and the fields of one sample form, answered as if it had been sent with a
 * wrong email (`reply`, made by the loader): a valid field, one with a hint, one with its error.
 * The summary takes the focus when the page loads, as it does after a failed submit. Sending it
 * checks it again (JavaScript) or reloads the page (without).
 */
export function FormSpecimens({ reply }: { reply: SubmissionResult<string[]> }) {
  const { t } = useShopTranslation('dev');
  const sample = useShopForm(showcaseFormSchema, {
    id: 'showcase-form',
    lastResult: reply,
    fieldOrder: ['fullName', 'nameOnCard', 'email'],
  });
  const labels = {
    fullName: t('components.fields.fullName'),
    nameOnCard: t('components.fields.nameOnCard'),
    email: t('components.fields.email'),
  };
  return (
    <>
      <Specimen id="error-summary-heading" title={t('components.errorSummary.heading')} note={t('components.errorSummary.note')}>
        <ErrorSummary key={sample.summary.key} errors={sample.summary.errors} labels={labels} />
      </Specimen>
      <Specimen id="fields-heading" title={t('components.fields.heading')} note={t('components.fields.note')}>
        <form {...sample.formProps} method="get" className="form" aria-label={t('components.fields.formLabel')}>
          <TextField field={sample.fields.fullName} label={labels.fullName} autoComplete="off" />
          <TextField
            field={sample.fields.nameOnCard}
            label={`${labels.nameOnCard} ${t('forms:optional')}`}
            hint={t('components.fields.nameOnCardHint')}
            autoComplete="off"
          />
          <TextField field={sample.fields.email} label={labels.email} type="email" autoComplete="off" />
          <SubmitButton>{t('components.fields.submit')}</SubmitButton>
        </form>
      </Specimen>
    </>
  );
}
