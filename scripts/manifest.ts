/**
 * `npm run manifest -- --origin https://cannery.example.org [--out FILE]`: writes the Outlook
 * add-in manifest for a deployment on that origin (default `dist/manifest/manifest.xml`) and
 * validates it against Microsoft's schemas offline, as `npm run validate:manifest` does. The
 * server writes its own origin into the manifest it serves at /manifest.xml; this is the same
 * manifest for a deployment that serves the task pane from elsewhere (CloudFront: infra/), to hand
 * to an Exchange admin for central deployment or to sideload.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_ORIGIN_PLACEHOLDER } from '../server/http/web';
import { parseOriginArguments, UsageError } from './client-origin';
import { validateOfficeManifest } from './office-manifest-schema';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run manifest -- --origin https://cannery.example.org [--out dist/manifest/manifest.xml]';

/** The committed manifest with every URL pointed at `origin`. */
export function manifestFor(origin: string): string {
  return readFileSync(resolve(ROOT, 'manifest-office', 'manifest.xml'), 'utf8').replaceAll(MANIFEST_ORIGIN_PLACEHOLDER, origin);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let parsed;
  try {
    parsed = parseOriginArguments(process.argv.slice(2), USAGE);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`manifest: ${error.message}`);
    process.exit(2);
  }
  const out = resolve(parsed.out ?? resolve(ROOT, 'dist', 'manifest', 'manifest.xml'));
  const manifest = manifestFor(parsed.origin);
  const name = relative(process.cwd(), out) || out;
  const result = await validateOfficeManifest(manifest, name);
  if (!result.valid) {
    console.error(`manifest: the manifest for ${parsed.origin} does not validate against Microsoft's add-in manifest schemas:`);
    for (const problem of result.problems) console.error(`  ${name}${problem.line == null ? '' : `:${problem.line}`}: ${problem.message}`);
    process.exit(1);
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, manifest);
  console.log(`manifest: wrote ${name} for ${parsed.origin} (valid against OfficeAppManifestV1_1 and MailAppVersionOverrides V1_0/V1_1).`);
}
