import { useShopTranslation } from '../../i18n/use-shop-translation';
import { useNavigation } from 'react-router';
import { INTENT_FIELD, REFRESH_INTENT } from '../../forms/intent';

type SubmitButtonProps = {
  children: React.ReactNode;
  formAction?: string;
  /** Sends `intent=<value>` (DESIGN §5: one route, several actions) and is pending only for it. */
  intent?: string;
  /**
   * Fields that tell this form from the page's other forms (a row's id, a hidden intent):
   * only a submission carrying these values makes this button pending.
   */
  pendingFor?: Readonly<Record<string, string>>;
  variant?: 'primary' | 'secondary';
  /** An accessible name with context ("Remove J1897"); dropped while pending so the wait is announced. */
  'aria-label'?: string;
};

/**
 * A real submit button; while its form is being sent (JavaScript on) it says so and is
 * marked busy. `aria-disabled` rather than `disabled` keeps it focusable.
 */
export function SubmitButton({
  children,
  formAction,
  intent,
  pendingFor,
  variant = 'primary',
  'aria-label': ariaLabel,
}: SubmitButtonProps) {
  const { t } = useShopTranslation();
  const navigation = useNavigation();
  const submitted = navigation.formData;
  const submittedIntent = submitted?.get(INTENT_FIELD) ?? null;
  const pending =
    navigation.state === 'submitting' &&
    // A refresh (narrowing dependent lists) is not the form being sent.
    submittedIntent !== REFRESH_INTENT &&
    (formAction === undefined || navigation.formAction === formAction) &&
    (intent === undefined || submittedIntent === intent) &&
    Object.entries(pendingFor ?? {}).every(([name, value]) => submitted?.get(name) === value);
  return (
    <button
      type="submit"
      name={intent === undefined ? undefined : INTENT_FIELD}
      value={intent}
      className={variant === 'primary' ? 'button button--primary' : 'button'}
      aria-label={pending ? undefined : ariaLabel}
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
