import { defineConfig } from 'wxt';
import react from '@vitejs/plugin-react';

/**
 * The browser extension: Gmail side panel + "insert a block into any text field".
 *
 * Builds:
 * - `wxt build`              -> `.output/chrome-mv3`      (production: no host permissions at all)
 * - `wxt build --mode e2e`   -> `.output/chrome-mv3-e2e`  (WXT appends `-<mode>` to the output
 *   folder for every mode except production/development; see `modeSuffix` in WXT's resolve-config)
 * - `wxt build -b firefox`   -> `.output/firefox-mv3`     (Firefox: the side panel is its sidebar)
 * - `wxt zip [-b firefox]`   -> `.output/cannery-<version>-<browser>.zip`, the store package
 *   (Firefox also gets the sources zip that addons.mozilla.org asks for)
 *
 * Firefox's manifest differs from Chrome's only where Firefox has no equivalent, and the Chrome
 * manifest is exactly what it was before Firefox was added:
 * - the side panel entrypoint becomes `sidebar_action` (WXT does this for Firefox), and the
 *   `sidePanel` permission, which Firefox does not know, is left out;
 * - no `key`: Firefox's id is `browser_specific_settings.gecko.id`, which Manifest V3 requires;
 * - Manifest V3 for both (WXT's default for Firefox is V2), so `action`, `scripting` and
 *   `web_accessible_resources.matches` mean the same in both browsers.
 */

/** Chrome only. */
const chromeOnly = {
  // A fixed public key gives the unpacked extension a stable id (hklgohkhkhiglabbllmgfibmhlidhlic), so the server can
  // allow its origin for CORS by default. The store assigns its own id to published builds.
  key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwpSaC1DXJy5AZnSGMZVVWcrqC2P72kL/VweQMLMydziWu225v/DyF4rAtrdDQLTEwGBZtXtxmCeTTQHUru8v5yZLD19MqN+EbBOkcEIlSDYrpptWYMH42fJgXEc3oQ3luVehI4tEiWeAjPglHD4Nq3aJQVIOOKa7h8To1zeQV4WbSAJ7h4U4rznYqgsy6TJDWYaYREaWEmIK94JcE6PqNWvy1A/qeWw2gTi9XZ/RHSD1StK9FLlCELgT5b8Vn/nCyt0sG0EmyseXQzgxXE5wHjGE5dELuPMtb8N+CsMrrk1mpLqzVjERuyoQSiXVXaj4HSetBZCsesn/A9D0p7qNVwIDAQAB',
  // What IT may set through Chrome Enterprise policy (3rdparty.extensions.<id>): the server to call
  // (hosts/shared/managed-server.ts). Firefox reads its `3rdparty` policy without a schema.
  storage: { managed_schema: 'managed-schema.json' },
};

/** Firefox only. */
const firefoxOnly = {
  browser_specific_settings: {
    gecko: {
      // The add-on's id on addons.mozilla.org (Chrome derives its id from `key` instead).
      id: 'cannery@cannery.example',
      // The first Firefox (desktop) that reads `data_collection_permissions`.
      strict_min_version: '140.0',
      // Shown at install: signing in sends the user's credentials and address to the Cannery server,
      // and recommendations send it the text of the open email.
      data_collection_permissions: { required: ['authenticationInfo', 'personallyIdentifyingInfo', 'websiteContent'] },
    },
    // Firefox for Android reads `data_collection_permissions` from 142 on.
    gecko_android: { strict_min_version: '142.0' },
  },
};

export default defineConfig({
  // Firefox gets Manifest V3 too (WXT's default for it is V2): one manifest shape for both browsers.
  manifestVersion: 3,
  // Explicit imports everywhere: a reader (and the linter's boundary rules) can see where each name comes from.
  imports: false,
  // `wxt/browser` resolves to webextension-polyfill: one promise-based `browser` in every context.
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [react()] }),
  zip: {
    // The sources zip that addons.mozilla.org asks for holds what builds the extension, and nothing
    // else: never the local database (data/), builds, test output or the server.
    includeSources: ['entrypoints/**', 'hosts/**', 'src/**', 'public/**', 'package.json', 'package-lock.json', 'tsconfig.json', 'wxt.config.ts', 'README.md'],
  },
  manifest: ({ mode, browser }) => ({
    name: 'Cannery',
    ...(browser === 'firefox' ? firefoxOnly : chromeOnly),
    description: 'Saved replies for high-volume email: insert a block into Gmail or any text field in one click.',
    // Minimal on purpose: no <all_urls>, no host permissions. The text-field script is injected on
    // demand into the clicked frame, which `activeTab` allows after the user's right-click or shortcut;
    // on a site the user turned shortcuts on for, it runs from page load (optional host permission).
    // `sidePanel` is Chrome's; Firefox shows the same page as its sidebar without a permission.
    permissions: ['storage', 'contextMenus', ...(browser === 'firefox' ? [] : ['sidePanel']), 'activeTab', 'scripting', 'identity'],
    // End-to-end tests cannot perform the user gesture that grants `activeTab`, so the e2e build
    // (and only it) may script the local fixture pages directly.
    ...(mode === 'e2e' ? { host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'] } : {}),
    // Typed shortcuts on a site the user turns on (README "Shortcuts"): nothing at install; the
    // picker's "Expand shortcuts on this site" asks the browser for that one site when clicked.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Cannery' },
    commands: {
      'insert-block': {
        suggested_key: { default: 'Ctrl+Shift+Space', mac: 'Command+Shift+Space' },
        description: 'Insert a Cannery block into the focused text field',
      },
    },
    // Only the picker is framed into web pages; nothing else of the extension is reachable from them.
    // Chrome serves it only at a per-session address (`use_dynamic_url`), so a page cannot name it
    // (nor tell that Cannery is installed); the picker still does nothing without a grant from the
    // background (hosts/text-input/picker-grants.ts). Firefox's addresses are per-install already.
    web_accessible_resources: [{ resources: ['picker.html'], matches: ['<all_urls>'], ...(browser === 'firefox' ? {} : { use_dynamic_url: true }) }],
  }),
});
