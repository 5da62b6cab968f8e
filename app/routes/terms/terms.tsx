import { data } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { pageMeta } from '../../domain/page-meta';
import { isTermsPageId, termsPageTexts, WITHDRAWAL_FORM_PATH } from '../../domain/terms-pages';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import type { Route } from './+types/terms';

// Text only: the page ships no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['ui', 'orders'] };

/**
 * `/terms/{id}` (issue 30): the text a terms checkbox accepts, in the page's language, with the
 * version the shop records when it is ticked (domain/terms-pages.ts). Public: a fan reads it
 * before signing in as well. Worded here from `checkoutTerms` (a namespace the browser never
 * loads). Any other id: the shop's 404 page.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const id = params.termsId;
  if (!isTermsPageId(id)) throw data({ reason: 'terms-not-found' }, { status: 404 });
  const { t } = getInstance(context);
  const title = t(`checkoutTerms:pages.${id}.title`);
  const versioned = (version: string | null) => (version ? t('checkoutTerms:pages.version', { version }) : t('checkoutTerms:pages.unversioned'));
  const sections =
    id === 'academy'
      ? // One section per academy text, as checkout shows it (its key: the version, '.' → '_').
        termsPageTexts(id).map(({ version }) => ({ paragraphs: [t(`checkoutTerms:academyText.${(version ?? '').replace('.', '_')}`)], version: versioned(version) }))
      : termsPageTexts(id).map(({ version }) => ({ paragraphs: t(`checkoutTerms:pages.${id}.body`, { returnObjects: true }) as string[], version: versioned(version) }));
  return {
    id,
    title,
    intro: id === 'academy' ? t('checkoutTerms:pages.academy.intro') : null,
    placeholder: t('checkoutTerms:pages.placeholder'),
    sections,
    // The right of withdrawal's page leads to the model form, for fans who prefer to write (issue 31).
    modelForm: id === 'withdrawal' ? { href: WITHDRAWAL_FORM_PATH, label: t('orders:withdrawal.modelForm') } : null,
    seo: describePage(context, request, { title }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, placeholder, sections, modelForm } = loaderData;
  return (
    <article className="terms-page" aria-labelledby="terms-title">
      <h1 id="terms-title">{title}</h1>
      <Notice tone="info">
        <p>{placeholder}</p>
      </Notice>
      {intro ? <p>{intro}</p> : null}
      {sections.map((section) => (
        <section key={section.version} className="terms-page__text">
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="terms-page__version">{section.version}</p>
        </section>
      ))}
      {modelForm ? (
        <p>
          <a href={modelForm.href}>{modelForm.label}</a>
        </p>
      ) : null}
    </article>
  );
}
