import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHEET_NAMES, type SheetName } from './sheets';

// Test support of route-sheets.test.ts (node only): which sheet defines which class, and which
// classes a route's components use, read from the sources.

export type SheetKey = SheetName | 'base';

/** The source file of each sheet (the text Vite inlines follows their `@import`s). */
const SHEET_FILES: Record<SheetKey, string> = {
  base: 'styles/app.css',
  components: 'styles/sheets/components.css',
  price: 'styles/sheets/price.css',
  catalogue: 'styles/sheets/catalogue.css',
  carousel: 'styles/sheets/carousel.css',
  ui: 'styles/sheets/ui.css',
  forms: 'components/form/forms.css',
  account: 'components/account/account.css',
  address: 'components/address/address.css',
  cart: 'components/cart/cart.css',
  checkout: 'components/checkout/checkout.css',
  configure: 'components/configure/configure.css',
  'follow-up': 'components/follow-up/follow-up.css',
  membership: 'components/memberships/membership.css',
  'notify-me': 'components/notify-me/notify-me.css',
  orders: 'components/orders/orders.css',
};

/** Rules inside `@media print` hide or simplify for paper: they do not style a component. */
function withoutPrintRules(css: string): string {
  let out = css;
  for (let at = out.search(/@media\s+print\s*\{/); at >= 0; at = out.search(/@media\s+print\s*\{/)) {
    let depth = 0;
    let end = out.indexOf('{', at);
    for (; end < out.length; end += 1) {
      if (out[end] === '{') depth += 1;
      else if (out[end] === '}' && --depth === 0) break;
    }
    out = out.slice(0, at) + out.slice(end + 1);
  }
  return out;
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** A CSS file's text with its local `@import url('./…')`s in place. */
function cssWithImports(file: string): string {
  const text = withoutComments(readFileSync(file, 'utf8'));
  return text.replace(/@import\s+url\(['"]?(\.[^'")]+)['"]?\)[^;]*;/g, (_all, relative: string) =>
    cssWithImports(path.resolve(path.dirname(file), relative)),
  );
}

/** Class name → the sheets whose CSS has a selector with it. */
export function classesDefinedBy(appDirectory: string): Map<string, SheetKey[]> {
  const defined = new Map<string, SheetKey[]>();
  for (const sheet of ['base', ...SHEET_NAMES] as const) {
    const css = withoutPrintRules(cssWithImports(path.join(appDirectory, SHEET_FILES[sheet]))).replace(/url\([^)]*\)/g, '');
    // Selectors only: what comes before a `{`, not declarations (`0.5rem` has no class).
    for (const [, selectors = ''] of css.matchAll(/([^{};]*)\{/g)) {
      for (const [, name = ''] of selectors.matchAll(/\.(-?[a-z_][\w-]*)/gi)) {
        const sheets = defined.get(name) ?? [];
        if (!sheets.includes(sheet)) defined.set(name, [...sheets, sheet]);
      }
    }
  }
  return defined;
}

/**
 * The words of a module's string and template literals: a class name is written in one, whether
 * in `className` or in a table of variants. Over-counting only asks for a sheet more.
 */
export function classesUsedBy(file: string): Set<string> {
  const source = withoutComments(readFileSync(file, 'utf8')).replace(/^\s*(import|export)\b[^;]*\bfrom\s+['"][^'"]+['"];?/gm, '');
  const words = new Set<string>();
  for (const [literal] of source.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
    for (const word of literal.slice(1, -1).replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) {
      // A sheet's own name is a handle's word or a translation namespace, not a class.
      if (word && !(SHEET_NAMES as readonly string[]).includes(word)) words.add(word);
    }
  }
  return words;
}

/** The sheets a module names with `<PageSheets names={[…]} />`. */
export function sheetsNamedIn(file: string): Set<SheetKey> {
  const names = new Set<SheetKey>();
  for (const [, list = ''] of readFileSync(file, 'utf8').matchAll(/<PageSheets\s+names=\{\[([^\]]*)\]\}/g)) {
    for (const [, name = ''] of list.matchAll(/'([^']+)'/g)) names.add(name as SheetKey);
  }
  return names;
}

/**
 * `files` and every module of the app they import, statically or with `import()`; only those that
 * render (the root, routes, components): domain rules and translations hold words, not classes.
 */
export function importGraph(files: readonly string[], appDirectory: string): Set<string> {
  const renders = (file: string) => /^(root\.tsx|routes\/|components\/)/.test(path.relative(appDirectory, file));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports bring no markup (a route's `RouteHandle` from the root).
    const code = source.replace(/^(import|export) type\b[^;]*;/gm, '');
    for (const [, specifier = ''] of code.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const resolved = resolveModule(path.resolve(path.dirname(file), specifier));
      // Server modules and JSON render nothing; the route's parents are routes of their own.
      if (resolved && renders(resolved) && !/\.server(\.|\/)|\+types/.test(resolved)) visit(resolved);
    }
  };
  for (const file of files) visit(file);
  return seen;
}

function resolveModule(base: string): string | null {
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}
