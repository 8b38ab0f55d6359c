/**
 * Backups that restore: the `pg_dump` and `pg_restore` lines of docs/backups.md, run as written on a
 * real PostgreSQL (TEST_DATABASE_URL). A database a real server made (migrations, the demo seed,
 * then a use and a favourite through the API) is dumped, restored into an empty database and over
 * itself, and Cannery started on the copy: every table has the rows it had, a person signs in
 * (SRP through the built-in pool) and sees their blocks, and writes work. The page's compose lines
 * must say what its plain lines say, with compose.yaml's service, user and database, so the
 * page cannot drift from what is tested here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_PASSWORD, DEMO_TEAMS, DEMO_USERS } from '../../server/seed/demo-data';
import { sequenceValues, tableCounts, withPostgresPrograms } from './support/postgres-tools';
import { childEnvironment, killStarted, REPO_ROOT, runToEnd, scratchDatabases, startCannery, withClient } from './support/processes';
import { authorized, srpSignIn } from './support/sign-in';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_backup') : undefined;
const workDir = mkdtempSync(join(tmpdir(), 'cannery-backup-'));

afterAll(async () => {
  killStarted();
  await databases?.dropAll();
  rmSync(workDir, { recursive: true, force: true });
});

const DANA = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const blocksPath = `/api/accounts/${DEMO_ACCOUNT.id}/autoresponses?teams=${DEMO_TEAMS.elections.id}`;
const favouritesPath = `/api/accounts/${DEMO_ACCOUNT.id}/favouriteautoresponses`;
const usesPath = `/api/accounts/${DEMO_ACCOUNT.id}/teams/${DEMO_TEAMS.elections.id}/sentautoresponses`;

type Tool = 'pg_dump' | 'pg_restore';

interface PageCommands {
  /** The lines of the page's shell blocks that run `pg_dump` or `pg_restore` directly. */
  plain: Record<Tool, string>;
  /** The same through compose: `docker compose exec -T <service> <tool> -U <user> -d <database> <options>`. */
  compose: Record<Tool, { service: string; user: string; database: string; options: string }>;
}

/** The backup and restore lines of docs/backups.md: exactly one of each kind for each program. */
function pageCommands(page: string): PageCommands {
  const lines = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n').map((line) => line.trim()));
  const one = <T>(found: T[], what: string): T => {
    if (found.length !== 1) throw new Error(`docs/backups.md should have one ${what} line, has ${found.length}`);
    return found[0]!;
  };
  const plain = (tool: Tool) => one(lines.filter((line) => line.startsWith(`${tool} `)), tool);
  const compose = (tool: Tool) => {
    const matches = lines.map((line) => /^docker compose exec -T (\S+) (\S+) -U (\S+) -d (\S+) (.+)$/.exec(line)).filter((match) => match?.[2] === tool);
    const [, service, , user, database, options] = one(matches, `docker compose exec … ${tool}`)!;
    return { service: service!, user: user!, database: database!, options: options! };
  };
  return { plain: { pg_dump: plain('pg_dump'), pg_restore: plain('pg_restore') }, compose: { pg_dump: compose('pg_dump'), pg_restore: compose('pg_restore') } };
}

/** A service of compose.yaml: its image and environment (the two-space YAML the kit is written in). */
function composeService(compose: string, name: string): { image: string | undefined; environment: Record<string, string> } {
  const start = compose.indexOf(`\n  ${name}:\n`);
  if (start < 0) throw new Error(`compose.yaml has no service ${name}`);
  const body = compose.slice(start + name.length + 5).split(/\n {2}\S/)[0]!;
  const environment = Object.fromEntries([...body.matchAll(/^ {6}(\w+): (\S+)$/gm)].map((match) => [match[1]!, match[2]!]));
  return { image: /^ {4}image: (\S+)$/m.exec(body)?.[1], environment };
}

const commands = pageCommands(readFileSync(join(REPO_ROOT, 'docs/backups.md'), 'utf8'));

