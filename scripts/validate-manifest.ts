/**
 * Validates the Outlook add-in manifest against Microsoft's XSD schemas, offline, and exits 1 with
 * each problem on its own line when it does not validate.
 * Usage: tsx scripts/validate-manifest.ts [manifest, default manifest-office/manifest.xml]
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { validateOfficeManifest } from './office-manifest-schema';

const path = resolve(process.argv[2] ?? 'manifest-office/manifest.xml');
const name = relative(process.cwd(), path);
const result = await validateOfficeManifest(readFileSync(path, 'utf8'), name);
if (!result.valid) {
  console.error(`validate-manifest: ${name} does not validate against Microsoft's add-in manifest schemas (manifest-office/schemas/):`);
  for (const problem of result.problems) console.error(`  ${name}${problem.line == null ? '' : `:${problem.line}`}: ${problem.message}`);
  process.exit(1);
}
console.log(`validate-manifest: ${name} is valid against OfficeAppManifestV1_1 and MailAppVersionOverrides V1_0/V1_1.`);
