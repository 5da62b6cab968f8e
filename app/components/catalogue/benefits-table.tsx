import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Link } from 'react-router';
import { COMPARISON_GROUPS, type ComparisonTable } from '../../domain/benefits-comparison';
import type { BenefitValue, Language } from '../../domain/catalogue-types';

function BenefitCell({ value }: { value: BenefitValue }) {
  const { t } = useShopTranslation('catalogue');
  if (value.kind === 'percent') return <>{t('benefits.percent', { value: value.value })}</>;
  if (value.kind === 'free') return <>{t('benefits.free')}</>;
  return <>{t('benefits.none')}</>;
}

/**
 * The benefits comparison with its adult/kids switch. The switch is a pair of links
 * (`?group=`), so it works as plain HTML; `#benefits` brings the visitor back here.
 */
export function BenefitsTable({ table, language, search }: { table: ComparisonTable; language: Language; search: string }) {
  const { t } = useShopTranslation('catalogue');
  const hrefFor = (group: string) => {
    const params = new URLSearchParams(search);
    params.set('group', group);
    return `?${params.toString()}#benefits`;
  };
  return (
    <section id="benefits" aria-labelledby="benefits-heading" className="benefits">
      <h2 id="benefits-heading">{t('benefits.heading')}</h2>
      <nav aria-label={t('benefits.groupSwitch')} className="segmented">
        <ul>
          {COMPARISON_GROUPS.map((group) => (
            <li key={group}>
              <Link
                to={hrefFor(group)}
                aria-current={group === table.group ? 'true' : undefined}
                preventScrollReset
              >
                {t(`benefits.groups.${group}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {table.columns.length === 0 ? (
        <p>{t('benefits.empty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="benefits-caption" tabIndex={0}>
          <table className="benefits__table">
            <caption id="benefits-caption">{t('benefits.caption', { group: t(`benefits.groups.${table.group}`) })}</caption>
            <thead>
              <tr>
                <td />
                {table.columns.map((column) => (
                  <th key={column.id} scope="col">
                    {column.name[language]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.benefit}>
                  <th scope="row">{t(`benefits.rows.${row.benefit}`)}</th>
                  {row.values.map((value, index) => (
                    <td key={table.columns[index]?.id}>
                      <BenefitCell value={value} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
