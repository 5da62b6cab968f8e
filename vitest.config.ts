import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code they test; integration tests (real database) live in tests/
// and run twice: on embedded PGlite and on the PostgreSQL server of DATABASE_TEST_URL.
export default defineConfig({
  test: {
    // Both cores: Vitest's default leaves one free, which on CI's two cores ran every file in turn.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
          environment: 'node',
          // Lets app/forms/coercion.test.ts give conform's coercion zod/mini, as the browser build does.
          server: { deps: { inline: ['@conform-to/zod'] } },
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          env: { TEST_DATABASE_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          env: { TEST_DATABASE_KIND: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
