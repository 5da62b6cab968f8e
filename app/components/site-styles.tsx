import { createContext, useContext } from 'react';
import { useNonce } from './nonce';

/** The site's own CSS (every page's), given by entry.server; the browser reads it from the page. */
const SiteStylesContext = createContext('');

export const SiteStylesProvider = SiteStylesContext.Provider;

const SITE_STYLES_ID = 'site-styles';

/**
 * The site's stylesheet inline in `<head>` (issue 10): a page paints from its HTML alone, with
 * no render-blocking request before it — a round trip or more on the slow mobile networks the
 * shop's fans are on (docs/decisions.md).
 *
 * In the browser it renders the `<style>` already in the page: its text, and its nonce, which
 * the browser hides from the attribute but keeps in the `nonce` property. React mounts the layout
 * again when the root error boundary takes over after a client-side navigation (a loader's 404),
 * and the new `<style>` needs both, or the CSP refuses it and the page loses its styles. The old
 * element is still in the page while React renders the new one. `suppressHydrationWarning`: the
 * hidden nonce attribute would be reported by React's development check.
 */
export function SiteStyles() {
  const serverCss = useContext(SiteStylesContext);
  const serverNonce = useNonce();
  const inPage = typeof document === 'undefined' ? null : (document.getElementById(SITE_STYLES_ID) as HTMLStyleElement | null);
  const css = inPage ? (inPage.textContent ?? '') : serverCss;
  const nonce = inPage ? inPage.nonce : serverNonce;
  return <style id={SITE_STYLES_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
