import { Link } from 'react-router';
import type { ProfilePart } from '../../domain/profile-completeness';
import { useShopTranslation } from '../../i18n/use-shop-translation';

/** Spec §5: a missing profile field blocks purchase; the fields are listed with the way to fill them in. */
export function MissingProfile({ missing, completeHref }: { missing: ProfilePart[]; completeHref: string }) {
  const { t } = useShopTranslation(['configureParts', 'account']);
  return (
    <section className="configure__missing" aria-labelledby="missing-heading">
      <h2 id="missing-heading">{t('configureParts:missing.heading')}</h2>
      <p>{t('configureParts:missing.intro')}</p>
      <ul>
        {missing.map((part) => (
          <li key={part}>{t(`account:fields.${part}`)}</li>
        ))}
      </ul>
      <p>
        <Link to={completeHref} className="button button--primary">
          {t('configureParts:missing.complete')}
        </Link>
      </p>
    </section>
  );
}
