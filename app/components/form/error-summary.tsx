import { useEffect, useRef } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { messageNamespaces } from './messages';
import { summaryLinkText, type SummaryError } from './summary-errors';

export type { SummaryError } from './summary-errors';

type ErrorSummaryProps<Name extends string> = {
  errors: SummaryError<Name>[];
  /**
   * Each field's label as the summary names it (without "(optional)"), from the form that
   * renders the fields: explicit data, so the server's HTML and the browser's are the same.
   */
  labels: Readonly<Record<NoInfer<Name>, string>>;
  title?: string;
};

/**
 * The list of what is wrong, each linking to its field and naming it. It takes focus when it
 * appears: `autoFocus` for a page rendered on the server (no JavaScript), the effect for a
 * submit handled in the browser. Give it a new `key` after every failed submit to focus it again.
 */
export function ErrorSummary<Name extends string>({ errors, labels, title }: ErrorSummaryProps<Name>) {
  const { t, i18n } = useShopTranslation(['common', 'forms', ...messageNamespaces(errors.map((error) => error.message))]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      className="error-summary"
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      // Moving focus to the summary after a failed submit is the point of it (WCAG 3.3.1).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {title ?? t('forms:errorSummary.title')}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            <a href={`#${error.fieldId}`}>{summaryLinkText(error, labels, t, i18n)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
