import { useEffect, useRef } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';

/**
 * A refused submit with nothing to fix in a field (a rule the server applied): said once at the
 * top and focused after every such answer — `autoFocus` for the server's page (React itself
 * focuses only form controls), the effect for an answer rendered in the browser. `answer` is
 * what changes with each answer (the action data).
 */
export function PageProblem({ message, answer }: { message: string; answer: unknown }) {
  const { t } = useShopTranslation('forms');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [answer]);
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to a submit: where the fan's attention goes (WCAG 3.3.1)
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="page-problem-title" autoFocus>
      <h2 id="page-problem-title" className="error-summary__title">
        {t('forms:errorSummary.title')}
      </h2>
      <p>{message}</p>
    </div>
  );
}
