// @vitest-environment node
/**
 * The built extension manifests, as the stores receive them. `npm test` builds both before the unit
 * tests (`test:ext-packages`); run alone, this file builds what is missing or older than
 * wxt.config.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..', '..');

interface Manifest {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  optional_permissions?: string[];
  content_scripts?: Array<{ matches: string[] }>;
  web_accessible_resources?: Array<{ resources: string[]; matches: string[] }>;
  side_panel?: { default_path: string };
  sidebar_action?: { default_panel: string };
  key?: string;
  storage?: { managed_schema?: string };
  browser_specific_settings?: { gecko?: { id?: string } };
}

function builtManifest(folder: string, browser: 'chrome' | 'firefox'): Manifest {
  const file = join(REPO, '.output', folder, 'manifest.json');
  const stale = !existsSync(file) || statSync(file).mtimeMs < statSync(join(REPO, 'wxt.config.ts')).mtimeMs;
  if (stale) execFileSync(join(REPO, 'node_modules', '.bin', 'wxt'), ['build', '-b', browser], { cwd: REPO, stdio: 'pipe' });
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Every place a manifest can grant access to sites. */
function siteGrants(manifest: Manifest): string[] {
  return [
    ...(manifest.permissions ?? []).filter((permission) => permission.includes('://') || permission === '<all_urls>'),
    ...(manifest.optional_permissions ?? []).filter((permission) => permission.includes('://') || permission === '<all_urls>'),
    ...(manifest.host_permissions ?? []),
    ...(manifest.optional_host_permissions ?? []),
  ];
}

/**
 * The one `<all_urls>` allowed: pages may frame picker.html (the text-field picker is shown in an
 * iframe inside the page the user is typing in). It grants the extension nothing on those pages.
 * Chrome serves it only at a per-session address; Firefox's extension addresses are per-install.
 */
const PICKER_FRAME = { resources: ['picker.html'], matches: ['<all_urls>'] };
const PICKER_FRAMES = { chrome: [{ ...PICKER_FRAME, use_dynamic_url: true }], firefox: [PICKER_FRAME] };

let chrome: Manifest;
let firefox: Manifest;

beforeAll(() => {
  chrome = builtManifest('chrome-mv3', 'chrome');
  firefox = builtManifest('firefox-mv3', 'firefox');
}, 120_000);

describe.each([
  ['Chrome production', () => chrome, 'chrome'],
  ['Firefox', () => firefox, 'firefox'],
] as const)('the %s manifest', (_name, manifest, browser) => {
  it('asks for no host permissions and no <all_urls>; sites are optional, asked for one at a time when the user turns shortcuts on there', () => {
    expect(manifest().host_permissions).toBeUndefined();
    expect(manifest().optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
    expect(siteGrants({ ...manifest(), optional_host_permissions: undefined })).toEqual([]);
  });

  it('runs its one content script on Gmail only', () => {
    expect(manifest().content_scripts?.map((script) => script.matches)).toEqual([['https://mail.google.com/*']]);
  });

  it('mentions <all_urls> only to let pages frame the picker', () => {
    expect(manifest().web_accessible_resources).toEqual(PICKER_FRAMES[browser]);
    const withoutPicker = JSON.stringify({ ...manifest(), web_accessible_resources: undefined });
    expect(withoutPicker).not.toContain('<all_urls>');
  });
});

describe('the browsers differ only where they must', () => {
  it('Chrome has the side panel, its permission and the key that fixes its id', () => {
    expect(chrome.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(chrome.permissions).toContain('sidePanel');
    expect(chrome.key).toMatch(/^MIIB/);
  });

  it('Chrome declares the managed configuration IT may set (the server), and ships its schema', () => {
    expect(chrome.storage).toEqual({ managed_schema: 'managed-schema.json' });
    const schema = JSON.parse(readFileSync(join(REPO, '.output', 'chrome-mv3', 'managed-schema.json'), 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(['server']);
    expect(firefox.storage).toBeUndefined();
  });

  it("Firefox shows the same page as its sidebar, without Chrome's permission or key, with a gecko id", () => {
    expect(firefox.sidebar_action?.default_panel).toBe('sidepanel.html');
    expect(firefox.side_panel).toBeUndefined();
    expect(firefox.permissions).not.toContain('sidePanel');
    expect(firefox.key).toBeUndefined();
    expect(firefox.browser_specific_settings?.gecko?.id).toBe('cannery@cannery.example');
    expect(firefox.permissions).toEqual(chrome.permissions?.filter((permission) => permission !== 'sidePanel'));
  });
});
