import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./packages/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `no-restricted-imports` options; a later block replaces an earlier one, so each lists all it needs. */
const restrict = (...patterns) => ['error', { patterns }];
/** Relative imports of these server folders, from any depth. */
const layer = (...dirs) => dirs.flatMap((dir) => [`**/${dir}`, `**/${dir}/*`]);
const webBase = [
  { group: ['@parley/server', '**/server/src/**'], message: 'The web client never imports the server.' },
  { regex: '^(\\.\\./)+features/[^/]+/.+', message: 'Import a feature through its index.ts.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'packages/server/dist-bundle*/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(...webBase),
    },
  },
  // A feature is used through its index.ts only, so its files can move without touching others.
  ...features.map((feature) => ({
    files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(...webBase, {
        regex: `^\\.\\./(\\.\\./)*(${features.filter((f) => f !== feature).join('|')})/.+`,
        message: 'Import another feature through its index.ts.',
      }),
    },
  })),
  {
    // Primitives only: ui knows nothing of features, the client's state or the app shell.
    files: ['packages/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(...webBase, {
        group: ['**/features', '**/features/*', '**/lib', '**/lib/*', '**/app', '**/app/*'],
        message: 'ui holds primitives only.',
      }),
    },
  },
  {
    // A migration must not depend on today's schema types: it runs against the schema of its day.
    files: ['packages/server/src/store/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Layering: routes never reach the store, only services do; and they open streams through
    // `ctx.hub`, not realtime itself (ARCHITECTURE.md).
    files: ['packages/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        group: layer('store', 'realtime'),
        message: 'Routes call services; the hub is ctx.hub.',
      }),
    },
  },
  {
    // The store is the bottom layer: it knows nothing of who calls it.
    files: ['packages/server/src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        group: layer('services', 'realtime', 'http', 'routes'),
        message: 'The store depends on no layer above it.',
      }),
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['warn', { max: 500 }] },
  },
);
