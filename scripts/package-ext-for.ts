/**
 * `npm run package:ext:for -- --origin https://cannery.example.org`: builds the Chrome extension
 * against the API of a deployment on that origin (`<origin>/api`, baked in as WXT_CANNERY_API)
 * and zips it for the Chrome Web Store: `.output/chrome-mv3-deploy/` and
 * `.output/cannery-<version>-chrome-deploy.zip` (WXT's `deploy` mode: the production manifest,
 * beside the default build rather than over it). Checks that the build calls that API before it
 * says so. The store gives the published extension its own id: add its origin
 * (`chrome-extension://<id>`) to the server's allowed origins (CANNERY_ALLOWED_ORIGINS, or the
 * `allowedOrigins` context of infra/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOriginArguments, UsageError } from './client-origin';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run package:ext:for -- --origin https://cannery.example.org';
export const DEPLOY_OUTPUT = join(ROOT, '.output', 'chrome-mv3-deploy');

/** Every file under `folder`. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let origin: string;
  try {
    ({ origin } = parseOriginArguments(process.argv.slice(2), USAGE));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`package:ext:for: ${error.message}`);
    process.exit(2);
  }
  const apiBase = `${origin}/api`;
  const wxt = join(ROOT, 'node_modules', '.bin', 'wxt');
  const run = spawnSync(wxt, ['zip', '--mode', 'deploy'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, WXT_CANNERY_API: apiBase } });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const calls = existsSync(DEPLOY_OUTPUT) && filesUnder(DEPLOY_OUTPUT).some((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes(apiBase));
  if (!calls) {
    console.error(`package:ext:for: the build in ${relative(process.cwd(), DEPLOY_OUTPUT)} does not name ${apiBase}; WXT_CANNERY_API did not reach it.`);
    process.exit(1);
  }
  const zip = readdirSync(join(ROOT, '.output')).find((name) => name.endsWith('-chrome-deploy.zip'));
  console.log(`package:ext:for: the extension calls ${apiBase}: ${relative(process.cwd(), DEPLOY_OUTPUT)}/ and .output/${zip ?? '(no zip)'}`);
}
