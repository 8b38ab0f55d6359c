// @vitest-environment node
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { validateOfficeManifest } from '../../../scripts/office-manifest-schema';

const REPO = join(import.meta.dirname, '..', '..', '..');
const MANIFEST = readFileSync(join(REPO, 'manifest-office', 'manifest.xml'), 'utf8');
const BROKEN_ORDER = readFileSync(join(REPO, 'tests', 'fixtures', 'office-manifest', 'broken-element-order.xml'), 'utf8');

describe("the Outlook manifest against Microsoft's schemas", () => {
  it('validates', async () => {
    expect(await validateOfficeManifest(MANIFEST)).toEqual({ valid: true, problems: [] });
  });

  it('fails a copy with <ProviderName> before <Version>, naming the element and the line', async () => {
    const result = await validateOfficeManifest(BROKEN_ORDER, 'broken-element-order.xml');
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      {
        line: 12,
        message: expect.stringContaining(
          "Element '{http://schemas.microsoft.com/office/appforoffice/1.1}ProviderName': This element is not expected. " +
            'Expected is one of ( {http://schemas.microsoft.com/office/appforoffice/1.1}AlternateId, {http://schemas.microsoft.com/office/appforoffice/1.1}Version ).',
        ) as string,
      },
    ]);
  });

  it('fails a copy without the required <Id>', async () => {
    const result = await validateOfficeManifest(MANIFEST.replace(/\s*<Id>[^<]*<\/Id>/, ''));
    expect(result.valid).toBe(false);
    expect(result.problems[0]?.message).toContain("Element '{http://schemas.microsoft.com/office/appforoffice/1.1}Version': This element is not expected. Expected is ( {http://schemas.microsoft.com/office/appforoffice/1.1}Id ).");
  });

  it('checks SupportsPinning as a boolean, as [MS-OWEMXML] declares it (not as anything goes)', async () => {
    const result = await validateOfficeManifest(MANIFEST.replace('<SupportsPinning>true</SupportsPinning>', '<SupportsPinning>always</SupportsPinning>'));
    expect(result.valid).toBe(false);
    expect(result.problems[0]?.message).toContain("'always' is not a valid value of the atomic type 'xs:boolean'");
  });

  it('`npm run validate:manifest` exits 1 and prints the problem for a broken manifest', async () => {
    const script = join(REPO, 'scripts', 'validate-manifest.ts');
    const broken = join(REPO, 'tests', 'fixtures', 'office-manifest', 'broken-element-order.xml');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, broken], { cwd: REPO });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('broken-element-order.xml:12: Schemas validity error') as string,
    });
  }, 30_000);
});
