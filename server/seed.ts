import { sql } from 'drizzle-orm';
import type { Database, Db } from './db/database';
import { newId } from './db/ids';
import { accounts, blocks, blockVersions, checklists, teams, users } from './db/schema';
import { sentAutoResponses } from './db/records-schema';
import { DEMO_ACCOUNT, DEMO_BLOCKS, DEMO_CHECKLISTS, DEMO_TEAMS, DEMO_USAGE, DEMO_USERS, DEMO_PASSWORD, DEMO_FIRST_SIGN_IN, DEMO_AUTHENTICATOR, DEMO_LANGUAGES, demoVariantsOf } from './seed/demo-data';
import { DEMO_SYNONYMS } from './seed/synonyms';
import type { UserPool } from './identity';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * When the `index`-th seeded use happened: spread over the 30 days before `now` without
 * randomness, so a given `now` always gives the same history. Stepping 11 days at a time
 * (11 and 30 share no factor) visits every day before repeating; the minutes vary within a
 * working day. The result is always between 30 days ago and `now`.
 */
export function demoUseTime(now: Date, index: number): Date {
  const days = (index * 11) % 30;
  const minutes = 15 + ((index * 37) % 480);
  const ago = days * DAY_MS + minutes * MINUTE_MS;
  return new Date(now.getTime() - Math.min(ago, 30 * DAY_MS - MINUTE_MS));
}

/**
 * Puts the demo account into an empty database. Returns false, changing nothing, when any account
 * exists: demo data never mixes into a database that holds real data. `now` anchors the seeded
 * usage history (the 30 days before it).
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ count: sql<number>`count(*)::int` }).from(accounts);
    if ((existing[0]?.count ?? 0) > 0) return false;

    await tx.insert(accounts).values({ ...DEMO_ACCOUNT, emailClassificationTeams: [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id], synonyms: DEMO_SYNONYMS.map((synonym) => ({ ...synonym })), languages: DEMO_LANGUAGES });
    await tx.insert(teams).values(Object.values(DEMO_TEAMS).map((team) => ({ ...team, accountId: DEMO_ACCOUNT.id })));
    await tx.insert(users).values(
      DEMO_USERS.map((user) => ({
        id: user.id,
        email: user.email,
        accountId: DEMO_ACCOUNT.id,
        teams: user.teams,
        adminTeams: user.adminTeams,
        microsoftSub: user.microsoftSub ?? null,
        accountAdmin: user.accountAdmin ?? false,
        name: user.name,
        signIn: user.microsoftSub ? ('work-account' as const) : ('password' as const),
        // The demo people have used Cannery before: they are active, not invited.
        joinedAt: new Date(),
      })),
    );

    const blockRows = DEMO_BLOCKS.map((block) => ({
      id: newId(),
      accountId: DEMO_ACCOUNT.id,
      teamId: DEMO_TEAMS[block.team].id,
      name: block.name,
      body: block.body,
      categories: block.categories,
      supportedContexts: block.contexts,
      cc: block.cc ?? null,
      subjectLine: block.subjectLine ?? null,
      attachments: block.attachments ?? null,
      examples: [...(block.examples ?? [])],
      shortcut: block.shortcut ?? null,
      variants: demoVariantsOf(block),
    }));
    const blocksByName = new Map(blockRows.map((row) => [row.name, row]));
    if (blocksByName.size !== blockRows.length) throw new Error('Demo block names must be unique');
    const blockNamed = (name: string, usedBy: string) => {
      const row = blocksByName.get(name);
      if (!row) throw new Error(`${usedBy} names an unknown demo block "${name}"`);
      return row;
    };
    await tx.insert(blocks).values(blockRows);
    // Each demo block's history starts with its version 1, made by no admin.
    await tx.insert(blockVersions).values(
      blockRows.map(({ id, ...content }) => ({ blockId: id, version: 1, action: 'created' as const, authorUserId: null, ...content })),
    );

    await tx.insert(checklists).values(
      DEMO_CHECKLISTS.map((checklist) => ({
        id: newId(),
        accountId: DEMO_ACCOUNT.id,
        teamId: DEMO_TEAMS[checklist.team].id,
        name: checklist.name,
        tasks: checklist.tasks,
        categories: checklist.categories,
        blockIds: checklist.blocks.map((name) => blockNamed(name, `Demo checklist "${checklist.name}"`).id),
      })),
    );

    const usageRows = DEMO_USAGE.flatMap((usage) => {
      const block = blockNamed(usage.block, 'Demo usage');
      const user = DEMO_USERS.find((candidate) => candidate.email === usage.user);
      if (!user) throw new Error(`Demo usage names an unknown demo user "${usage.user}"`);
      return Array.from({ length: usage.uses }, () => ({
        accountId: DEMO_ACCOUNT.id,
        teamId: block.teamId,
        userId: user.id,
        userEmail: user.email,
        autoResponseId: block.id,
        autoResponseName: block.name,
        autoResponseContent: block.body,
        supportedContexts: block.supportedContexts,
        contextUsed: 'outlook',
        uiSource: usage.uiSource,
        cognitoSub: null,
        microsoftSub: user.microsoftSub ?? null,
        categories: block.categories,
        cc: block.cc,
        subjectLine: block.subjectLine,
        attachments: block.attachments,
      }));
    }).map((row, index) => {
      const timeSent = demoUseTime(now, index);
      return { ...row, id: newId(timeSent), timeSent };
    });
    if (usageRows.length > 0) await tx.insert(sentAutoResponses).values(usageRows);
    return true;
  });
}

/**
 * Gives the demo users their user-pool sign-ins: a password for those who sign in with one (the
 * SSO user has none), an authenticator app for the user who signs in with a code, and a temporary
 * password for the user who has never signed in.
 */
export async function seedDemoIdentities(pool: Pick<UserPool, 'createUser' | 'enableAuthenticator'>): Promise<void> {
  for (const user of DEMO_USERS) {
    if (user.microsoftSub) continue;
    await pool.createUser({ email: user.email, password: DEMO_PASSWORD });
  }
  await pool.enableAuthenticator({ email: DEMO_AUTHENTICATOR.email, secret: DEMO_AUTHENTICATOR.secret, name: 'Demo authenticator' });
  await pool.createUser({
    email: DEMO_FIRST_SIGN_IN.email,
    temporaryPassword: DEMO_FIRST_SIGN_IN.temporaryPassword,
    accountId: DEMO_ACCOUNT.id,
    teams: DEMO_FIRST_SIGN_IN.teams,
  });
}

/**
 * The demo seeding step of a server start and `npm run cannery -- seed`: under the database's setup lock (the
 * one migrations take), puts the demo account and its sign-ins into an empty database. Servers
 * started together on one database seed one after another, so the first seeds and the others find
 * an account and change nothing: running it twice, or at once, gives the same data. Returns
 * whether this call seeded.
 */
export async function seedDemoStep(database: Database, pool: Pick<UserPool, 'createUser' | 'enableAuthenticator'>, now?: Date): Promise<boolean> {
  return database.withSetupLock(async () => {
    if (!(await seedDemo(database.db, now))) return false;
    await seedDemoIdentities(pool);
    return true;
  });
}
