import { normalizePath, type Plugin } from 'vite';

/**
 * What every page that hydrates loads anyway: React, React DOM, React Router, Vite's preload
 * helper, and the translation hook every component calls (with the modules it needs). Rollup
 * split them into six shared chunks by who imports them; as one chunk they weigh ~2.6 KB gzip
 * less per page (terser sees one module scope: no export/import lists between them, helpers
 * and names shared) and save five requests. The entry's own code (the browser translations and
 * their map of chunks, which grows with every namespace) stays in entry.client, so changing it
 * does not rename the chunks that import the framework. Nothing here may be lazy: a module in
 * this chunk is downloaded by every hydrating page.
 */
const FRAMEWORK_MODULES = [
  /\/node_modules\/(react|react-dom|scheduler|react-router)\//,
  /^\0vite\/preload-helper/,
  /\/app\/i18n\/(use-shop-translation|memoised-t|translation-context|page-namespaces)\.tsx?$/,
  /\/app\/domain\/catalogue-types\.ts$/,
  /\/app\/root-data\.ts$/,
];

/** Whether a module id belongs in the framework chunk (exported for its test). */
export function isFrameworkModule(id: string): boolean {
  const path = normalizePath(id);
  return FRAMEWORK_MODULES.some((pattern) => pattern.test(path));
}

/** The client build's `framework-<hash>.js` chunk (client environment of `vite build` only). */
export function frameworkChunk(): Plugin {
  return {
    name: 'shop:framework-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(output) {
      const otherChunks = output.manualChunks;
      if (otherChunks) throw new Error('shop:framework-chunk: the client build already has manualChunks');
      return { ...output, manualChunks: (id) => (isFrameworkModule(id) ? 'framework' : undefined) };
    },
  };
}
