/**
 * The database commands of the `cannery` CLI that have no module of their own: `migrate` applies
 * the committed migrations and exits (every server start does the same under the same lock, so
 * it is safe beside starting servers); `seed` puts the demo account into an empty database and
 * refuses in production mode. Both use the server's database settings.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createLogger } from '../logger';
import { openUserPool } from '../pool-setup';
import { seedDemoStep } from '../seed';

export async function runMigrate(print: (line: string) => void): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    print(`Migrated the ${database.kind === 'postgres' ? 'PostgreSQL database (CANNERY_DATABASE_URL)' : `embedded database in ${config.dataDir}`}.`);
    return 0;
  } finally {
    await database.close();
  }
}

export async function runSeed(print: (line: string) => void, fail: (line: string) => void = print): Promise<number> {
  const config = loadConfig();
  if (config.mode === 'production') {
    fail(`cannery seed puts the demo account, with its published passwords, into the database: not in production mode (${config.modeSource}=production).`);
    return 1;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const seeded = await seedDemoStep(database, openUserPool(database.db, config, createLogger('warn')));
    print(seeded ? 'Seeded the demo account.' : 'The database already holds an account; nothing was changed.');
    return 0;
  } finally {
    await database.close();
  }
}
