import { Suspense, useEffect, useState, type ComponentType } from 'react';
import type { DropInPanelProps } from './drop-in-panel';

/**
 * Where checkout's Drop-in goes (issue 14). Adyen's library is downloaded when this mounts, which
 * checkout does only once the fan has chosen card or PayPal (issue 32), never with the page
 * (checkout's first load stays under its budget); until then, and whenever
 * it cannot load (offline, blocked), the page's own choice and the hosted payment page remain —
 * the fan can always pay. Spec "Checkout screen": the card form's loading state and its error.
 */
export function DropInSlot({ words, ...props }: Omit<DropInPanelProps, 'onFailed' | 'loadingText'> & { words: { loading: string; failed: string } }) {
  const [Panel, setPanel] = useState<ComponentType<DropInPanelProps> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('./drop-in-panel').then(
      (loaded) => current && setPanel(() => loaded.DropInPanel),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  if (failed) {
    return (
      <p className="drop-in__failed" role="alert">
        {words.failed}
      </p>
    );
  }
  const loading = (
    <p className="drop-in__loading" role="status">
      {words.loading}
    </p>
  );
  if (!Panel) return loading;
  return (
    <Suspense fallback={loading}>
      <Panel {...props} loadingText={words.loading} onFailed={() => setFailed(true)} />
    </Suspense>
  );
}
