/**
 * The end-to-end suite's server (playwright.config.ts `webServer`): the server of `npm run server`,
 * configured by the same environment, plus the suite's own users (support/users.ts) created in the
 * user pool after the demo account. Run it with `npx tsx tests/e2e/support/server.ts`.
 */
import { exitOnSignals, startServer } from '../../../server/start-node';
import { allE2eUsers } from './users';

const server = await startServer({
  async afterSeed({ pool, logger, demoSeeded }) {
    if (!demoSeeded) {
      throw new Error('The e2e server seeds its users next to a fresh demo account: run it on an empty database (CANNERY_DATA_DIR=memory://).');
    }
    const users = allE2eUsers();
    for (const user of users) {
      await pool.createUser({ email: user.email, password: user.password, accountId: user.accountId, teams: user.teams });
    }
    logger.info({ users: users.length }, 'seeded the end-to-end users');
  },
});
exitOnSignals(server);
