/**
 * Tabs as links (DESIGN §5): each tab is an address, `?tab=<id>`, so they work without
 * JavaScript and can be bookmarked. The first tab is the default and has the plain address.
 */
export type TabIds<Id extends string> = readonly [Id, ...Id[]];

/** The tab `?tab=` names, or the default (the first) when it names none of them. */
export function chooseTab<Id extends string>(tabs: TabIds<Id>, value: string | null | undefined): Id {
  return (tabs as readonly string[]).includes(value ?? '') ? (value as Id) : tabs[0];
}

/**
 * A tab's address on the page at `pathname` whose query is `search`: the page's other
 * parameters are kept, `tab` is set, or dropped for the default tab (one address per tab).
 */
export function tabHref<Id extends string>(tabs: TabIds<Id>, tab: Id, pathname: string, search = ''): string {
  const params = new URLSearchParams(search);
  if (tab === tabs[0]) params.delete('tab');
  else params.set('tab', tab);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
