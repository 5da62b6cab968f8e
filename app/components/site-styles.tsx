import { createContext, useContext } from 'react';
import { SHEET_URLS, inCascadeOrder, type SheetName, type SiteStylesText } from '../styles/sheets';
import { useNonce } from './nonce';

/** The CSS text to inline, given by entry.server; null in the browser, which reads the page. */
const SiteStylesContext = createContext<SiteStylesText | null>(null);

export const SiteStylesProvider = SiteStylesContext.Provider;

/** One precedence for every sheet: React keeps them in the order they first appeared. */
const PRECEDENCE = 'shop';

const keyOf = (name: SheetName | 'base') => `shop-css-${name}`;

/**
 * The base sheet and the page's own sheets (issue 32): inline in the page the server sends, so it
 * paints from its HTML alone (docs/decisions/performance.md, "CSS is inline in every page" and
 * "CSS by route"). They are React 19's hoisted styles
 * (`href` + `precedence`): React writes them in `<head>` (the request's nonce given by
 * entry.server's `nonce.style`), merges those of one render into one `<style>`, and never removes
 * them. In the browser, a sheet the document holds is that element again; a sheet it lacks (the
 * next page's, after a client-side navigation) is linked as its hashed file, and React holds the
 * navigation until it has loaded: no page is ever shown without its CSS.
 */
export function SiteStyles({ sheets }: { sheets: readonly SheetName[] }) {
  return (
    <>
      <Sheet name="base" />
      <PageSheets names={sheets} />
    </>
  );
}

/**
 * Sheets a component needs wherever it is rendered: a layout part only some pages show (a
 * notice, an error screen) names its own, as a route names its in its `handle`.
 */
export function PageSheets({ names }: { names: readonly SheetName[] }) {
  return inCascadeOrder(names).map((name) => <Sheet key={name} name={name} />);
}

function Sheet({ name }: { name: SheetName | 'base' }) {
  const server = useContext(SiteStylesContext);
  const nonce = useNonce();
  const key = keyOf(name);
  if (server) {
    const css = name === 'base' ? server.base : server.sheets[name];
    return (
      <style href={key} precedence={PRECEDENCE} nonce={nonce || undefined}>
        {css}
      </style>
    );
  }
  // In the browser: React finds the element by `data-href` and keeps it; the text and the nonce
  // (hidden from the attribute, kept in the property) only matter if it ever had to make it anew.
  const inPage = typeof document === 'undefined' ? null : document.querySelector<HTMLStyleElement>(`style[data-href~="${key}"]`);
  if (inPage || name === 'base') {
    return (
      <style href={key} precedence={PRECEDENCE} nonce={inPage?.nonce || undefined}>
        {inPage?.textContent ?? ''}
      </style>
    );
  }
  return <link rel="stylesheet" href={SHEET_URLS[name]} precedence={PRECEDENCE} />;
}
