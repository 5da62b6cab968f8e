import { Fragment } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';

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

/**
 * An e-mail address with line-break opportunities before its `@` and dots (where a reader
 * expects a long address to wrap, as style guides break URLs), instead of mid-word.
 */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** A description list of the fan's data; missing values say "not provided" rather than staying blank. */
export function ProfileSummary({ profile }: { profile: ProfileDisplay }) {
  const { t } = useShopTranslation('account');
  return (
    <dl className="profile-summary">
      {ROWS.map((row) => {
        const value = row === 'gender' && profile.gender ? t(`gender.${profile.gender}`) : profile[row];
        return (
          <div key={row} className="profile-summary__row">
            <dt>{t(`fields.${row}`)}</dt>
            <dd className={`profile-summary__value profile-summary__value--${row}`}>
              {!value ? (
                <span className="profile-summary__missing">{t(`dashboard.notProvidedField.${row}`)}</span>
              ) : row === 'email' ? (
                <BreakableEmail email={value} />
              ) : (
                value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
