import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    // React code only: Playwright fixtures call a `use` that is not React's hook.
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Scrollable regions (tables, carousels) must be focusable for keyboard users (axe).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Type-aware rules, only where a forgotten promise bites: an un-awaited Playwright or database
    // call passes silently or fails a later, unrelated step. The type information costs most of
    // the lint time, so only these rules use it (not the whole recommendedTypeChecked set).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Browser and shared code must not reach server-only modules (DESIGN.md §3).
    files: ['app/domain/**', 'app/components/**', 'app/forms/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/.server/**', 'node:*'], message: 'Server-only code stays in app/.server.' }],
          // Classic zod costs ~25 KB gzip in the browser; schemas shared with it use zod/mini.
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({ name, message: "Browser code uses 'zod/mini'." })),
        },
      ],
    },
  },
  {
    // Services are use cases a route, a job or an API calls alike: they take parsed values and
    // check them themselves, so they never depend on a form's schema or field names (DESIGN.md §3).
    files: ['app/.server/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/forms/**'], message: 'Services do not import forms: domain facts live in app/domain.' }] },
      ],
    },
  },
);
