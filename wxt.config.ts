import { defineConfig } from 'wxt';
import react from '@vitejs/plugin-react';

/**
 * The Chrome MV3 extension: Gmail side panel + "insert a block into any text field".
 *
 * Builds:
 * - `wxt build`              -> `.output/chrome-mv3`      (production: no host permissions at all)
 * - `wxt build --mode e2e`   -> `.output/chrome-mv3-e2e`  (WXT appends `-<mode>` to the output
 *   folder for every mode except production/development; see `modeSuffix` in WXT's resolve-config)
 */
export default defineConfig({
  // Explicit imports everywhere: a reader (and the linter's boundary rules) can see where each name comes from.
  imports: false,
  // `wxt/browser` resolves to webextension-polyfill: one promise-based `browser` in every context.
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [react()] }),
  manifest: ({ mode }) => ({
    name: 'Cannery',
    // A fixed public key gives the unpacked extension a stable id (hklgohkhkhiglabbllmgfibmhlidhlic), so the server can
    // allow its origin for CORS by default. The store assigns its own id to published builds.
    key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwpSaC1DXJy5AZnSGMZVVWcrqC2P72kL/VweQMLMydziWu225v/DyF4rAtrdDQLTEwGBZtXtxmCeTTQHUru8v5yZLD19MqN+EbBOkcEIlSDYrpptWYMH42fJgXEc3oQ3luVehI4tEiWeAjPglHD4Nq3aJQVIOOKa7h8To1zeQV4WbSAJ7h4U4rznYqgsy6TJDWYaYREaWEmIK94JcE6PqNWvy1A/qeWw2gTi9XZ/RHSD1StK9FLlCELgT5b8Vn/nCyt0sG0EmyseXQzgxXE5wHjGE5dELuPMtb8N+CsMrrk1mpLqzVjERuyoQSiXVXaj4HSetBZCsesn/A9D0p7qNVwIDAQAB',
    description: 'Saved replies for high-volume email: insert a block into Gmail or any text field in one click.',
    // Minimal on purpose: no <all_urls>, no host permissions. The text-field script is injected on
    // demand into the clicked frame, which `activeTab` allows after the user's right-click or shortcut.
    permissions: ['storage', 'contextMenus', 'sidePanel', 'activeTab', 'scripting', 'identity'],
    // End-to-end tests cannot perform the user gesture that grants `activeTab`, so the e2e build
    // (and only it) may script the local fixture pages directly.
    ...(mode === 'e2e' ? { host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'] } : {}),
    action: { default_title: 'Cannery' },
    commands: {
      'insert-block': {
        suggested_key: { default: 'Ctrl+Shift+Space', mac: 'Command+Shift+Space' },
        description: 'Insert a Cannery block into the focused text field',
      },
    },
    // Only the picker is framed into web pages; nothing else of the extension is reachable from them.
    web_accessible_resources: [{ resources: ['picker.html'], matches: ['<all_urls>'] }],
  }),
});
