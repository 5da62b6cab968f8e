/**
 * The address of the page a request is for, as the visitor sees it in the address bar.
 *
 * With `v8_passThroughRequests`, loaders and actions get the raw request: with JavaScript on,
 * React Router fetches `/cart.data` (`/account/_.data` for a trailing slash, with a `_routes`
 * query) rather than `/cart`. Anything that shows or stores a page address (return targets,
 * canonical and alternate links, redirects to the same page) must undo that.
 */
export function pageAddress(requestUrl: string | URL): { pathname: string; search: string } {
  const url = new URL(requestUrl);
  let pathname = url.pathname;
  if (pathname.endsWith('/_.data')) pathname = pathname.slice(0, -'_.data'.length);
  else if (pathname === '/_root.data') pathname = '/';
  else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length);
  const params = new URLSearchParams(url.search);
  params.delete('_routes');
  const search = params.toString();
  return { pathname, search: search ? `?${search}` : '' };
}

/** Path and query of the page a request is for (see `pageAddress`). */
export function pagePath(requestUrl: string | URL): string {
  const { pathname, search } = pageAddress(requestUrl);
  return pathname + search;
}
