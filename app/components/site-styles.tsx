import { createContext, useContext } from 'react';
import { useNonce } from './nonce';

/**
 * The site's own CSS (every page's), given by entry.server. The browser is not given it: it keeps
 * the text the server's `<style>` came with (`browserSiteStyles`).
 */
const SiteStylesContext = createContext('');

export const SiteStylesProvider = SiteStylesContext.Provider;

const SITE_STYLES_ID = 'site-styles';

type BrowserSiteStyles = { css: string; nonce: string };
let keptInBrowser: BrowserSiteStyles | undefined;

/**
 * The server's `<style>` text and nonce, read once at hydration. React mounts the layout again
 * when the root error boundary takes over after a client-side navigation (a 404 from a loader):
 * the new `<style>` must carry the same CSS, and the nonce, which the browser hides from the
 * attribute but keeps in the `nonce` property, or the CSP refuses it and the page loses its styles.
 */
function browserSiteStyles(): BrowserSiteStyles {
  if (!keptInBrowser) {
    const element = document.getElementById(SITE_STYLES_ID) as HTMLStyleElement | null;
    keptInBrowser = { css: element?.textContent ?? '', nonce: element?.nonce ?? '' };
  }
  return keptInBrowser;
}

/**
 * The site's stylesheet inline in `<head>` (issue 10): a page paints from its HTML alone, with
 * no render-blocking request before it — a round trip or more on the slow mobile networks the
 * shop's fans are on (docs/decisions.md). `suppressHydrationWarning`: the browser hides the
 * nonce attribute, which React's development check would report.
 */
export function SiteStyles() {
  const serverCss = useContext(SiteStylesContext);
  const serverNonce = useNonce();
  const { css, nonce } = typeof document === 'undefined' ? { css: serverCss, nonce: serverNonce } : browserSiteStyles();
  return <style id={SITE_STYLES_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
