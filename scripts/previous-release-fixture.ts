/**
 * Writes tests/fixtures/previous-release/: the database a release of Cannery makes, for
 * tests/server/upgrade.test.ts to upgrade. The release's own files (`git archive <commit>`, so
 * the checkout is left alone) install it as an operator does, `npm run migrate` then `npm run
 * seed` (the demo account), on a scratch database of the PostgreSQL at TEST_DATABASE_URL (or
 * `--database-url`); the result is dumped as plain SQL (`database.sql`), with `release.json`
 * naming the commit and the person who signs in. Run it when a release is cut, with that
 * release's commit (docs/decisions/upgrade-testing.md):
 *
 *   npx tsx scripts/previous-release-fixture.ts <commit> [--database-url postgres://…]
 *
 * The release runs on this checkout's node_modules (linked, not installed): a release whose
 * packages differ needs `npm ci` in its folder instead, which `--install` does.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'tests/fixtures/previous-release');

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'database-url': { type: 'string' }, install: { type: 'boolean' } } });
const ref = positionals[0];
const serverUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL;
if (!ref || !serverUrl) {
  console.error('Usage: npx tsx scripts/previous-release-fixture.ts <commit> [--database-url postgres://…] [--install] (or TEST_DATABASE_URL set)');
  process.exit(2);
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
const committed = git('show', '-s', '--format=%cs', commit);

/** The PostgreSQL programs of the newest installed release (as .ci/postgres.sh picks), else PATH's. */
function postgresProgram(name: string): string {
  const installed = '/usr/lib/postgresql';
  const versions = existsSync(installed) ? readdirSync(installed).filter((version) => existsSync(join(installed, version, 'bin', name))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest ? join(installed, newest, 'bin', name) : name;
}

async function onServer(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

const folder = mkdtempSync(join(tmpdir(), 'cannery-release-'));
const name = `cannery_release_${randomBytes(4).toString('hex')}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${folder}"`], { cwd: ROOT, stdio: 'inherit' });
  if (values.install) run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], folder, process.env);
  else symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');

  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  // Only what an operator's shell would hold: the release reads its settings from the environment.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, CANNERY_DATABASE_URL: url.toString() };
  run('npm', ['run', '--silent', 'migrate'], folder, env);
  run('npm', ['run', '--silent', 'seed'], folder, env);

  // Who signs in after the upgrade: the release's first demo user with a password and no authenticator.
  const demo = (await import(join(folder, 'server/seed/demo-data.ts'))) as {
    DEMO_USERS: Array<{ email: string; teams: string[]; microsoftSub?: string }>;
    DEMO_PASSWORD: string;
    DEMO_AUTHENTICATOR?: { email: string };
  };
  const person = demo.DEMO_USERS.find((user) => !user.microsoftSub && user.email !== demo.DEMO_AUTHENTICATOR?.email && user.teams.length > 0);
  if (!person) throw new Error('the release has no demo user who signs in with a password alone');

  const dump = execFileSync(postgresProgram('pg_dump'), ['--format=plain', '--no-owner', '--no-privileges', `--dbname=${url.toString()}`], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  // pg_dump's `\restrict` guard takes a new random key each run; this dump is ours, and without
  // the guard it loads in any psql and regenerates without a spurious difference.
  const body = dump.split('\n').filter((line) => !/^\\(un)?restrict /.test(line)).join('\n');
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    join(OUT, 'database.sql'),
    `-- The database Cannery's release ${commit} (${committed}) makes: its migrations and its demo seed.\n` +
      '-- Written by scripts/previous-release-fixture.ts; regenerate it, never edit it.\n' +
      body,
  );
  writeFileSync(join(OUT, 'release.json'), `${JSON.stringify({ commit, committed, signIn: { email: person.email, password: demo.DEMO_PASSWORD, teams: person.teams } }, null, 2)}\n`);
  console.log(`Wrote ${OUT} from ${commit} (${committed}).`);
} finally {
  await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  // The link first, alone: removing the folder must never reach this checkout's node_modules.
  if (!values.install) rmSync(join(folder, 'node_modules'), { force: true });
  rmSync(folder, { recursive: true, force: true });
}
