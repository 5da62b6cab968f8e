import { useEffect, useRef } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { DropInEnd } from './drop-in-callbacks';
import { RefusalText } from './refusal-text';

type Problem = Extract<DropInEnd, { kind: 'refused' | 'too-late' | 'error' | 'unavailable' }>;

/**
 * Spec §4 "Checkout": a refused payment's error dialog with its reason and code, and the other
 * ways a Drop-in payment can stop — each a modal `<dialog>` the fan dismisses (its button or
 * Escape) to try again on the same order. Focus goes to the dialog, and back to the page after.
 */
export function DropInProblem({ end, onClose }: { end: Problem; onClose(): void }) {
  const { t } = useShopTranslation('payment');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const words = {
    refused: { heading: t('gateway.refusedHeading'), body: t('gateway.refusedBody') },
    'too-late': { heading: t('gateway.tooLateHeading'), body: t('gateway.tooLateBody') },
    error: { heading: t('gateway.errorHeading'), body: t('dropIn.errorBody') },
    unavailable: { heading: t('gateway.errorHeading'), body: t('notice.unavailable') },
  }[end.kind];
  return (
    <dialog ref={dialog} className="drop-in__problem" aria-labelledby="drop-in-problem-heading" onClose={onClose}>
      <h2 id="drop-in-problem-heading">{words.heading}</h2>
      <p>{words.body}</p>
      {end.kind === 'refused' && end.refusal ? <RefusalText refusal={end.refusal} /> : null}
      <button type="button" className="button button--primary" onClick={() => dialog.current?.close()}>
        {t('dropIn.close')}
      </button>
    </dialog>
  );
}
