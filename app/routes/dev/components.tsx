import { Form } from 'react-router';
import showcaseStylesUrl from '../../components/dev/showcase.css?url';
import { ButtonSpecimens, FormSpecimens } from '../../components/dev/showcase-forms';
import {
  BadgeSpecimens,
  BreadcrumbSpecimen,
  CardSpecimens,
  DialogSpecimen,
  EmptyStateSpecimen,
  NoticeSpecimens,
  PriceSpecimens,
  StepsSpecimens,
  TabSpecimens,
} from '../../components/dev/showcase-ui';
import { pageMeta } from '../../domain/page-meta';
import { SHOWCASE_FORM_VALUES, showcaseFormSchema } from '../../forms/component-showcase';
import { parseForm } from '../../forms/parse';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { Route } from './+types/components';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'price', 'catalogue', 'ui', 'forms'] };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: showcaseStylesUrl }];

const PAGE_PATH = '/dev/components';

/**
 * For reviewers (not in production, only from this machine): every component of the library
 * (issue 16) in its states, in the page's language; a button shows it in the other one. The
 * sample form is answered as if sent with a wrong email, so its fields and summary show errors.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { t } = getInstance(context);
  const reply = parseForm(new URLSearchParams(SHOWCASE_FORM_VALUES), showcaseFormSchema).reply();
  return {
    language: getLanguage(context),
    reply,
    seo: describePage(context, request, {
      title: t('dev:components.metaTitle'),
      robots: 'noindex',
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevComponents({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('dev');
  const { language, reply } = loaderData;
  const other = language === 'it' ? 'en' : 'it';
  return (
    <div className="showcase">
      <div className="showcase__intro">
        <h1>{t('components.heading')}</h1>
        <p>{t('components.intro')}</p>
        {/* The shop's language switch, returning here: the whole page, header included, changes language. */}
        <Form method="post" action="/language" reloadDocument>
          <input type="hidden" name="returnTo" value={PAGE_PATH} />
          <button type="submit" name="lng" value={other} lang={other} className="button">
            {t('components.otherLanguage')}
          </button>
        </Form>
      </div>
      <FormSpecimens reply={reply} />
      <ButtonSpecimens />
      <NoticeSpecimens />
      <CardSpecimens />
      <TabSpecimens />
      <BreadcrumbSpecimen />
      <DialogSpecimen />
      <StepsSpecimens />
      <PriceSpecimens language={language} />
      <BadgeSpecimens />
      <EmptyStateSpecimen />
    </div>
  );
}
