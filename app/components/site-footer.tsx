import { useShopTranslation } from '../i18n/use-shop-translation';

/**
 * `year` comes from the server's clock, so the server's and the browser's render agree
 * (unknown when the root loader failed: the error screen then leaves the line out).
 */
export function SiteFooter({ supportUrl, year }: { supportUrl: string; year?: number }) {
  const { t } = useShopTranslation();
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <p>{t('footer.withdrawal')}</p>
      <p>
        <a href={supportUrl}>{t('footer.contact')}</a>
      </p>
      {year ? <p>{t('footer.copyright', { year })}</p> : null}
    </footer>
  );
}
