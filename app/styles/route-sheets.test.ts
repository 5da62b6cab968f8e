import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../root';
import routes from '../routes';
import { NOTICE_SHEETS, SHEET_NAMES, SHEET_URLS, type SheetName } from './sheets';
import { SITE_STYLES } from './site-styles.server';
import { classesDefinedBy, classesUsedBy, importGraph, sheetsNamedIn, type SheetKey } from './route-sheets.test-support';

// Issue 32: a page inlines the base sheet and the sheets its routes name in their `handle`. A
// page missing a sheet shows unstyled parts, so every route's components are checked here: each
// class they use that some sheet defines must be defined by the base or one of the route's sheets.

const APP = path.resolve(__dirname, '..');
type RouteEntry = { file: string; children?: RouteEntry[] };

/** Every route file with the layouts above it (the root first), as React Router matches them. */
function routeChains(entries: readonly RouteEntry[], parents: string[] = ['root.tsx']): string[][] {
  return entries.flatMap((entry) => [[...parents, entry.file], ...routeChains(entry.children ?? [], [...parents, entry.file])]);
}

const chains = routeChains(routes as readonly RouteEntry[]);
const defined = classesDefinedBy(APP);

async function handleOf(file: string): Promise<RouteHandle | undefined> {
  if (file === 'root.tsx') return undefined;
  const routeModule = (await import(/* @vite-ignore */ path.join(APP, file))) as { handle?: RouteHandle };
  return routeModule.handle;
}

/** The classes of `files` that no sheet of `available` defines, with the sheets that do. */
function missing(files: Iterable<string>, available: ReadonlySet<SheetKey>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    // A component that names its own sheets (`PageSheets`) is checked against those.
    const own = sheetsNamedIn(file);
    for (const name of classesUsedBy(file)) {
      const definers = defined.get(name);
      if (!definers || definers.some((sheet) => available.has(sheet) || own.has(sheet))) continue;
      problems.push(`${path.relative(APP, file)}: .${name} (in ${definers.join(' or ')})`);
    }
  }
  return problems;
}

describe('CSS by route (issue 32)', () => {
  it('every sheet has its text for the server and its file for client-side navigations', () => {
    // (Vitest leaves CSS empty: the built pages' sheets are checked by e2e/foundation.spec.ts.)
    expect(Object.keys(SITE_STYLES.sheets).sort()).toEqual([...SHEET_NAMES].sort());
    expect(Object.keys(SHEET_URLS).sort()).toEqual([...SHEET_NAMES].sort());
  });

  it('the root layout (header, footer, notices) needs only the base sheet, notices the sheets the root adds for them', () => {
    const graph = importGraph([path.join(APP, 'root.tsx')], APP);
    const notice = [...graph].filter((file) => file.endsWith('notice-region.tsx'));
    expect(notice).toHaveLength(1);
    expect(missing([...graph].filter((file) => !notice.includes(file)), new Set(['base']))).toEqual([]);
    expect(missing(notice, new Set<SheetKey>(['base', ...NOTICE_SHEETS]))).toEqual([]);
  });

  it.each(chains.map((chain) => [chain.at(-1) ?? '', chain] as const))('%s names every sheet its components use', async (_file, chain) => {
    const available = new Set<SheetKey>(['base']);
    for (const file of chain) {
      for (const sheet of (await handleOf(file))?.styles ?? []) {
        expect(SHEET_NAMES, `${file} names an unknown sheet`).toContain(sheet);
        available.add(sheet as SheetName);
      }
    }
    // The route's own module and what it imports, not its parents' (checked as routes of their own).
    const graph = importGraph([path.join(APP, chain.at(-1) ?? '')], APP);
    expect(missing(graph, available)).toEqual([]);
  });
});
