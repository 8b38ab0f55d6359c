/**
 * Upgrading a database of the previous release: tests/fixtures/previous-release/ holds what that
 * release makes (its migrations and its demo seed, written by scripts/previous-release-fixture.ts;
 * docs/decisions/upgrade-testing.md). On a real PostgreSQL (TEST_DATABASE_URL) it is loaded into
 * an empty database, migrated with this code's `npm run cannery -- migrate` as an upgrade does,
 * and this code's server started on it: every row is kept, the release's person signs in (SRP
 * through the built-in pool), sees their blocks and records a use. Without PostgreSQL the first
 * case still runs: the release's migrations are this code's first ones, unchanged and in order,
 * since a released migration edited afterwards never runs again where it already ran.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/database';
import { tableCounts, withPostgresPrograms } from './support/postgres-tools';
import { childEnvironment, killStarted, REPO_ROOT, runToEnd, scratchDatabases, startCannery, withClient } from './support/processes';
import { authorized, srpSignIn } from './support/sign-in';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_upgrade') : undefined;
const workDir = mkdtempSync(join(tmpdir(), 'cannery-upgrade-'));

afterAll(async () => {
  killStarted();
  await databases?.dropAll();
  rmSync(workDir, { recursive: true, force: true });
});

const FIXTURE = join(REPO_ROOT, 'tests/fixtures/previous-release');
const DUMP = join(FIXTURE, 'database.sql');
const release = JSON.parse(readFileSync(join(FIXTURE, 'release.json'), 'utf8')) as { commit: string; signIn: { email: string; password: string; teams: string[] } };

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

/** The migrations the release applied, as its migration record (`drizzle.__drizzle_migrations`) in the dump lists them. */
function releasedMigrations(dump: string): Array<{ hash: string; createdAt: number }> {
  const copy = /^COPY drizzle\.__drizzle_migrations \(id, hash, created_at\) FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(dump);
  if (!copy) throw new Error(`${DUMP} has no migration record`);
  return copy[1]!.split('\n').filter(Boolean).map((row) => {
    const [, hash, createdAt] = row.split('\t');
    return { hash: hash!, createdAt: Number(createdAt) };
  });
}

