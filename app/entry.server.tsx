import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import { ErrorFallbackProvider } from './components/error-fallback';
import { NonceProvider } from './components/nonce';
import { SiteStylesProvider } from './components/site-styles';
import { availabilityContext, requestContext, shopContext } from './context';
import { DEFAULT_LANGUAGE, isLanguage } from './domain/catalogue-types';
import { createI18nInstance } from './i18n/instance';
import { resources } from './i18n/resources';
import { serverTranslation } from './i18n/server-translation';
import { TranslationContext } from './i18n/translation-context';
import { getInstance } from './middleware/i18next';
import { expressContext } from './.server/auth/context';
import { burstStream } from './.server/http/burst-stream';
import { gzippedWhole } from './.server/http/whole-document';
import { modulePreloadLowerer } from './.server/http/module-preload-priority';
import { FONT_PRELOAD_LINK, SITE_STYLES } from './styles/site-styles.server';
import { CROSS_ORIGIN_REFUSED, crossOriginOf, isRefusedCrossOriginAction } from './.server/http/csrf';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, logger, id: requestId } = loadContext.get(requestContext);
  // For an error page without the root loader's data (error-fallback.tsx).
  const errorFallback = { requestId, supportUrl: optional(() => loadContext.get(shopContext).config.supportUrl) };
  const i18n = i18nFor(loadContext);
  const userAgent = request.headers.get('user-agent');
  // A client that takes gzip gets the page gzipped whole (whole-document.ts); crawlers get it
  // whole too; anyone else gets it streamed from the shell.
  const wholeGzip = takesGzip(loadContext);
  const readyOption: keyof RenderToPipeableStreamOptions =
    wholeGzip || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  // The request that met an outage first failed with a 500; say what it was: come back soon.
  const unavailable = responseStatusCode === 500 && optional(() => loadContext.get(availabilityContext))?.isAvailable() === false;
  if (unavailable || responseStatusCode === 503) responseHeaders.set('Retry-After', '10');

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = unavailable ? 503 : responseStatusCode;
    const stream = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <SiteStylesProvider value={SITE_STYLES}>
          {/* A fresh set per render: the namespaces this page uses, carried to the browser. */}
          <TranslationContext value={serverTranslation(i18n, resources[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE])}>
            <ErrorFallbackProvider value={errorFallback}>
              <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
            </ErrorFallbackProvider>
          </TranslationContext>
        </SiteStylesProvider>
      </NonceProvider>,
      {
        // The style nonce goes on the hoisted <style> elements (SiteStyles).
        nonce: { script: cspNonce, style: cspNonce },
        [readyOption]() {
          shellRendered = true;
          const body = burstStream(() => clearTimeout(abortTimer), modulePreloadLowerer());
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (FONT_PRELOAD_LINK) responseHeaders.append('Link', FONT_PRELOAD_LINK);
          stream.pipe(body);
          if (wholeGzip) gzippedWhole(body, responseHeaders, status).then(resolve, reject);
          else resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject and are logged by handleError.
          if (shellRendered) logger.error({ err: error }, 'error while streaming a page');
        },
      },
    );
    // Leaves time for rejected boundaries to flush before the stream is cut.
    const abortTimer = setTimeout(() => stream.abort(), streamTimeout + 1000);
  });
}

/** Whether the client takes gzip, as Express negotiates it (q-values, `*`); false outside server.ts. */
function takesGzip(loadContext: RouterContextProvider): boolean {
  return optional(() => loadContext.get(expressContext).req.acceptsEncodings('gzip', 'identity')) === 'gzip';
}

/** The middleware's instance; Italian if the root middleware did not run (never a crash). */
function i18nFor(loadContext: RouterContextProvider) {
  try {
    return getInstance(loadContext);
  } catch {
    return createI18nInstance(DEFAULT_LANGUAGE, resources);
  }
}

/** Unexpected loader, action and render errors: logged once with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const provider = context as RouterContextProvider;
  // An outage is logged once by the availability tracker, not once per page.
  if (optional(() => provider.get(availabilityContext))?.report(error)) return;
  const logger: { error: (object: object, message: string) => void; warn: (object: object, message: string) => void } =
    optional(() => provider.get(requestContext).logger) ?? console;
  if (isRefusedCrossOriginAction(error, request)) {
    // React Router answered 400 already; someone else's page posted here. No stack: nothing broke.
    logger.warn({ url: request.url, origin: crossOriginOf(request) }, CROSS_ORIGIN_REFUSED);
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    // A client's mistake answered with its 4xx (a resource route's thrown 400 or 413, a POST
    // where no action is): one line, no stack — nothing of ours broke.
    logger.warn({ url: request.url, status: error.status }, 'request refused');
    return;
  }
  logger.error({ err: error, url: request.url }, 'unexpected error while handling a request');
};

/** A context value that may be missing (outside server.ts): undefined instead of a throw. */
function optional<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
