// The one ESLint config of every workspace (flat config). `npm run lint` and `npm test` run it
// with --max-warnings=0; Prettier owns formatting (eslint-config-prettier comes last).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Build output, caches, runtime data and reports: the same list as .gitignore.
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/.turbo/',
      '**/.data/',
      '**/.mf/',
      '**/coverage/',
      '**/test-results/',
      '**/playwright-report/',
      '.scratch/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `_`-prefixed names are the usual way to mark a parameter or binding as deliberately unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Hooks live in .ts files too (remote-kit, every remote's src/hooks).
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The page and its servers format numbers with search-query's formatNumber: toLocaleString
    // builds an ICU formatter on every call, which hundreds of cards and filter counts add up to.
    files: ['shell/src/**', 'mf-*/src/**', 'gateway/src/**', 'packages/*/src/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleString', message: 'Use formatNumber from @cfs/search-query (toLocaleString is slow per call).' },
      ],
    },
  },
  {
    // webpack and jest configs, the shared build package and the tools' CommonJS files.
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  prettier,
);
