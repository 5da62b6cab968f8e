import { useTranslation } from 'react-i18next';

/** The profile as the dashboard shows it: display-ready texts, null where the fan gave nothing. */
export type ProfileDisplay = {
  name: string;
  email: string;
  phone: string | null;
  dob: string | null;
  gender: 'F' | 'M' | null;
  birthPlace: string | null;
  taxCode: string | null;
};

const ROWS = ['name', 'email', 'phone', 'dob', 'gender', 'birthPlace', 'taxCode'] as const;

/** A description list of the fan's data; missing values say "not provided" rather than staying blank. */
export function ProfileSummary({ profile }: { profile: ProfileDisplay }) {
  const { t } = useTranslation('account');
  return (
    <dl className="profile-summary">
      {ROWS.map((row) => {
        const value = row === 'gender' && profile.gender ? t(`gender.${profile.gender}`) : profile[row];
        return (
          <div key={row} className="profile-summary__row">
            <dt>{t(`fields.${row}`)}</dt>
            <dd>{value ? value : <span className="profile-summary__missing">{t('dashboard.notProvided')}</span>}</dd>
          </div>
        );
      })}
    </dl>
  );
}
