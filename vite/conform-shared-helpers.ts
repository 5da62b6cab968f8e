import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const CONFORM = /[\\/]node_modules[\\/]@conform-to[\\/]/;
const HELPERS = /[\\/]_rollupPluginBabelHelpers\.mjs$/;

/**
 * Browser build only: `@conform-to/dom`, `/react` and `/zod` each ship their own copy of Babel's
 * object-spread helpers (`_virtual/_rollupPluginBabelHelpers.mjs`, 1–1.4 KB each), all three in
 * every page with a form. React's and zod's copies are the same file and dom's exports a subset
 * of theirs, so all three imports resolve to react's copy. Should a future version diverge, a
 * name the copy lacks fails the build (Rollup's missing export), never the browser.
 */
export function conformSharedHelpers(): Plugin {
  let shared: string | undefined;
  return {
    name: 'shop:conform-shared-helpers',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (this.environment.name !== 'client' || !importer || !CONFORM.test(importer) || !HELPERS.test(source)) return null;
      shared ??= path.join(path.dirname(createRequire(import.meta.url).resolve('@conform-to/react')), '_virtual', '_rollupPluginBabelHelpers.mjs');
      return shared;
    },
  };
}
