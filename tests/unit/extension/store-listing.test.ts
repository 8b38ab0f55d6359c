// @vitest-environment node
/**
 * The stores' listing texts (scripts/store-listing.ts) against the extension itself: one
 * permission justification for each permission wxt.config.ts's manifest asks for in every store
 * build, a privacy-practices declaration that names what the extension really sends (the data
 * inventory's client calls made from the extension's code) and matches Firefox's
 * `data_collection_permissions`.
 */
import { describe, expect, it } from 'vitest';
import config from '../../../wxt.config';
import { OUTGOING } from '../../../server/privacy/data-inventory';
import { LISTING, listingText, PERMISSION_JUSTIFICATIONS, PRIVACY_PRACTICES } from '../../../scripts/store-listing';

interface ManifestShape {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  optional_permissions?: string[];
  browser_specific_settings?: { gecko?: { data_collection_permissions?: { required?: string[] } } };
}

function manifestOf(browser: 'chrome' | 'firefox', mode = 'production'): ManifestShape {
  const manifest = config.manifest as unknown as (env: { mode: string; browser: string }) => ManifestShape;
  return manifest({ mode, browser });
}

/** Every permission a store build asks for, optional ones included. */
function permissionsOf(manifest: ManifestShape): string[] {
  return [...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? []), ...(manifest.host_permissions ?? []), ...(manifest.optional_host_permissions ?? [])];
}

describe('the permission justifications', () => {
  it.each(['chrome', 'firefox'] as const)('cover every permission of the %s store build, and nothing it does not ask for', (browser) => {
    const asked = permissionsOf(manifestOf(browser));
    expect(asked.length).toBeGreaterThan(5);
    expect(asked.filter((permission) => !PERMISSION_JUSTIFICATIONS[permission]), 'permissions without a justification in scripts/store-listing.ts').toEqual([]);
    const anyStore = new Set([...permissionsOf(manifestOf('chrome')), ...permissionsOf(manifestOf('firefox'))]);
    expect(Object.keys(PERMISSION_JUSTIFICATIONS).filter((permission) => !anyStore.has(permission))).toEqual([]);
  });

  it('a permission added to the manifest without a justification is caught', () => {
    const asked = permissionsOf({ ...manifestOf('chrome'), permissions: [...(manifestOf('chrome').permissions ?? []), 'tabs'] });
    expect(asked.filter((permission) => !PERMISSION_JUSTIFICATIONS[permission])).toEqual(['tabs']);
    expect(listingText('chrome', asked)).toContain('- `tabs`: (missing)');
  });

  it('the Chrome listing lists each justification, the single purpose and a summary within 132 characters', () => {
    const text = listingText('chrome', permissionsOf(manifestOf('chrome')));
    for (const permission of permissionsOf(manifestOf('chrome'))) expect(text).toContain(`- \`${permission}\`: ${PERMISSION_JUSTIFICATIONS[permission]}`);
    expect(text).toContain(LISTING.singlePurpose);
    expect(text).not.toContain('(missing)');
    expect(LISTING.summary.length).toBeLessThanOrEqual(132);
  });
});

describe('the privacy-practices declaration', () => {
  it("names exactly the data inventory's client calls the extension's code makes", () => {
    // The extension is built from entrypoints/, hosts/ and src/ without the Outlook host and the admin app.
    const extensionCalls = OUTGOING.filter((call) => call.from === 'clients' && call.files.some((file) => !file.startsWith('hosts/outlook/') && !file.startsWith('src/admin/')));
    expect(extensionCalls.map((call) => call.id).sort()).toEqual([...PRIVACY_PRACTICES.sendsThrough].sort());
  });

  it("declares the same data as Firefox's data_collection_permissions", () => {
    const required = manifestOf('firefox').browser_specific_settings?.gecko?.data_collection_permissions?.required ?? [];
    expect(PRIVACY_PRACTICES.data.map((data) => data.firefox).sort()).toEqual([...required].sort());
  });
});
