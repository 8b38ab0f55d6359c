import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as coreSchema from './schema';
import * as recordsSchema from './records-schema';
import * as draftsSchema from './drafts-schema';

const schema = { ...coreSchema, ...recordsSchema, ...draftsSchema };
export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** `pglite` (embedded, the default) or `postgres` (`DATABASE_URL`). */
  kind: 'pglite' | 'postgres';
  /**
   * Applies committed migrations that have not run yet, under the setup lock (`withSetupLock`):
   * servers started together on one database migrate one after another, and all come up.
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the database's setup lock, the one migrations and demo seeding take,
   * so that any number of servers (or `npm run cannery -- migrate`, `npm run cannery -- seed`) started together on one
   * PostgreSQL do their setup one at a time. On PostgreSQL it is an advisory lock held by a
   * connection of its own for the duration, released after `work` (and by PostgreSQL itself if
   * the process dies). PGlite's data directory is opened by one process at a time, and PGlite runs
   * one query at a time, so there `work` simply runs.
   */
  withSetupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Answers whether the database takes queries (for /api/health). */
  ping(): Promise<boolean>;
  /**
   * Whether every migration this code has was applied (readiness): false while the database is
   * older than the code, or cannot be read. A database newer than the code (a later release
   * migrated it during a rolling upgrade) is current.
   */
  migrationsCurrent(): Promise<boolean>;
  /** The connection pool's sizes (PostgreSQL); null for the embedded database, which has none. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/**
 * The key of the setup lock (`pg_advisory_lock(bigint)`): fixed, so every Cannery process on a
 * database asks for the same lock. The bytes spell "cannery" in ASCII.
 */
export const SETUP_LOCK_KEY = 0x63616e6e657279n;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PostgreSQL is used. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a database that lives only in this process. */
  dataDir?: string | undefined;
  /** Maximum PostgreSQL connections in the pool. */
  poolSize?: number | undefined;
  /** Runs each PostgreSQL query of the pool (server/observability: timed and traced). */
  observeQuery?: (<T>(run: () => Promise<T>) => Promise<T>) | undefined;
}

/** How many migrations this code has (the journal drizzle-kit writes beside them). */
const EXPECTED_MIGRATIONS = (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

async function migrationsCurrent(db: Db): Promise<boolean> {
  try {
    const result: unknown = await db.execute(sql`select count(*) as applied from drizzle.__drizzle_migrations`);
    const { rows } = result as { rows: Array<{ applied: number | string }> };
    return Number(rows[0]?.applied ?? 0) >= EXPECTED_MIGRATIONS;
  } catch {
    return false;
  }
}

/**
 * A pool client whose promise queries go through `observe`. pg calls `query` with a callback
 * internally too; those are left as they are.
 */
function observedClient(observe: <T>(run: () => Promise<T>) => Promise<T>): typeof pg.Client {
  return class ObservedClient extends pg.Client {
    override query(...args: unknown[]): never {
      const call = () => (super.query as (...a: unknown[]) => unknown)(...args);
      if (typeof args.at(-1) === 'function' || (args[0] as { submit?: unknown } | null)?.submit) return call() as never;
      return observe(() => call() as Promise<unknown>) as never;
    }
  };
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (default `./data`). */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, ...(options.observeQuery ? { Client: observedClient(options.observeQuery) } : {}) });
    // An idle connection the server drops (a restart, a failover) leaves the pool; queries and
    // readiness report the outage. Unhandled, the event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = options.url;
    const withSetupLock = <T>(work: () => Promise<T>) => withAdvisoryLock(url, work);
    return {
      db,
      kind: 'postgres',
      migrate: () => withSetupLock(() => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR })),
      withSetupLock,
      ping: () => ping(db),
      migrationsCurrent: () => migrationsCurrent(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? './data';
  if (dataDir.startsWith('memory://')) return fromPglite(await PGlite.create(dataDir));
  mkdirSync(dataDir, { recursive: true });
  const release = claimDataDir(dataDir);
  try {
    const database = fromPglite(await PGlite.create(dataDir));
    return { ...database, close: () => database.close().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}

/** Another process has the embedded database open. */
export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is open in another Cannery process (pid ${pid}), and PGlite opens its data directory from one process at a time. ` +
        'Stop that process first; to manage people while the server runs, use the admin app (People), or run Cannery on PostgreSQL (DATABASE_URL), where commands run beside the servers.',
    );
    this.name = 'DatabaseInUseError';
  }
}

const LOCK_FILE = 'cannery.pid';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims an embedded data directory for this process (`cannery.pid` in it): a second process (the
 * admin CLI beside a running server) is refused with a clear message instead of opening files the
 * first one is writing. A file left by a process that died is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && running(pid)) throw new DatabaseInUseError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim ${file}.`);
}

/** Wraps an already open PGlite (tests share one per worker). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    // One process, one query at a time: nothing to wait for (see Database.withSetupLock).
    withSetupLock: (work) => work(),
    ping: () => ping(db),
    migrationsCurrent: () => migrationsCurrent(db),
    poolStats: () => null,
    close: () => client.close(),
  };
}

/**
 * Holds the setup lock on a connection of its own (outside the pool, so `work` has every pooled
 * connection) while `work` runs. The lock belongs to that session: if this process dies,
 * PostgreSQL releases it when the connection drops, and the next server in line goes on.
 */
async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const session = new pg.Client({ connectionString: url });
  // A dropped connection is reported by the query or `end()` below; an idle one must not crash the process.
  session.on('error', () => {});
  await session.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY.toString()]);
    }
  } finally {
    // Closing the session releases the lock too, whatever happened above.
    await session.end().catch(() => {});
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
