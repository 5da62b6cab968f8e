import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { conformZodMini } from './vite/conform-zod-mini';
import { translationChunkNames } from './vite/translation-chunk-names';
import { frameworkChunk } from './vite/framework-chunk';

// server.ts is compiled by Vite together with the routes, so the Express app and the
// route modules share one copy of app/context.ts (typed context keys are identity-based).
export default defineConfig({
  plugins: [reactRouter(), conformZodMini(), translationChunkNames(), frameworkChunk()],
  environments: {
    ssr: {
      build: {
        // The server keeps readable code: stack traces and logs name real functions.
        minify: false,
        rollupOptions: { input: './server.ts' },
      },
    },
  },
  build: { assetsInlineLimit: 0, minify: 'terser' },
  json: { namedExports: false },
});
