import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './messages';

export type SummaryError = { fieldId: string; message: string };

/**
 * The list of what is wrong, each linking to its field. It takes focus when it appears:
 * `autoFocus` for a page rendered on the server (no JavaScript), the effect for a submit
 * handled in the browser. Give it a new `key` after every failed submit to focus it again.
 */
export function ErrorSummary({ errors, title }: { errors: SummaryError[]; title?: string }) {
  const { t, i18n } = useTranslation();
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
        {errors.map(({ fieldId, message }) => (
          <li key={`${fieldId}:${message}`}>
            <a href={`#${fieldId}`}>{translateMessage(t, i18n, message)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
