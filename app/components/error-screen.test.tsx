import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18nInstance } from '../i18n/instance';
import { resources } from '../i18n/resources';
import { serverTranslation } from '../i18n/server-translation';
import { TranslationContext } from '../i18n/translation-context';
import { ErrorFallbackProvider, type ErrorFallback } from './error-fallback';
import { ErrorScreen, type ErrorScreenProps } from './error-screen';

/** The screen at `/cart?x=1` as the server renders it, with what entry.server knows of the request. */
function render(props: ErrorScreenProps, fallback: ErrorFallback = { requestId: 'req-from-server', supportUrl: 'https://help.example/' }) {
  const Stub = createRoutesStub([{ path: '/cart', Component: () => <ErrorScreen {...props} /> }]);
  return renderToString(
    <TranslationContext value={serverTranslation(createI18nInstance('en', resources), resources.en)}>
      <ErrorFallbackProvider value={fallback}>
        <Stub initialEntries={['/cart?x=1']} />
      </ErrorFallbackProvider>
    </TranslationContext>,
  );
}

describe('ErrorScreen (issue 30)', () => {
  it('offers to try the same address again, loaded anew, where there is a status', () => {
    expect(render({ status: 500 })).toContain('<a href="/cart?x=1" class="button">Try again</a>');
    expect(render({ status: 404 })).toContain('>Try again</a>');
    // The status-less /error page: its own address is no retry (signing in again is).
    expect(render({})).not.toContain('>Try again</a>');
  });

  it('uses the root loader’s id and support URL when given', () => {
    const html = render({ status: 500, errorId: 'req-root', supportUrl: 'mailto:help@example.org' });
    expect(html).toContain('<code id="error-id">req-root</code>');
    expect(html).toContain('id="error-support" href="mailto:help@example.org"');
  });

  it('without them (no root loader data), falls back to the request’s id and SUPPORT_URL; never to "/"', () => {
    const html = render({ status: 503 });
    expect(html).toContain('<code id="error-id">req-from-server</code>');
    expect(html).toContain('id="error-support" href="https://help.example/"');
  });

  it('shows no request id on the status-less /error page (its id comes from the query)', () => {
    expect(render({ message: 'x' })).not.toContain('error-id');
  });
});
