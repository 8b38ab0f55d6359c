/**
 * `npm run migrate`: applies the committed migrations to the configured database (CANNERY_DATABASE_URL, or
 * the embedded PGlite in CANNERY_DATA_DIR) and exits. Every server start does the same under the
 * same lock, so running it first (a deploy's one-shot step) is optional and safe beside servers
 * that are starting.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/database';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  await database.migrate();
  console.log(`Migrated the ${database.kind === 'postgres' ? 'PostgreSQL database (CANNERY_DATABASE_URL)' : `embedded database in ${config.dataDir}`}.`);
} finally {
  await database.close();
}
