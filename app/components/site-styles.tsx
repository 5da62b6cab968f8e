import { createContext, useContext } from 'react';
import { useNonce } from './nonce';

/**
 * The site's own CSS (every page's), given by entry.server; empty in the browser, which never
 * needs the text: the server's `<style>` stays as it came.
 */
const SiteStylesContext = createContext('');

export const SiteStylesProvider = SiteStylesContext.Provider;

/**
 * The site's stylesheet inline in `<head>` (issue 10): a page paints from its HTML alone, with
 * no render-blocking request before it — a round trip or more on the slow mobile networks the
 * shop's fans are on (docs/decisions.md). Hydration leaves an element's inner HTML as the
 * server wrote it; `suppressHydrationWarning` only quiets React's development check of it.
 */
export function SiteStyles() {
  const css = useContext(SiteStylesContext);
  const nonce = useNonce();
  return <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
