// @vitest-environment node
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { unifiedPackage } from '../../../scripts/manifest';
import { ADDIN, MANIFEST_ORIGIN_PLACEHOLDER, unifiedManifest, unifiedManifestText, xmlManifest } from '../../../scripts/manifest-source';
import { validateOfficeManifest } from '../../../scripts/office-manifest-schema';
import { validateUnifiedManifest } from '../../../scripts/unified-manifest-schema';

const REPO = join(import.meta.dirname, '..', '..', '..');
const committed = (name: string) => readFileSync(join(REPO, 'manifest-office', name), 'utf8');
const UNIFIED = JSON.parse(committed('manifest.json')) as Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);

describe('the two Outlook manifests from one source', () => {
  it('the committed files are exactly what scripts/manifest-source.ts writes (npm run manifest:write)', () => {
    expect(committed('manifest.xml')).toBe(xmlManifest(MANIFEST_ORIGIN_PLACEHOLDER));
    expect(committed('manifest.json')).toBe(unifiedManifestText(MANIFEST_ORIGIN_PLACEHOLDER));
  });

  it('both declare shared folders, the same permission, requirement sets, task pane and icons', () => {
    const xml = committed('manifest.xml');
    expect(xml).toMatch(/<DesktopFormFactor>\s*(<!--[^>]*-->\s*)?<SupportsSharedFolders>true<\/SupportsSharedFolders>/);
    expect(xml).toContain('<Set Name="Mailbox" MinVersion="1.1"/>');
    expect(xml).toContain('<bt:Sets DefaultMinVersion="1.5">');
    expect(xml).toContain('<Permissions>ReadWriteItem</Permissions>');
    const text = JSON.stringify(UNIFIED);
    expect(UNIFIED.authorization).toEqual({
      permissions: { resourceSpecific: [{ name: 'MailboxItem.ReadWrite.User', type: 'Delegated' }, { name: 'Mailbox.SharedFolder', type: 'Delegated' }] },
    });
    expect(text).toContain('{"scopes":["mail"],"capabilities":[{"name":"Mailbox","minVersion":"1.1"}]}');
    expect(text).toContain('{"capabilities":[{"name":"Mailbox","minVersion":"1.5"}]}');
    const taskPane = `${MANIFEST_ORIGIN_PLACEHOLDER}${ADDIN.paths.taskPane}`;
    expect(xml).toContain(`<bt:Url id="Cannery.TaskPaneUrl" DefaultValue="${taskPane}"/>`);
    expect(text).toContain(`"code":{"page":"${taskPane}"}`);
    for (const size of [16, 32, 80]) {
      expect(xml).toContain(`DefaultValue="${MANIFEST_ORIGIN_PLACEHOLDER}/assets/icon-${size}.png"`);
      expect(text).toContain(`{"size":${size},"url":"${MANIFEST_ORIGIN_PLACEHOLDER}/assets/icon-${size}.png"}`);
    }
    expect(xml).toContain(`<SupportUrl DefaultValue="${MANIFEST_ORIGIN_PLACEHOLDER}/support"/>`);
    expect(UNIFIED.developer).toMatchObject({ privacyUrl: `${MANIFEST_ORIGIN_PLACEHOLDER}/privacy`, termsOfUseUrl: `${MANIFEST_ORIGIN_PLACEHOLDER}/terms` });
  });

  it('the unified app hides the XML add-in by its id, so an office with both sees one Cannery', () => {
    expect(committed('manifest.xml')).toContain(`<Id>${ADDIN.xmlId}</Id>`);
    const [extension] = UNIFIED.extensions as Array<{ alternates: unknown }>;
    expect(extension?.alternates).toEqual([{ hide: { customOfficeAddin: { officeAddinId: ADDIN.xmlId } } }]);
    expect(UNIFIED.id).not.toBe(ADDIN.xmlId);
  });

  it('every URL of either manifest for an origin is on that origin (or Microsoft sign-in)', () => {
    const origin = 'https://cannery.county.example';
    for (const text of [xmlManifest(origin), JSON.stringify(unifiedManifest(origin))]) {
      const urls = [...text.matchAll(/https:\/\/[^"<\s\\]+/g)].map((match) => match[0]).filter((url) => !/^https:\/\/(schemas|developer)\.microsoft\.com\//.test(url));
      expect(urls.length).toBeGreaterThan(5);
      expect(urls.filter((url) => !url.startsWith(origin) && url !== 'https://login.microsoftonline.com')).toEqual([]);
    }
  });

  it('the app package holds manifest.json and the two icons it names, at the sizes Microsoft 365 asks', async () => {
    const zip = await JSZip.loadAsync(await unifiedPackage('https://cannery.county.example'));
    expect(Object.keys(zip.files).sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { icons: unknown; extensions: unknown };
    expect(manifest.icons).toEqual({ color: 'color.png', outline: 'outline.png' });
    const size = async (name: string) => {
      const png = await zip.file(name)!.async('nodebuffer');
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    expect(await size('color.png')).toEqual([192, 192]);
    expect(await size('outline.png')).toEqual([32, 32]);
  });
});

describe("the unified manifest against Microsoft's JSON schema", () => {
  it('validates, committed and for a deployed origin', () => {
    expect(validateUnifiedManifest(UNIFIED)).toEqual({ valid: true, problems: [] });
    expect(validateUnifiedManifest(unifiedManifest('https://cannery.county.example'))).toEqual({ valid: true, problems: [] });
  });

  it('fails a copy without the required id, naming it', () => {
    const broken = clone(UNIFIED);
    delete broken.id;
    expect(validateUnifiedManifest(broken)).toEqual({ valid: false, problems: [{ path: '', message: "must have required property 'id'" }] });
  });

  it('fails a permission type the schema does not know, a short description over 80 characters and an unknown property', () => {
    const broken = clone(UNIFIED) as { authorization: { permissions: { resourceSpecific: Array<{ type: string }> } }; description: { short: string }; sharedFolders?: boolean };
    broken.authorization.permissions.resourceSpecific[1]!.type = 'Shared';
    broken.description.short = 'x'.repeat(81);
    broken.sharedFolders = true;
    const result = validateUnifiedManifest(broken);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: '/authorization/permissions/resourceSpecific/1/type', message: 'must be equal to one of the allowed values (Application, Delegated)' },
        { path: '/description/short', message: 'must NOT have more than 80 characters' },
        { path: '', message: 'must NOT have additional properties (sharedFolders)' },
      ]),
    );
  });

  it('`npm run validate:manifest` exits 1 and prints the problems of a broken unified manifest', async () => {
    const script = join(REPO, 'scripts', 'validate-manifest.ts');
    const broken = join(REPO, 'tests', 'fixtures', 'office-manifest', 'broken-unified.json');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, broken], { cwd: REPO });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/broken-unified\.json\/: must have required property 'id'[\s\S]*broken-unified\.json\/authorization\/permissions\/resourceSpecific\/1\/type: must be equal to one of the allowed values/) as string,
    });
  }, 30_000);

  it('the XML manifest with a non-boolean SupportsSharedFolders fails (the schema correction is a real type)', async () => {
    const result = await validateOfficeManifest(committed('manifest.xml').replace('<SupportsSharedFolders>true</SupportsSharedFolders>', '<SupportsSharedFolders>shared</SupportsSharedFolders>'));
    expect(result.valid).toBe(false);
    expect(result.problems[0]?.message).toContain("'shared' is not a valid value of the atomic type 'xs:boolean'");
  });
});