/** Runs `psql` on the database at `url`, stopping at the first error. */
async function psql(url: string, ...args: string[]): Promise<void> {
  const result = await runToEnd(['psql', '--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`, ...args], withPostgresPrograms(childEnvironment({})));
  if (result.code !== 0) throw new Error(`psql ${args.join(' ')} exited with ${result.code}:\n${result.stderr}`);
}

/** The schema of the database at `url` as `pg_dump` writes it, without its comments. */
async function schemaOf(url: string): Promise<string> {
  const result = await runToEnd(['pg_dump', '--schema-only', '--no-owner', '--no-privileges', `--dbname=${url}`], withPostgresPrograms(childEnvironment({})));
  if (result.code !== 0) throw new Error(result.stderr);
  return result.stdout.split('\n').filter((line) => line.trim() && !line.startsWith('--') && !/^\\(un)?restrict /.test(line)).join('\n');
}

describe('the previous release\'s database', () => {
  it('was made by this code\'s first migrations, unchanged and in order', () => {
    const applied = releasedMigrations(readFileSync(DUMP, 'utf8'));
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.length).toBeLessThanOrEqual(journal.length);
    const mismatched = applied.flatMap(({ hash, createdAt }, index) => {
      const entry = journal[index]!;
      const file = readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
      return createHash('sha256').update(file).digest('hex') === hash && entry.when === createdAt ? [] : [entry.tag];
    });
    expect(mismatched, 'released migrations must stay as they were released: add a new migration instead').toEqual([]);
  });
});

describe.skipIf(!baseUrl)('upgrading the previous release\'s database on PostgreSQL', () => {
  it('holds exactly the schema the release\'s migrations make', { timeout: 60_000 }, async () => {
    const applied = releasedMigrations(readFileSync(DUMP, 'utf8')).length;
    // This code's first migrations (the case above proves them the release's), alone in a folder.
    const folder = join(workDir, 'migrations');
    mkdirSync(join(folder, 'meta'), { recursive: true });
    const entries = journal.slice(0, applied);
    for (const entry of entries) writeFileSync(join(folder, `${entry.tag}.sql`), readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`)));
    const fullJournal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...fullJournal, entries }));
    const migrated = await databases!.create();
    const pool = new pg.Pool({ connectionString: migrated });
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
    } finally {
      await pool.end();
    }

    const loaded = await databases!.create();
    await psql(loaded, '--single-transaction', `--file=${DUMP}`);
    expect(await schemaOf(loaded)).toBe(await schemaOf(migrated));
  });

  it('migrates with this code, keeps every row, and the release\'s person signs in, sees their blocks and records a use', { timeout: 120_000 }, async () => {
    const url = await databases!.create();
    await psql(url, '--single-transaction', `--file=${DUMP}`);
    const before = await tableCounts(url);
    expect(before['public.blocks']).toBeGreaterThan(0);

    const migrated = await runToEnd(['npm', 'run', '--silent', 'cannery', '--', 'migrate'], childEnvironment({ CANNERY_DATABASE_URL: url }));
    expect(migrated.code, migrated.stderr).toBe(0);
    const after = await tableCounts(url);
    expect(after['drizzle.__drizzle_migrations']).toBe(journal.length);
    const changed = Object.entries(before)
      .filter(([table, rows]) => table !== 'drizzle.__drizzle_migrations' && after[table] !== rows)
      .map(([table, rows]) => `${table}: ${rows} before, ${after[table] ?? 'no table'} after`);
    expect(changed, 'a migration dropped or added rows of a table the release had').toEqual([]);

    const { email, password, teams } = release.signIn;
    const account = await withClient(url, async (client) => (await client.query<{ account_id: string }>('select account_id from users where email = $1', [email])).rows[0]?.account_id);
    expect(account).toBeDefined();
    // The release's blocks of the person's teams; those with no dates and not deleted or archived must be listed.
    const fixtureBlocks = await withClient(url, (client) =>
      client.query<{ id: string; name: string; plain: boolean }>(
        'select id, name, (deleted_at is null and archived_at is null and show_from is null and show_until is null) as plain from blocks where account_id = $1 and team_id = any($2)',
        [account, teams],
      ),
    );
    const plain = fixtureBlocks.rows.filter((row) => row.plain).map(({ id, name }) => ({ _id: id, name }));
    expect(plain.length).toBeGreaterThan(0);

    // Nothing to seed: what the server shows can only be the release's.
    const server = await startCannery(url, { CANNERY_SEED: 'none' });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/api/health`)).status, server.output()).toBe(200);
    const token = await srpSignIn(base, email, password);
    const list = await fetch(`${base}/api/accounts/${account}/autoresponses`, authorized(token));
    expect(list.status, server.output()).toBe(200);
    const listed = ((await list.json()) as Array<{ _id: string; name: string; team: string }>).map(({ _id, name }) => ({ _id, name }));
    const known = new Map(fixtureBlocks.rows.map((row) => [row.id, row.name]));
    expect(listed.filter(({ _id, name }) => known.get(_id) !== name), 'listed blocks the release did not have').toEqual([]);
    expect(listed).toEqual(expect.arrayContaining(plain));

    const block = plain[0]!;
    const team = (await withClient(url, (client) => client.query<{ team_id: string }>('select team_id from blocks where id = $1', [block._id]))).rows[0]!.team_id;
    const use = await fetch(
      `${base}/api/accounts/${account}/teams/${team}/sentautoresponses`,
      authorized(token, {
        method: 'POST',
        body: JSON.stringify({
          userEmail: email,
          autoResponseId: block._id,
          autoResponseName: block.name,
          autoResponseContent: '<p>Sent after the upgrade.</p>',
          account,
          team,
          timeSent: new Date().toISOString(),
          supportedContexts: ['outlook'],
          contextUsed: 'outlook',
          uiSource: 'search',
          cognitoSub: null,
          microsoftSub: null,
          subjectLine: 'Upgraded',
        }),
      }),
    );
    expect(use.status, await use.clone().text()).toBe(201);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
