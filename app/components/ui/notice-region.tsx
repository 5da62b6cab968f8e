import { useEffect, useState } from 'react';
import type { ShownNotice } from '../../domain/notice';

/**
 * Where flash notices appear: one `role="status"` region in every page, present before its
 * text so screen readers announce what changes in it. Without JavaScript the notice stays
 * until the next page; with it, it hides after its timing's time on screen (domain/notice:
 * 3 s, the cart's 10 s). A delayed notice (the welcome back, 1 s) waits in CSS, with or
 * without JavaScript, so the server's HTML and the hydrated page are the same.
 */
export function NoticeRegion({ notice }: { notice: ShownNotice | null }) {
  const [shown, setShown] = useState(notice);
  useEffect(() => {
    setShown(notice);
    if (!notice) return undefined;
    const timer = setTimeout(() => setShown(null), notice.delayMs + notice.visibleMs);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div role="status" className="notice-region">
      {shown ? (
        <p className="notice-box notice-box--success notice-flash" data-delayed={shown.delayMs > 0 || undefined}>
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
