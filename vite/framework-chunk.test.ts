import { describe, expect, it } from 'vitest';
import { isFrameworkModule } from './framework-chunk';

describe('isFrameworkModule', () => {
  it('takes what every hydrating page loads: React, React DOM, React Router, the preload helper, the translation hook', () => {
    for (const id of [
      '/repo/node_modules/react/cjs/react.production.js',
      '/repo/node_modules/react/jsx-runtime.js?commonjs-module',
      '/repo/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/repo/node_modules/scheduler/index.js',
      '/repo/node_modules/react-router/dist/development/chunk-OB3PAWPO.mjs',
      '\0vite/preload-helper.js',
      '/repo/app/i18n/use-shop-translation.ts',
      '/repo/app/i18n/page-namespaces.tsx',
      '/repo/app/root-data.ts',
    ]) {
      expect(isFrameworkModule(id), id).toBe(true);
    }
  });

  it('leaves the entry, the routes, lazy parts, translations and other packages to Rollup', () => {
    for (const id of [
      '/repo/app/entry.client.tsx',
      '/repo/app/i18n/browser-translations.ts',
      '/repo/app/root.tsx?__react-router-build-client-route',
      '/repo/app/components/error-screen.tsx',
      '/repo/app/locales/it/common.json',
      '/repo/node_modules/react-router-dom/dist/index.mjs',
      '/repo/node_modules/downshift/dist/downshift.esm.js',
      '/repo/node_modules/@adyen/adyen-web/dist/es/index.js',
      '/repo/node_modules/my-react/index.js',
    ]) {
      expect(isFrameworkModule(id), id).toBe(false);
    }
  });
});