/** Runs one of the page's plain lines in bash, in the work folder, on the database at `url`. */
async function runPageLine(line: string, url: string): Promise<void> {
  const result = await runToEnd(['bash', '-c', `set -eo pipefail; ${line}`], withPostgresPrograms(childEnvironment({ CANNERY_DATABASE_URL: url })), workDir);
  if (result.code !== 0) throw new Error(`${line}\nexited with ${result.code}:\n${result.stderr}`);
}

/** The file the restore line reads (`< file`). */
const restoredFile = () => /<\s*(\S+)\s*$/.exec(commands.plain.pg_restore)?.[1] ?? '';

/** Runs the page's backup line on `url`; the dump is left under the name its restore line reads. */
async function backUp(url: string): Promise<void> {
  for (const name of readdirSync(workDir)) rmSync(join(workDir, name));
  await runPageLine(commands.plain.pg_dump, url);
  const [dump, ...more] = readdirSync(workDir);
  if (!dump || more.length > 0) throw new Error(`the backup line should write one file, wrote ${JSON.stringify(readdirSync(workDir))}`);
  if (dump !== restoredFile()) renameSync(join(workDir, dump), join(workDir, restoredFile()));
}

describe('docs/backups.md', () => {
  it('says the same with compose as without it, with compose.yaml\'s database service, user and database', () => {
    const compose = readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8');
    for (const tool of ['pg_dump', 'pg_restore'] as const) {
      const viaCompose = commands.compose[tool];
      expect(commands.plain[tool]).toBe(`${tool} --dbname="$CANNERY_DATABASE_URL" ${viaCompose.options}`);
      const service = composeService(compose, viaCompose.service);
      expect(service.image).toMatch(/^postgres:/);
      expect(viaCompose.user).toBe(service.environment.POSTGRES_USER);
      expect(viaCompose.database).toBe(service.environment.POSTGRES_DB);
    }
    expect(commands.plain.pg_dump).toContain('--format=custom');
    expect(restoredFile()).toMatch(/\.dump$/);
  });
});

