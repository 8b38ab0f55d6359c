/** `npm run seed`: puts the demo account and its sign-ins into the configured database if it is empty. */
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { openUserPool } from './pool-setup';
import { seedDemoStep } from './seed';

const config = loadConfig();
if (config.mode === 'production') {
  console.error(`npm run seed puts the demo account, with its published passwords, into the database: not in production mode (${config.modeSource}=production).`);
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedDemoStep(database, openUserPool(database.db, config, createLogger('warn')));
console.log(seeded ? 'Seeded the demo account.' : 'The database already holds an account; nothing was changed.');
await database.close();
