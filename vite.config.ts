import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// server.ts is compiled by Vite together with the routes, so the Express app and the
// route modules share one copy of app/context.ts (typed context keys are identity-based).
export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: './server.ts' },
      },
    },
  },
  build: { assetsInlineLimit: 0 },
});
