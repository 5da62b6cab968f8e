import { useEffect, useState } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { NOTICE_VISIBLE_MS, type Notice } from '../../domain/notice';

/**
 * Where flash notices appear: one `role="status"` region in every page, present before its
 * text so screen readers announce what changes in it. Without JavaScript the notice stays
 * until the next page; with it, it hides after NOTICE_VISIBLE_MS (the spec's snackbar).
 */
export function NoticeRegion({ notice }: { notice: Notice | null }) {
  const { t } = useShopTranslation();
  const [shown, setShown] = useState(notice);
  useEffect(() => {
    setShown(notice);
    if (!notice) return undefined;
    const timer = setTimeout(() => setShown(null), NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div role="status" className="notice-region">
      {shown ? <p className="notice notice--done">{t(shown.key, shown.values)}</p> : null}
    </div>
  );
}
