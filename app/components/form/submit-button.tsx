import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { INTENT_FIELD, REFRESH_INTENT } from '../../forms/intent';

/**
 * A real submit button; while its form is being sent (JavaScript on) it says so and is
 * marked busy. `aria-disabled` rather than `disabled` keeps it focusable.
 */
export function SubmitButton({ children, formAction }: { children: React.ReactNode; formAction?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // A refresh (narrowing dependent lists) is not the form being sent: the button stays as it is.
  const submittedIntent = navigation.formData?.get(INTENT_FIELD) ?? null;
  const pending =
    navigation.state === 'submitting' &&
    submittedIntent !== REFRESH_INTENT &&
    (formAction === undefined || navigation.formAction === formAction);
  return (
    <button
      type="submit"
      className="button button--primary"
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
      // Keeps focus in the field on press: otherwise its blur validation may insert a message
      // above the button between press and release, moving it away and losing the click.
      onMouseDown={(event) => event.preventDefault()}
    >
      {pending ? t('pending') : children}
    </button>
  );
}
