/**
 * `npm run package:stores -- --origin https://cannery.example.org [--out dist/stores]
 * [--reviewer-email EMAIL --reviewer-password PASSWORD]`: everything the three stores take, in one
 * folder, for a deployment on that origin (docs/stores.md is the submission checklist):
 * - `chrome/`: the Chrome Web Store zip (built to call `<origin>/api`), its listing (summary,
 *   description, single purpose, one justification per permission, privacy practices) and screenshots;
 * - `firefox/`: the addons.mozilla.org package, its sources zip, listing and screenshots;
 * - `outlook/`: both manifests (manifest.xml, manifest.json), the app package zip, the Marketplace
 *   listing, the reviewers' test notes and screenshots.
 * Screenshots come from the demo: this starts a demo server (in memory, on a free port) over the
 * built web app (`npm run build:web`, which the npm script runs first) and drives it in Chromium.
 * It runs Playwright, so run it inside the suite's lock: `flock /tmp/cannery-suite.lock npm run package:stores -- ...`.
 * The reviewers' account defaults to the demo user, for a server seeded with the demo (CANNERY_SEED=demo).
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/seed/demo-data';
import { checkedOrigin, UsageError } from './client-origin';
import { writeManifests } from './manifest';
import { listingText, marketplaceTestNotes } from './store-listing';
import { storeScreenshots, type Store } from './store-screenshots';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run package:stores -- --origin https://cannery.example.org [--out dist/stores] [--reviewer-email EMAIL --reviewer-password PASSWORD]';

interface Options {
  origin: string;
  out: string;
  reviewer: { email: string; password: string };
}

function parse(args: string[]): Options {
  const values = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index]!, args[index + 1]];
    if (!['--origin', '--out', '--reviewer-email', '--reviewer-password'].includes(name) || value === undefined) throw new UsageError(`Unknown argument "${name.slice(0, 60)}".\n${USAGE}`);
    values.set(name, value);
  }
  const origin = values.get('--origin');
  if (!origin) throw new UsageError(`--origin is required.\n${USAGE}`);
  if (values.has('--reviewer-email') !== values.has('--reviewer-password')) throw new UsageError(`Give both --reviewer-email and --reviewer-password, or neither.\n${USAGE}`);
  return {
    origin: checkedOrigin(origin),
    out: resolve(values.get('--out') ?? join(ROOT, 'dist', 'stores')),
    reviewer: { email: values.get('--reviewer-email') ?? DEMO_USERS[0]!.email, password: values.get('--reviewer-password') ?? DEMO_PASSWORD },
  };
}

/** `wxt zip` for `browser` in the deploy mode, calling `apiBase`; returns the zips it wrote. */
function zipExtension(browser: 'chrome' | 'firefox', apiBase: string): string[] {
  const before = new Set(existsSync(join(ROOT, '.output')) ? readdirSync(join(ROOT, '.output')) : []);
  const args = ['zip', '--mode', 'deploy', ...(browser === 'firefox' ? ['-b', 'firefox'] : [])];
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'wxt'), args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, WXT_CANNERY_API: apiBase } });
  if (run.status !== 0) throw new Error(`wxt ${args.join(' ')} failed (${run.status ?? 'signal'}).`);
  const zips = readdirSync(join(ROOT, '.output')).filter((name) => name.endsWith('.zip') && name.includes('deploy') && (name.includes(`-${browser}`) || (browser === 'firefox' && name.includes('sources'))));
  if (zips.length === 0) throw new Error(`wxt ${args.join(' ')} wrote no zip in .output/ (had: ${[...before].join(', ')}).`);
  return zips.map((name) => join(ROOT, '.output', name));
}

/** The permissions a built manifest asks for, optional ones included. */
function builtPermissions(folder: string): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, '.output', folder, 'manifest.json'), 'utf8')) as Record<string, string[] | undefined>;
  return [...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? []), ...(manifest.host_permissions ?? []), ...(manifest.optional_host_permissions ?? [])];
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Starts the demo server in memory on a free port; resolves once /api/health answers. */
async function demoServer(): Promise<{ base: string; stop(): void }> {
  const port = await freePort();
  const env = { ...process.env, CANNERY_PORT: String(port), CANNERY_HTTPS_PORT: '0', CANNERY_DATA_DIR: 'memory://', CANNERY_SEED: 'demo', CANNERY_MODE: 'development', CANNERY_LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'entry', 'node.ts')], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://localhost:${port}`;
  for (let tries = 0; tries < 120; tries += 1) {
    if (child.exitCode !== null) throw new Error(`The demo server exited (${child.exitCode}).`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => child.kill() };
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  child.kill();
  throw new Error('The demo server did not answer /api/health within a minute.');
}

async function main(options: Options): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'web', 'playground', 'index.html'))) throw new Error('The web app is not built: run npm run build:web first.');
  rmSync(options.out, { recursive: true, force: true });
  const dirs = { chrome: join(options.out, 'chrome'), firefox: join(options.out, 'firefox'), outlook: join(options.out, 'outlook') };
  for (const dir of Object.values(dirs)) mkdirSync(join(dir, 'screenshots'), { recursive: true });

  const apiBase = `${options.origin}/api`;
  for (const browser of ['chrome', 'firefox'] as const) {
    for (const zip of zipExtension(browser, apiBase)) copyFileSync(zip, join(dirs[browser], zip.split('/').pop()!));
    writeFileSync(join(dirs[browser], 'listing.md'), listingText(browser, builtPermissions(`${browser}-mv3-deploy`)));
  }
  await writeManifests(options.origin, join(dirs.outlook, 'manifest.xml'));
  writeFileSync(join(dirs.outlook, 'listing.md'), listingText('marketplace', []));
  writeFileSync(join(dirs.outlook, 'test-notes.md'), marketplaceTestNotes(options.origin, options.reviewer));

  const server = await demoServer();
  try {
    const shots: Array<[Store, string]> = [['chrome', dirs.chrome], ['firefox', dirs.firefox], ['marketplace', dirs.outlook]];
    for (const [store, dir] of shots) await storeScreenshots(server.base, store, join(dir, 'screenshots'));
  } finally {
    server.stop();
  }
  const list = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? list(join(dir, entry.name)) : [join(dir, entry.name)]));
  console.log(`package:stores: wrote, for ${options.origin}:`);
  for (const file of list(options.out).sort()) console.log(`  ${relative(process.cwd(), file)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let options: Options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`package:stores: ${error.message}`);
    process.exit(2);
  }
  try {
    await main(options);
  } catch (error) {
    console.error(`package:stores: ${(error as Error).message}`);
    process.exit(1);
  }
}
