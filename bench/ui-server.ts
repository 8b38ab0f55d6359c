/**
 * The server of the UI benchmark (bench/ui.ts), in its own process so it never shares an event
 * loop with the browser driver: the real server (`startServer`, as `npm run server` starts it) on
 * an empty in-memory database, holding bench/ui-data.ts (one account, two teams of 1,000 blocks,
 * two pool users), serving the web app built into `<web-root>` on a free port. Once it answers it
 * says so on its own file descriptor (bench/ui-handshake.ts), never on stdout, where the logger writes.
 * Usage: tsx bench/ui-server.ts <web-root>
 */
import { createServer } from 'node:net';
import { exitOnSignals, startServer } from '../server/entry/start-node';
import { accounts, blocks, teams } from '../server/db/schema';
import { UI_ACCOUNT, UI_TEAMS, UI_USERS, uiBlocks } from './ui-data';
import { announceReady } from './ui-handshake';

const webRoot = process.argv[2];
if (!webRoot) throw new Error('Usage: tsx bench/ui-server.ts <web-root>');

/** A port nothing listens on now, on every interface (where the server listens). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

const port = await freePort();
// What `loadConfig` reads: nothing kept, nothing seeded but ours, no HTTPS listener, quiet logs.
Object.assign(process.env, {
  PORT: String(port),
  HTTPS_PORT: '0',
  CANNERY_DATA_DIR: 'memory://',
  CANNERY_SEED: 'none',
  CANNERY_WEB_ROOT: webRoot,
  LOG_LEVEL: 'warn',
});
delete process.env.DATABASE_URL;

const server = await startServer({
  async afterSeed({ db, pool }) {
    await db.insert(accounts).values(UI_ACCOUNT);
    await db.insert(teams).values(UI_TEAMS.map((team) => ({ ...team, accountId: UI_ACCOUNT.id })));
    const rows = uiBlocks().map((block) => ({
      id: block._id,
      accountId: UI_ACCOUNT.id,
      teamId: block.team,
      name: block.name,
      body: block.body,
      categories: block.categories ?? [],
      supportedContexts: block.supportedContexts,
    }));
    for (let start = 0; start < rows.length; start += 500) await db.insert(blocks).values(rows.slice(start, start + 500));
    for (const user of Object.values(UI_USERS)) {
      await pool.createUser({ email: user.email, password: user.password, accountId: UI_ACCOUNT.id, teams: [...user.teams] });
    }
  },
});
exitOnSignals(server);

// `startServer` resolves before the listener is bound: answer only once the API does.
for (let attempt = 0; ; attempt += 1) {
  const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
  if (healthy) break;
  if (attempt === 100) throw new Error(`The UI benchmark server did not answer on port ${port}.`);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
announceReady(port);
