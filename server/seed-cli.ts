/** `npm run seed`: puts the demo account into the configured database if it is empty. */
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { seedDemo } from './seed';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedDemo(database.db);
console.log(seeded ? 'Seeded the demo account.' : 'The database already holds an account; nothing was changed.');
await database.close();
