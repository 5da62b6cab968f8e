import { useRef, type MouseEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { SubmitButton } from './submit-button';

type ConfirmDeleteProps = {
  /** The hidden fields that say what to delete (`addressId`, `itemId`…); the first tells this form's pending state apart. */
  fields: Readonly<Record<string, string>>;
  intent: string;
  /** Where "Cancel" goes without JavaScript: the same page, loaded afresh. */
  cancelTo: string;
  texts: { open: string; question: string; confirm: string; cancel: string };
  /** Visually hidden context appended to each control's name ("Delete: J1897"). */
  which: ReactNode;
  className?: string;
};

/**
 * Deleting asks first, in a `<details>` disclosure: a mis-click only opens the question, and it
 * works without JavaScript. "Cancel" closes it again: without JavaScript it is a link that
 * loads the page afresh (a new page starts with every disclosure closed); with JavaScript it
 * just closes the disclosure and puts focus back on its toggle.
 */
export function ConfirmDelete({ fields, intent, cancelTo, texts, which, className }: ConfirmDeleteProps) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  const cancel = (event: MouseEvent<HTMLAnchorElement>) => {
    const details = disclosure.current;
    if (!details) return;
    event.preventDefault();
    details.open = false;
    details.querySelector('summary')?.focus();
  };
  return (
    <details ref={disclosure} className={className ?? 'confirm-delete'}>
      <summary className="button">
        {texts.open}
        {which}
      </summary>
      <p>{texts.question}</p>
      <div className="confirm-delete__choices">
        <Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SubmitButton intent={intent} pendingFor={fields}>
            {texts.confirm}
            {which}
          </SubmitButton>
        </Form>
        <a href={cancelTo} className="button" onClick={cancel}>
          {texts.cancel}
          {which}
        </a>
      </div>
    </details>
  );
}
