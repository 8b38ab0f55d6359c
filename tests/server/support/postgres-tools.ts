/**
 * PostgreSQL's own programs (pg_dump, pg_restore, psql) for the tests that back up, restore and
 * load databases as an operator does, and row counts to compare two databases by. The programs
 * are those of the newest PostgreSQL installed, as `.ci/postgres.sh` picks its server (so pg_dump
 * is never older than the server it reads), else whatever PATH has.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { withClient } from './processes';

const INSTALLED = '/usr/lib/postgresql';

/** The folder of the newest installed PostgreSQL's programs, or undefined when PATH should be used. */
function installedBin(): string | undefined {
  if (!existsSync(INSTALLED)) return undefined;
  const versions = readdirSync(INSTALLED).filter((name) => existsSync(join(INSTALLED, name, 'bin', 'pg_dump')));
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest ? join(INSTALLED, newest, 'bin') : undefined;
}

/** `env` with PostgreSQL's programs first on its PATH: a command line names them as an operator types them. */
export function withPostgresPrograms(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const bin = installedBin();
  return bin ? { ...env, PATH: `${bin}:${env.PATH ?? ''}` } : env;
}

/** The number of rows of every table of Cannery's schemas (`public`, and `drizzle`'s migration record), by `schema.table`. */
export async function tableCounts(url: string): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) counts[name] = Number((await client.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]?.n);
    return counts;
  });
}

/** The current value of every sequence of those schemas (list versions move on one; a restore must not go back). */
export async function sequenceValues(url: string): Promise<Record<string, string | null>> {
  return withClient(url, async (client) => {
    const rows = await client.query<{ name: string; value: string | null }>(
      "select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences where schemaname in ('public', 'drizzle') order by 1",
    );
    return Object.fromEntries(rows.rows.map((row) => [row.name, row.value]));
  });
}
