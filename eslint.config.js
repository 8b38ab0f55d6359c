// Lint: correctness rules; the folder table's import rules are dependency-cruiser's (`npm run lint:boundaries`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Every file the extension's service worker loads: `entrypoints/background.ts` and what it imports
 * for its values (type-only imports load nothing). A file added to that reach must be added here.
 */
export const SERVICE_WORKER_FILES = [
  'entrypoints/background.ts',
  'hosts/host.ts',
  'hosts/gmail/background.ts',
  'hosts/gmail/protocol.ts',
  'hosts/shared/extension-services.ts',
  'hosts/shared/senders.ts',
  'hosts/shared/shortcut-store.ts',
  'hosts/shared/site-messages.ts',
  'hosts/text-input/background.ts',
  'hosts/text-input/picker-grants.ts',
  'hosts/text-input/protocol.ts',
  'hosts/text-input/site-registry.ts',
  'src/domain/block-shortcut.ts',
];

/** The product's folders, whose imports the folder table governs (scripts/folder-table.mjs). */
const PRODUCT_FILES = ['src/**', 'hosts/**', 'entrypoints/**', 'server/**'];
/**
 * A module named at run time cannot be checked against the folder table, so product files name
 * theirs with a string literal (tests, benchmarks, scripts and configurations may import anything).
 */
export const COMPUTED_IMPORT_SELECTORS = [
  "ImportExpression:not([source.type='Literal']):not([source.type='TemplateLiteral'][source.expressions.length=0])",
  "CallExpression[callee.name='require']:not([arguments.0.type='Literal'])",
  // A function made by createRequire() loads modules unseen; only `createRequire(…).resolve(…)` finds a path.
  ":not(MemberExpression) > CallExpression[callee.name='createRequire']",
  "MemberExpression[property.name!='resolve'] > CallExpression.object[callee.name='createRequire']",
  ":not(MemberExpression) > CallExpression[callee.property.name='createRequire']",
  "MemberExpression[property.name!='resolve'] > CallExpression.object[callee.property.name='createRequire']",
];

export default tseslint.config(
  {
    // infra/ is its own package (the AWS CDK app), type-checked by its own `npm --prefix infra test`.
    ignores: ['node_modules/', 'infra/', '.output/', '.wxt/', 'dist/', 'data/', '.scratch/', 'test-results/', 'playwright-report/', 'server/db/migrations/', 'tests/fixtures/**/*.js'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: PRODUCT_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...COMPUTED_IMPORT_SELECTORS.map((selector) => ({ selector, message: 'Name the module with a string literal: the folder table cannot check one named at run time.' })),
      ],
    },
  },
  {
    // The service worker has no window, document or localStorage: every file it loads
    // (tests/unit/lint-boundaries.test.ts checks this list against the worker's imports).
    files: SERVICE_WORKER_FILES,
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'The service worker has no window; use self or globalThis.' },
        { name: 'document', message: 'The service worker has no DOM.' },
        { name: 'localStorage', message: 'Use browser.storage in the service worker.' },
      ],
    },
  },
  {
    // Pure domain: no DOM, no timers, no network.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'fetch', 'setTimeout', 'setInterval', 'localStorage', 'navigator'].map((name) => ({
          name,
          message: 'src/domain is pure: no DOM, timers or network.',
        })),
      ],
    },
  },
  {
    // A product file has one job a newcomer can read in one sitting: 400 lines at most. Data (the
    // demo seed, word lists) and migrations aside.
    files: ['src/**/*.{ts,tsx}', 'hosts/**/*.{ts,tsx}', 'server/**/*.ts', 'entrypoints/**/*.{ts,tsx}'],
    ignores: ['server/seed/**', '**/*.d.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Tests read JSON answers (`await response.json()` is `any`) and assert on them directly.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
