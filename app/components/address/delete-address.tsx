import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Form } from 'react-router';
import { SubmitButton } from '../form/submit-button';

/**
 * Deleting asks first, in a `<details>` disclosure: a mis-click only opens the question, and it
 * works without JavaScript. "Cancel" closes it again: without JavaScript it is a link that
 * loads the list afresh (a new page starts with every disclosure closed); with JavaScript it
 * just closes the disclosure and puts focus back on its "Delete" toggle.
 */
export function DeleteAddress({ addressId, listPath, which }: { addressId: string; listPath: string; which: ReactNode }) {
  const { t } = useShopTranslation('addresses');
  const disclosure = useRef<HTMLDetailsElement>(null);
  const cancel = (event: MouseEvent<HTMLAnchorElement>) => {
    const details = disclosure.current;
    if (!details) return;
    event.preventDefault();
    details.open = false;
    details.querySelector('summary')?.focus();
  };
  return (
    <details ref={disclosure} className="delete-address">
      <summary className="button">
        {t('book.delete')}
        {which}
      </summary>
      <p>{t('book.deleteQuestion')}</p>
      <div className="delete-address__choices">
        <Form method="post">
          <input type="hidden" name="addressId" value={addressId} />
          <SubmitButton intent="delete" pendingFor={{ addressId }}>
            {t('book.deleteConfirm')}
            {which}
          </SubmitButton>
        </Form>
        <a href={listPath} className="button" onClick={cancel}>
          {t('book.deleteCancel')}
          {which}
        </a>
      </div>
    </details>
  );
}
