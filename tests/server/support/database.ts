import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/db/database';

let shared: Promise<Database> | undefined;

/** Which engine the server suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const TEST_ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function createWorkerDatabase(baseUrl: string): Promise<string> {
  // Each worker gets its own database so parallel test files never see each other's rows.
  const name = `cannery_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The address of the worker's PostgreSQL database, for a second instance on it (undefined on PGlite). */
export function workerDatabaseUrl(): string | undefined {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const url = new URL(baseUrl);
  url.pathname = `/cannery_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  return url.toString();
}

/** The worker's migrated database, opened once and shared by the worker's test files. */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    const database = baseUrl
      ? await openDatabase({ url: await createWorkerDatabase(baseUrl), poolSize: 4 })
      : await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  })();
  return shared;
}

/** Empties every table, so each test starts from a known state. */
export async function resetDatabase(database: Database): Promise<void> {
  // Both drivers answer `execute` with `{ rows }`; the shared Drizzle type leaves it unknown.
  const { rows } = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as { rows: Array<{ tablename: string }> };
  if (rows.length === 0) return;
  const names = rows.map((row) => `"${row.tablename}"`).join(', ');
  // The audit log refuses TRUNCATE (migration 0023); a replica session fires no triggers.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`TRUNCATE ${names} CASCADE`));
  });
}
