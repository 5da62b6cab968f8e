import { useShopTranslation } from '../../i18n/use-shop-translation';

/** The fan's own data, read-only: the holder when buying for oneself, the manager on behalf. */
export function OwnData({
  own,
  heading,
  intro,
}: {
  /** `dob` as shown (DD/MM/YYYY), '' when unknown. */
  own: { firstName: string; lastName: string; email: string; dob: string; taxCode: string };
  heading: string;
  intro: string;
}) {
  const { t } = useShopTranslation('configure');
  return (
    <section className="configure__own" aria-label={heading}>
      <h2 className="configure__section-heading">{heading}</h2>
      <p className="form-field__hint">{intro}</p>
      <dl className="configure__own-data">
        <dt>{t('configure:own.name')}</dt>
        <dd>{`${own.firstName} ${own.lastName}`}</dd>
        <dt>{t('configure:own.email')}</dt>
        <dd>{own.email}</dd>
        <dt>{t('configure:own.dob')}</dt>
        <dd>{own.dob || '—'}</dd>
        <dt>{t('configure:own.taxCode')}</dt>
        <dd>{own.taxCode || '—'}</dd>
      </dl>
    </section>
  );
}
