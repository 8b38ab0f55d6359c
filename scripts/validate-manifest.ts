/**
 * Validates both Outlook add-in manifests offline and exits 1 with each problem on its own line
 * when either does not validate: the XML one against Microsoft's XSD schemas, the unified one
 * (manifest.json) against Microsoft's JSON schema, both vendored in manifest-office/schemas/.
 * Usage: tsx scripts/validate-manifest.ts [manifest.xml or manifest.json ...]
 * (default: manifest-office/manifest.xml and manifest-office/manifest.json)
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { validateOfficeManifest } from './office-manifest-schema';
import { validateUnifiedManifest } from './unified-manifest-schema';

const paths = process.argv.length > 2 ? process.argv.slice(2) : ['manifest-office/manifest.xml', 'manifest-office/manifest.json'];
let failed = false;
for (const given of paths) {
  const path = resolve(given);
  const name = relative(process.cwd(), path);
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      console.error(`validate-manifest: ${name} is not JSON: ${(error as Error).message}`);
      failed = true;
      continue;
    }
    const result = validateUnifiedManifest(parsed);
    if (!result.valid) {
      console.error(`validate-manifest: ${name} does not validate against Microsoft's unified manifest schema (manifest-office/schemas/):`);
      for (const problem of result.problems) console.error(`  ${name}${problem.path || '/'}: ${problem.message}`);
      failed = true;
      continue;
    }
    console.log(`validate-manifest: ${name} is valid against the unified manifest schema (MicrosoftTeams.schema.json).`);
  } else {
    const result = await validateOfficeManifest(text, name);
    if (!result.valid) {
      console.error(`validate-manifest: ${name} does not validate against Microsoft's add-in manifest schemas (manifest-office/schemas/):`);
      for (const problem of result.problems) console.error(`  ${name}${problem.line == null ? '' : `:${problem.line}`}: ${problem.message}`);
      failed = true;
      continue;
    }
    console.log(`validate-manifest: ${name} is valid against OfficeAppManifestV1_1 and MailAppVersionOverrides V1_0/V1_1.`);
  }
}
if (failed) process.exit(1);
