import type { Plugin } from 'vite';

/**
 * Names the browser's translation chunks `locale-<language>-<namespace>-<hash>.js` (else both
 * languages' `auth.json` would be `auth-<hash>.js`), so the bench and the network panel can
 * tell them apart. A hook on the output options keeps React Router's own file names.
 */
export function translationChunkNames(): Plugin {
  return {
    name: 'shop:translation-chunk-names',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(output) {
      const otherChunks = output.chunkFileNames ?? 'assets/[name]-[hash].js';
      return {
        ...output,
        chunkFileNames(chunk) {
          const locale = /\/app\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          if (locale) return `assets/locale-${locale[1]}-${locale[2]}-[hash].js`;
          return typeof otherChunks === 'function' ? otherChunks(chunk) : otherChunks;
        },
      };
    },
  };
}
