import { shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import type { Route } from './+types/withdrawal-form';

// Text to print: the page ships no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['orders'] };

/** The lines of Annex I(B) after the addressee, each followed by room to write. */
const FORM_LINES = ['notice', 'ordered', 'name', 'address', 'signature', 'date'] as const;

/**
 * `/terms/withdrawal-form` (issue 31): the model withdrawal form of Annex I(B) of Directive
 * 2011/83/EU (Allegato I, parte B, of the Codice del Consumo) in the page's language, with the
 * shop as addressee (its name, address and support e-mail, `SUPPORT_EMAIL`), for fans who
 * prefer to write. Public, 0 KB JS, printable: blank lines to fill in by hand.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  const { config } = context.get(shopContext);
  const title = t('orders:withdrawalForm.title');
  return {
    title,
    intro: t('orders:withdrawalForm.intro'),
    howTo: t('orders:withdrawalForm.howTo'),
    print: t('orders:withdrawalForm.print'),
    to: t('orders:withdrawalForm.to', { trader: t('common:shopName'), address: t('orders:withdrawalForm.traderAddress'), email: config.supportEmail }),
    lines: FORM_LINES.map((line) => ({ key: line, text: t(`orders:withdrawalForm.${line}`) })),
    footnote: t('orders:withdrawalForm.footnote'),
    source: t('orders:withdrawalForm.source'),
    seo: describePage(context, request, { title }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function WithdrawalFormPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, howTo, print, to, lines, footnote, source } = loaderData;
  return (
    <article className="terms-page withdrawal-form" aria-labelledby="withdrawal-form-title">
      <div className="withdrawal-form__print-hint">
        <p>{howTo}</p>
        <p>{print}</p>
      </div>
      <h1 id="withdrawal-form-title">{title}</h1>
      <p>{intro}</p>
      <p>{to}</p>
      <ul className="withdrawal-form__lines">
        {lines.map((line) => (
          <li key={line.key}>
            {line.text}
            <div className="withdrawal-form__blank" aria-hidden="true" />
          </li>
        ))}
      </ul>
      <p>{footnote}</p>
      <p className="terms-page__version">{source}</p>
    </article>
  );
}
