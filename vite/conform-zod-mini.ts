import type { Plugin } from 'vite';

/** conform's zod 4 adapter is the one importer redirected; its path in node_modules. */
const CONFORM_ZOD = /[\\/]node_modules[\\/]@conform-to[\\/]zod[\\/]/;

/**
 * Browser build only: `@conform-to/zod`'s v4 coercion imports `lazy`, `optional`, `pipe` and
 * `transform` from `zod/v4`, zod's classic build: with the shop's schemas in `zod/mini`, those
 * four imports alone kept ~11 KB gzip of classic zod in every page with a form. zod/mini
 * exports the same four functions building the same core schemas (`$ZodLazy`, `$ZodOptional`,
 * `$ZodPipe`, `$ZodTransform`), and conform rebuilds objects with each schema's own
 * constructor, so coercion is the same (`app/forms/coercion.test.ts` compares the two).
 * A name zod/mini lacks fails the build (Rollup's missing export); a classic-only *method*
 * called on what those functions return would fail in the browser only — the e2e `js`
 * project's inline validation is the guard
 * (docs/decisions/forms-and-progressive-enhancement.md). The server keeps classic.
 */
export function conformZodMini(): Plugin {
  return {
    name: 'shop:conform-zod-mini',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'zod/v4' || this.environment.name !== 'client' || !importer || !CONFORM_ZOD.test(importer)) return null;
      return this.resolve('zod/mini', importer, { ...options, skipSelf: true });
    },
  };
}
