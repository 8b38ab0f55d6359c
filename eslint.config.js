// Lint: correctness rules plus the architecture's folder boundaries (see README "Folder map").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import cannery from './eslint-rules/folder-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const HOSTS = ['outlook', 'gmail', 'text-input', 'playground'];
const SRC_LAYERS = ['api', 'auth', 'tracking', 'state', 'session', 'screens', 'app'];
const OUTSIDE_SRC = ['./entrypoints', './server', './tests', './bench', './scripts'];

/** Layers of src/ that a layer may not import (everything not listed in the architecture's table). */
const srcForbidden = {
  domain: SRC_LAYERS,
  api: ['auth', 'tracking', 'state', 'session', 'screens', 'app'],
  auth: ['tracking', 'state', 'session', 'screens', 'app'],
  tracking: ['session', 'screens', 'app'],
  state: ['api', 'auth', 'tracking', 'session', 'screens', 'app'],
  // Where sign-in meets the app's state: above auth, tracking and state, below the screens.
  session: ['screens', 'app'],
  screens: ['app'],
};

export const boundaryZones = [
  // The shared app knows hosts only through the contract in hosts/host.ts.
  { target: './src', from: './hosts', except: ['./host.ts'], message: 'src/ sees hosts only through hosts/host.ts (HostAdapter).' },
  ...OUTSIDE_SRC.map((from) => ({ target: './src', from, message: 'src/ may not import this folder.' })),
  ...Object.entries(srcForbidden).flatMap(([layer, forbidden]) =>
    forbidden.map((other) => ({
      target: `./src/${layer}`,
      from: `./src/${other}`,
      message: `src/${layer} may not import src/${other} (see the architecture's folder table).`,
    })),
  ),
  // Hosts never import each other.
  ...HOSTS.flatMap((host) =>
    HOSTS.filter((other) => other !== host).map((other) => ({
      target: `./hosts/${host}`,
      from: `./hosts/${other}`,
      message: 'Hosts never import each other; share code through src/ or hosts/host.ts.',
    })),
  ),
  // Code shared by several hosts knows none of them.
  ...HOSTS.map((host) => ({
    target: './hosts/shared',
    from: `./hosts/${host}`,
    message: 'hosts/shared serves every host and may not import one.',
  })),
  ...['./entrypoints', './server', './tests', './bench'].map((from) => ({
    target: './hosts',
    from,
    message: 'hosts/ may import src/ and hosts/host.ts only.',
  })),
  { target: './entrypoints', from: './server', message: 'Entrypoints only wire hosts and the app.' },
  // The server shares only the API contract and the pure domain with the client.
  {
    target: './server',
    from: './src',
    except: ['./api/contract', './domain'],
    message: 'server/ may import src/api/contract and src/domain only.',
  },
  { target: './server', from: './hosts', message: 'server/ may not import hosts/.' },
  { target: './server', from: './entrypoints', message: 'server/ may not import entrypoints/.' },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', '.output/', '.wxt/', 'dist/', 'data/', '.scratch/', 'test-results/', 'playwright-report/', 'server/db/migrations/', 'tests/fixtures/**/*.js'],
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
      'cannery/folder-boundaries': ['error', { zones: boundaryZones }],
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
    // The service worker has no window, document or localStorage.
    files: ['entrypoints/background.ts', 'entrypoints/background/**'],
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
