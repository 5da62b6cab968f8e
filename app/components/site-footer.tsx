import { useTranslation } from 'react-i18next';

export function SiteFooter({ supportUrl }: { supportUrl: string }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <p>{t('footer.withdrawal')}</p>
      <p>
        <a href={supportUrl}>{t('footer.contact')}</a>
      </p>
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
