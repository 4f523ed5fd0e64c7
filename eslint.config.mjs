// The one ESLint config of every workspace (flat config). `npm run lint` and `npm test` run it
// with --max-warnings=0; Prettier owns formatting (eslint-config-prettier comes last).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries between deployables (CONTRIBUTING.md 'One home per rule'): a remote or the
 * shell imports no other remote nor the shell; nothing reaches into a workspace's `src/` (import
 * it by its name and its `exports`); the gateway and the embedded upstream are servers, imported
 * only by tests, benches and the browser suite's support.
 */
const DEPLOYABLE_UIS = ['shell', 'mf-results', 'mf-filters', 'mf-showcase', 'mf-reference', 'mf-compare', 'mf-alerts'];
const NO_SRC = {
  group: ['@cfs/*/src', '@cfs/*/src/**', 'gateway/src', 'gateway/src/**', ...DEPLOYABLE_UIS.flatMap((n) => [`${n}/src`, `${n}/src/**`])],
  message: 'Import a workspace by its name and its exports, never its src/.',
};
const NO_RELATIVE_ACROSS = {
  group: ['../../*/src/**', '../../../*/src/**', '../../packages/*/src/**', '../../../packages/*/src/**'],
  message: 'A relative import does not leave its workspace: import the other workspace by its name.',
};
const NO_SERVERS = {
  group: ['gateway', 'gateway/**', '@cfs/upstream', '@cfs/upstream/**'],
  message: 'The gateway and the embedded upstream are servers: only tests, benches and the browser suite import them.',
};
/** A remote's (or the shell's) boundaries: no other remote, not the shell, no server. */
const uiPatterns = (name) => [
  {
    group: DEPLOYABLE_UIS.filter((n) => n !== name).flatMap((n) => [n, `${n}/**`, `../${n}/**`, `../../${n}/**`]),
    message: 'A remote (or the shell) imports no other remote nor the shell: they meet on the bus and in @cfs/contracts.',
  },
  NO_SERVERS,
];
const KIT_REACT_ENTRY = "The shell's start loads no React: import '@cfs/remote-kit/dom' (the kit's React-free entry).";
const boundaries = (extra = []) => ({
  'no-restricted-imports': ['error', { patterns: [NO_SRC, NO_RELATIVE_ACROSS, ...extra] }],
});

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
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    rules: boundaries(),
  },
  // Each remote and the shell: no other remote, not the shell, no server.
  ...DEPLOYABLE_UIS.map((name) => ({
    files: [`${name}/**/*.{ts,tsx,mjs,js,cjs}`],
    rules: boundaries(uiPatterns(name)),
  })),
  // The shell's start loads no React: it takes the kit's React-free entry. Only a module it loads
  // on demand (the assistant's dialog) takes the kit's React entry.
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: ['shell/src/hero/assistant-dialog.tsx'],
    rules: boundaries([...uiPatterns('shell'), { regex: '^@cfs/remote-kit$', message: KIT_REACT_ENTRY }]),
  },
  // The gateway's own code runs beside the upstream, never with it.
  {
    files: ['gateway/src/**/*.{ts,tsx}'],
    rules: boundaries([{ group: ['@cfs/upstream', '@cfs/upstream/**'], message: NO_SERVERS.message }]),
  },
  // The shared packages that ship in the page: no server either.
  {
    files: ['packages/{bus,contracts,remote-kit,search-query}/**/*.{ts,tsx}'],
    rules: boundaries([NO_SERVERS]),
  },
  // The kit's React-free entry (a shared file of its own, which the shell's start loads): no
  // React, and nothing of the kit outside it.
  {
    files: ['packages/remote-kit/src/dom/**/*.{ts,tsx}'],
    rules: boundaries([
      NO_SERVERS,
      {
        group: ['react', 'react/**', 'react-dom', 'react-dom/**', '../*', '@cfs/remote-kit'],
        message: "The kit's React-free entry imports no React, and nothing of the kit outside src/dom.",
      },
    ]),
  },
  // The kit's React modules take its React-free part by its name: a relative import would bundle a
  // second copy of it (two instances in the page).
  {
    files: ['packages/remote-kit/src/*.{ts,tsx}'],
    rules: boundaries([
      NO_SERVERS,
      { group: ['./dom', './dom/**'], message: "Import the kit's React-free part as '@cfs/remote-kit/dom'." },
    ]),
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
