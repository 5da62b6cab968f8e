import { lazy } from 'react';
import { PageNamespaces } from './i18n/page-namespaces';
import { useShopTranslation } from './i18n/use-shop-translation';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import { useNonce } from './components/nonce';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { SiteStyles } from './components/site-styles';
import { NOTICE_SHEETS, type SheetName } from './styles/sheets';
import { NoticeRegion } from './components/ui/notice-region';
import { requestContext, shopContext } from './context';
import { useRootData } from './root-data';
import { DEFAULT_LANGUAGE, isLanguage } from './domain/catalogue-types';
import { romeDate } from './domain/shop-time';
import { noticeTiming } from './domain/notice';
import { availabilityMiddleware } from './middleware/availability';
import { routeLabelMiddleware } from './.server/metrics/route-label';
import { getInstance, getLanguage, i18nextMiddleware } from './middleware/i18next';
import { getShopSession, getSignedIn } from './.server/auth/guards';
import { takeNotice } from './.server/http/flash';
import { refuseCrossOriginActions } from './.server/http/csrf';

// The language first, so that even the 503 screen speaks the fan's language.
// Only an error page needs the error screen: its chunk is not part of every page's first load.
const SiteErrorBoundary = lazy(() => import('./components/site-error-boundary'));

// The route's pattern first, for the request-duration histogram (metrics/route-label.ts); then
// another site's submission refused before anything reads the database (http/csrf.ts).
export const middleware: Route.MiddlewareFunction[] = [routeLabelMiddleware, refuseCrossOriginActions, i18nextMiddleware, availabilityMiddleware];

// The shop's CSS is inline (`SiteStyles`, the sheets each route names in its `handle`).
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Cheap on purpose: the cookie only for anonymous visitors, one primary-key read when signed
  // in, which also counts the header's cart items. After an action the loaders get a request of
  // their own (React Router's), so the count is read again: right after adding or removing.
  const session = await getShopSession(request, context);
  const fan = await getSignedIn(request, context);
  const { notice, setCookie } = await takeNotice(session, context);
  const { config, clock } = context.get(shopContext);
  const headers: HeadersInit = setCookie ? { 'Set-Cookie': setCookie } : {};
  return data({
    signedIn: fan ? { firstName: fan.user.firstName, cartCount: fan.cartCount } : null,
    language: getLanguage(context),
    requestId: context.get(requestContext).id,
    supportUrl: config.supportUrl,
    year: Number(romeDate(clock.now()).slice(0, 4)),
    // Worded here: the browser needs no translations for it, whichever namespace it comes from.
    notice: notice ? { text: getInstance(context).t(notice.key, notice.values), ...noticeTiming(notice) } : null,
  }, { headers });
}

/** Route `handle` flags the layout understands. */
export type RouteHandle = {
  /**
   * `false` leaves out the client scripts: the page is plain HTML (links and forms still
   * work) and downloads no JavaScript. Only for pages with no behaviour worth the weight.
   */
  hydrate?: boolean;
  /**
   * The sheets (styles/sheets.ts) the route's components need beside the base sheet; a page
   * gets those of every route it matches. `app/styles/route-sheets.test.ts` checks them against
   * the classes the route's components use.
   */
  styles?: readonly SheetName[];
};

function useRouteHandles(): (RouteHandle | undefined)[] {
  return useMatches().map((match) => match.handle as RouteHandle | undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { t, i18n } = useShopTranslation();
  // Without the root loader's data (an error page), the language the page is worded in.
  const language = data?.language ?? (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const nonce = useNonce();
  const handles = useRouteHandles();
  const hydrate = !handles.some((handle) => handle?.hydrate === false);
  const sheets = [...handles.flatMap((handle) => handle?.styles ?? []), ...(data?.notice ? NOTICE_SHEETS : [])];
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <SiteStyles sheets={sheets} />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <SiteHeader language={language} signedIn={data?.signedIn ?? null} />
        <main id="main" tabIndex={-1} className="site-main">
          <NoticeRegion notice={data?.notice ?? null} />
          {children}
        </main>
        <SiteFooter supportUrl={data?.supportUrl ?? '/'} year={data?.year} />
        {hydrate ? (
          <>
            {/* After the page and footer: every namespace they use has been noted by then. */}
            <PageNamespaces />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Errors of the public pages, and of the root itself (the secured layout has its own boundary). */
export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
