/**
 * `npm run manifest -- --origin https://cannery.example.org [--out FILE.xml]` writes both Outlook
 * add-in manifests for a deployment on that origin, each validated offline against Microsoft's
 * schemas first (as `npm run validate:manifest` does): the add-in only XML manifest (default
 * `dist/manifest/manifest.xml`), the unified manifest beside it (`manifest.json`) and the app
 * package the Microsoft 365 admin center and Partner Center take (`cannery-outlook-app.zip`:
 * manifest.json with its two icons). Both come from scripts/manifest-source.ts. The server writes
 * its own origin into the XML manifest it serves at /manifest.xml; these are for a deployment that
 * serves the task pane from elsewhere, or to hand to an Exchange or Microsoft 365 admin.
 * `npm run manifest:write` (`--committed`) rewrites the committed manifests from the source.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { parseOriginArguments, UsageError } from './client-origin';
import { ADDIN, MANIFEST_ORIGIN_PLACEHOLDER, unifiedManifest, unifiedManifestText, xmlManifest } from './manifest-source';
import { validateOfficeManifest } from './office-manifest-schema';
import { validateUnifiedManifest } from './unified-manifest-schema';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MANIFEST_DIR = resolve(ROOT, 'manifest-office');
const USAGE = 'Usage: npm run manifest -- --origin https://cannery.example.org [--out dist/manifest/manifest.xml]';

/** The unified app package (zip) for `origin`: manifest.json and the icons it names. */
export async function unifiedPackage(origin: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('manifest.json', unifiedManifestText(origin));
  for (const icon of Object.values(ADDIN.packageIcons)) zip.file(icon, readFileSync(join(MANIFEST_DIR, icon)));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export interface WrittenManifests {
  xml: string;
  json: string;
  appPackage: string;
}

/**
 * Validates both manifests for `origin` and writes them, the XML one at `xmlPath`, the others
 * beside it; throws with every problem, writing nothing, when either does not validate.
 */
export async function writeManifests(origin: string, xmlPath: string): Promise<WrittenManifests> {
  const xml = xmlManifest(origin);
  const problems: string[] = [];
  const xmlResult = await validateOfficeManifest(xml, basename(xmlPath));
  for (const problem of xmlResult.problems) problems.push(`${basename(xmlPath)}${problem.line == null ? '' : `:${problem.line}`}: ${problem.message}`);
  const unifiedResult = validateUnifiedManifest(unifiedManifest(origin));
  for (const problem of unifiedResult.problems) problems.push(`manifest.json${problem.path || '/'}: ${problem.message}`);
  if (problems.length > 0) throw new ManifestInvalid(problems);
  const dir = dirname(xmlPath);
  const written = { xml: xmlPath, json: join(dir, 'manifest.json'), appPackage: join(dir, 'cannery-outlook-app.zip') };
  mkdirSync(dir, { recursive: true });
  writeFileSync(written.xml, xml);
  writeFileSync(written.json, unifiedManifestText(origin));
  writeFileSync(written.appPackage, await unifiedPackage(origin));
  return written;
}

export class ManifestInvalid extends Error {
  override name = 'ManifestInvalid';
  constructor(readonly problems: string[]) {
    super(`The manifests do not validate against Microsoft's schemas:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

async function main(args: string[]): Promise<number> {
  if (args.length === 1 && args[0] === '--committed') {
    // The committed manifests (served by the server with its origin written in); no package.
    const xml = xmlManifest(MANIFEST_ORIGIN_PLACEHOLDER);
    const xmlResult = await validateOfficeManifest(xml);
    const unifiedResult = validateUnifiedManifest(unifiedManifest(MANIFEST_ORIGIN_PLACEHOLDER));
    if (!xmlResult.valid || !unifiedResult.valid) {
      console.error('manifest: the manifests from scripts/manifest-source.ts do not validate:');
      for (const problem of xmlResult.problems) console.error(`  manifest.xml:${problem.line ?? ''} ${problem.message}`);
      for (const problem of unifiedResult.problems) console.error(`  manifest.json${problem.path || '/'}: ${problem.message}`);
      return 1;
    }
    writeFileSync(join(MANIFEST_DIR, 'manifest.xml'), xml);
    writeFileSync(join(MANIFEST_DIR, 'manifest.json'), unifiedManifestText(MANIFEST_ORIGIN_PLACEHOLDER));
    console.log('manifest: wrote manifest-office/manifest.xml and manifest-office/manifest.json from scripts/manifest-source.ts.');
    return 0;
  }
  let parsed;
  try {
    parsed = parseOriginArguments(args, USAGE);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`manifest: ${error.message}`);
    return 2;
  }
  const out = resolve(parsed.out ?? resolve(ROOT, 'dist', 'manifest', 'manifest.xml'));
  try {
    const written = await writeManifests(parsed.origin, out);
    const name = (path: string) => relative(process.cwd(), path) || path;
    console.log(`manifest: wrote ${name(written.xml)} for ${parsed.origin} (valid against OfficeAppManifestV1_1 and MailAppVersionOverrides V1_0/V1_1).`);
    console.log(`manifest: wrote ${name(written.json)} and its app package ${name(written.appPackage)} (valid against the unified manifest schema v${unifiedManifest(parsed.origin).manifestVersion as string}).`);
    return 0;
  } catch (error) {
    if (!(error instanceof ManifestInvalid)) throw error;
    console.error(`manifest: the manifests for ${parsed.origin}: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(await main(process.argv.slice(2)));
}