describe.skipIf(!baseUrl)('a backup of a populated database, restored', () => {
  const dataKey = randomBytes(32).toString('base64');
  let source = '';
  let counted: { tables: Record<string, number>; sequences: Record<string, string | null> } | undefined;
  let sourceBlocks: Array<{ _id: string; name: string }> = [];
  let starred = '';

  it('backs up a database a server made and used, and restores it into an empty one: every row is back', { timeout: 120_000 }, async () => {
    source = await databases!.create();
    const server = await startCannery(source, { CANNERY_SEED: 'demo', CANNERY_POOL_DATA_KEY: dataKey });
    const base = `http://127.0.0.1:${server.port}`;
    const token = await srpSignIn(base, DANA.email, DEMO_PASSWORD);
    const list = await fetch(`${base}${blocksPath}`, authorized(token));
    expect(list.status, server.output()).toBe(200);
    sourceBlocks = ((await list.json()) as Array<{ _id: string; name: string }>).map(({ _id, name }) => ({ _id, name }));
    expect(sourceBlocks.length).toBeGreaterThan(5);
    const used = sourceBlocks[0]!;
    starred = sourceBlocks[1]!._id;
    const use = await fetch(`${base}${usesPath}`, authorized(token, { method: 'POST', body: JSON.stringify(useOf(used)) }));
    expect(use.status, await use.clone().text()).toBe(201);
    const star = await fetch(`${base}${favouritesPath}`, authorized(token, { method: 'POST', body: JSON.stringify({ autoResponseId: starred }) }));
    expect(star.status).toBe(201);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    counted = { tables: await tableCounts(source), sequences: await sequenceValues(source) };
    for (const table of ['public.blocks', 'public.users', 'public.identity_users', 'public.sent_auto_responses', 'public.favourites', 'public.identity_signing_keys', 'drizzle.__drizzle_migrations']) {
      expect(counted.tables[table], table).toBeGreaterThan(0);
    }

    await backUp(source);
    const restored = await databases!.create();
    await runPageLine(commands.plain.pg_restore, restored);
    expect(await tableCounts(restored)).toEqual(counted.tables);
    expect(await sequenceValues(restored)).toEqual(counted.sequences);

    // Cannery on the copy, seeding nothing: what it shows can only come from the dump.
    const onCopy = await startCannery(restored, { CANNERY_SEED: 'none', CANNERY_POOL_DATA_KEY: dataKey });
    const copy = `http://127.0.0.1:${onCopy.port}`;
    expect((await fetch(`${copy}/api/health`)).status, onCopy.output()).toBe(200);
    const again = await srpSignIn(copy, DANA.email, DEMO_PASSWORD);
    const blocks = await fetch(`${copy}${blocksPath}`, authorized(again));
    expect(blocks.status).toBe(200);
    expect(((await blocks.json()) as Array<{ _id: string; name: string }>).map(({ _id, name }) => ({ _id, name }))).toEqual(sourceBlocks);
    const favourites = await fetch(`${copy}${favouritesPath}`, authorized(again));
    expect(((await favourites.json()) as Array<{ autoResponseId: string }>).map(({ autoResponseId }) => autoResponseId)).toEqual([starred]);
    const next = await fetch(`${copy}${usesPath}`, authorized(again, { method: 'POST', body: JSON.stringify(useOf(used)) }));
    expect(next.status).toBe(201);
    onCopy.child.kill('SIGTERM');
    expect(await onCopy.exited).toBe(0);
  });

  it('restores over the database it came from: what was written since the backup is gone', { timeout: 60_000 }, async () => {
    if (!counted) throw new Error('the first case made no backup');
    await withClient(source, async (client) => {
      await client.query('delete from favourites');
      await client.query("insert into blocks (id, account_id, team_id, name, body) values ('64b0000000000000000fee01', $1, $2, 'Written after the backup', '<p>Later.</p>')", [DEMO_ACCOUNT.id, DEMO_TEAMS.elections.id]);
    });
    await runPageLine(commands.plain.pg_restore, source);
    expect(await tableCounts(source)).toEqual(counted.tables);
    const later = await withClient(source, (client) => client.query("select id from blocks where name = 'Written after the backup'"));
    expect(later.rows).toEqual([]);
  });

  it('a copy that lost the pool\'s users fails the sign-in check', { timeout: 60_000 }, async () => {
    // What the first case checks, on a restore that left out the rows of the built-in pool's
    // users (and the foreign keys to them, which would refuse the restore).
    const listing = await runToEnd(['pg_restore', '--list', restoredFile()], withPostgresPrograms(childEnvironment({})), workDir);
    expect(listing.code, listing.stderr).toBe(0);
    const entries = listing.stdout.split('\n');
    const left = entries.filter((entry) => !/ TABLE DATA public identity_users | FK CONSTRAINT public \S+ \S*identity_users/.test(entry));
    expect(entries.length - left.length).toBeGreaterThan(1);
    writeFileSync(join(workDir, 'without-users.list'), left.join('\n'));
    const damaged = await databases!.create();
    await runPageLine(commands.plain.pg_restore.replace('pg_restore ', 'pg_restore --use-list=without-users.list '), damaged);
    const counts = await tableCounts(damaged);
    expect(counts['public.identity_users']).toBe(0);
    expect(counts).not.toEqual(counted?.tables);

    const server = await startCannery(damaged, { CANNERY_SEED: 'none', CANNERY_POOL_DATA_KEY: dataKey });
    await expect(srpSignIn(`http://127.0.0.1:${server.port}`, DANA.email, DEMO_PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

/** A use of `block` by Dana, as the apps record one. */
function useOf(block: { _id: string; name: string }) {
  return {
    userEmail: DANA.email,
    autoResponseId: block._id,
    autoResponseName: block.name,
    autoResponseContent: '<p>Sent.</p>',
    account: DEMO_ACCOUNT.id,
    team: DEMO_TEAMS.elections.id,
    timeSent: new Date().toISOString(),
    supportedContexts: ['outlook'],
    contextUsed: 'outlook',
    uiSource: 'search',
    cognitoSub: null,
    microsoftSub: null,
    subjectLine: 'Backed up',
  };
}
