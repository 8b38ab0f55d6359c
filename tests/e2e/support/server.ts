/**
 * The end-to-end suite's server (playwright.config.ts `webServer`): the server of `npm run server`,
 * configured by the same environment, plus the suite's own users (support/users.ts) created in the
 * user pool after the demo account, a team of hostile blocks (support/hostile-blocks.ts), one of
 * blocks laid out three ways (support/line-blocks.ts) with two that start or end with a space
 * (support/spaced-blocks.ts), and one of a block that signs with the user's
 * name (support/signed-blocks.ts), and per run a team with a due review (support/review-blocks.ts).
 * Run it with `npx tsx tests/e2e/support/server.ts`.
 *
 * Next to it, on loopback only, a probe the tests read what the server stored from (see
 * `usage-probe.ts`); it is part of this test launcher, never of the product's server.
 */
import { createServer } from 'node:http';
import { asc, count, eq } from 'drizzle-orm';
import { exitOnSignals, startServer } from '../../../server/entry/start-node';
import { recordedChecklists } from '../../../server/db/schema';
import { classificationOutcomes, sentAutoResponses, sessions, suggestedAutoResponses } from '../../../server/db/records-schema';
import type { Db } from '../../../server/db/database';
import { seedFrequentBlocks } from './frequent-blocks';
import { seedMailboxTeams } from './mailbox-teams';
import { seedReviewBlocks } from './review-blocks';
import { seedHostileBlocks } from './hostile-blocks';
import { seedLineBlocks } from './line-blocks';
import { seedSignedBlocks } from './signed-blocks';
import { seedSpacedBlocks } from './spaced-blocks';
import { makeWordingEditors, seedWordingBlocks } from './wording-blocks';
import { probePortFor } from './usage-probe';
import { allE2eUsers, E2E_RUNS_PER_SERVER } from './users';

let database: Db | null = null;
const server = await startServer({
  async afterSeed({ pool, logger, demoSeeded, db }) {
    if (!demoSeeded) {
      throw new Error('The e2e server seeds its users next to a fresh demo account: run it on an empty database (CANNERY_DATA_DIR=memory://).');
    }
    const hostile = await seedHostileBlocks(db);
    const lineBlocks = (await seedLineBlocks(db)) + (await seedSpacedBlocks(db));
    await seedSignedBlocks(db);
    await seedFrequentBlocks(db, E2E_RUNS_PER_SERVER);
    await seedMailboxTeams(db);
    await seedWordingBlocks(db);
    await seedReviewBlocks(db, pool);
    const users = allE2eUsers();
    for (const user of users) {
      await pool.createUser({ email: user.email, password: user.password, accountId: user.accountId, teams: user.teams, adminTeams: user.adminTeams });
    }
    await makeWordingEditors(db, 'wording-editor');
    database = db;
    logger.info({ users: users.length, hostileBlocks: hostile, lineBlocks }, 'seeded the end-to-end users, hostile blocks and line samples');
  },
});

/** What the probe answers, per path: the rows of one table for the user with the `email` asked for. */
const PROBES: Record<string, (db: Db, email: string) => Promise<unknown[]>> = {
  '/sent-records': (db, email) =>
    db
      .select({ autoResponseId: sentAutoResponses.autoResponseId, uiSource: sentAutoResponses.uiSource, contextUsed: sentAutoResponses.contextUsed, n: count() })
      .from(sentAutoResponses)
      .where(eq(sentAutoResponses.userEmail, email))
      .groupBy(sentAutoResponses.autoResponseId, sentAutoResponses.uiSource, sentAutoResponses.contextUsed),
  '/sent-mailboxes': (db, email) =>
    db
      .select({ autoResponseId: sentAutoResponses.autoResponseId, mailbox: sentAutoResponses.mailbox })
      .from(sentAutoResponses)
      .where(eq(sentAutoResponses.userEmail, email))
      .orderBy(asc(sentAutoResponses.timeSent), asc(sentAutoResponses.id)),
  '/sent-languages': (db, email) =>
    db
      .select({ autoResponseId: sentAutoResponses.autoResponseId, autoResponseName: sentAutoResponses.autoResponseName, language: sentAutoResponses.language })
      .from(sentAutoResponses)
      .where(eq(sentAutoResponses.userEmail, email))
      .orderBy(asc(sentAutoResponses.timeSent), asc(sentAutoResponses.id)),
  '/session-mailboxes': (db, email) =>
    db.select({ context: sessions.context, mailbox: sessions.mailbox }).from(sessions).where(eq(sessions.userEmail, email)).orderBy(asc(sessions.startTime), asc(sessions.id)),
  '/suggestions': (db, email) =>
    db
      .select({
        teamId: suggestedAutoResponses.teamId,
        name: suggestedAutoResponses.name,
        body: suggestedAutoResponses.body,
        supportedContexts: suggestedAutoResponses.supportedContexts,
      })
      .from(suggestedAutoResponses)
      .where(eq(suggestedAutoResponses.userEmail, email))
      .orderBy(asc(suggestedAutoResponses.createdAt), asc(suggestedAutoResponses.id)),
  '/classification-outcomes': (db, email) =>
    db
      .select({
        emailBody: classificationOutcomes.emailBody,
        userEmail: classificationOutcomes.userEmail,
        classificationFromModel: classificationOutcomes.classificationFromModel,
        actualClassification: classificationOutcomes.actualClassification,
        cognitoSub: classificationOutcomes.cognitoSub,
        microsoftSub: classificationOutcomes.microsoftSub,
      })
      .from(classificationOutcomes)
      .where(eq(classificationOutcomes.userEmail, email))
      .orderBy(asc(classificationOutcomes.createdAt), asc(classificationOutcomes.id)),
  '/recorded-checklists': (db, email) =>
    db
      .select({
        phoneFlowId: recordedChecklists.phoneFlowId,
        name: recordedChecklists.name,
        tasks: recordedChecklists.tasks,
        blocks: recordedChecklists.blocks,
        blocksSent: recordedChecklists.blocksSent,
        startTime: recordedChecklists.startTime,
        endTime: recordedChecklists.endTime,
      })
      .from(recordedChecklists)
      .where(eq(recordedChecklists.userEmail, email))
      .orderBy(asc(recordedChecklists.createdAt), asc(recordedChecklists.id)),
  '/sessions': (db, email) =>
    db
      .select({ startTime: sessions.startTime, endTime: sessions.endTime, context: sessions.context, teams: sessions.teams, updateInterval: sessions.updateInterval })
      .from(sessions)
      .where(eq(sessions.userEmail, email))
      .orderBy(asc(sessions.startTime), asc(sessions.id)),
};

const probe = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://probe');
  const email = url.searchParams.get('email');
  const query = PROBES[url.pathname];
  if (!query || !email || !database) {
    response.writeHead(404).end();
    return;
  }
  query(database, email).then(
    (rows) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(rows)),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
probe.listen(probePortFor(server.config.port), '127.0.0.1');
exitOnSignals(server);
