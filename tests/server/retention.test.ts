import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, auditEvents, users } from '../../server/db/schema';
import { accountRetention, classificationOutcomes, sentAutoResponses, sessions } from '../../server/db/records-schema';
import { learnedAssociations, teamLearning } from '../../server/learning/schema';
import { mailQueue } from '../../server/mail/schema';
import { openDatabase, type Database, type Db } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import { applyRetention } from '../../server/jobs/retention';
import { RETENTION_DEFAULTS, type RetentionKind, type RetentionPolicy, type RetentionSettings } from '../../src/api/contract/retention';
import { json } from './support/bodies';
import { workerDatabaseUrl } from './support/database';
import { givenAccount, givenTeam, givenUser } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * Each account's retention: the policy an account admin reads and saves (validated, audited), and
 * the hourly pass that deletes, per account, exactly the rows older than that account's days,
 * once across instances sharing the database (two pools on PostgreSQL; one PGlite shared by two
 * passes otherwise).
 */
let world: World;
let database: Database;
const second: Database[] = [];

beforeEach(async () => {
  ({ world, database } = await freshWorld());
  // Ada administers account A, Bob account B.
  await database.db.update(users).set({ accountAdmin: true }).where(sql`${users.id} in (${world.ada.id}, ${world.bob.id})`);
});

afterAll(async () => {
  await Promise.all(second.map((opened) => opened.close()));
});

const DAY = 86_400_000;
const NOW = new Date('2027-03-10T12:20:00.000Z');
const ago = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);

const path = (accountId: string) => `/admin/accounts/${accountId}/retention`;
const POLICY_A: RetentionPolicy = { usageRecords: 30, sessions: 10, classificationOutcomes: 5, learnedEvidence: 20, mail: 7 };

/** One row of `kind` for `user` of its account, dated `at`; returns its key. */
async function row(db: Db, kind: RetentionKind, user: { id: string; accountId: string; email: string }, teamId: string, at: Date, status: 'sent' | 'pending' = 'sent'): Promise<string> {
  const id = newId();
  switch (kind) {
    case 'usageRecords':
      await db.insert(sentAutoResponses).values({ id, accountId: user.accountId, teamId, userId: user.id, userEmail: user.email, autoResponseId: newId(), autoResponseName: 'Fees', autoResponseContent: '<p>Fees</p>', timeSent: at, contextUsed: 'outlook', uiSource: 'search' });
      break;
    case 'sessions':
      await db.insert(sessions).values({ id, accountId: user.accountId, userId: user.id, userSub: 'sub', startTime: ago(1, at), endTime: at, context: 'outlook', userEmail: user.email, updateInterval: 60 });
      break;
    case 'classificationOutcomes':
      await db.insert(classificationOutcomes).values({ id, accountId: user.accountId, userId: user.id, emailBody: 'Where is my ballot?', userEmail: user.email, classificationFromModel: 'Election', createdAt: at });
      break;
    case 'learnedEvidence':
      await db.insert(learnedAssociations).values({ teamId, accountId: user.accountId, term: id.slice(-8), blockId: newId(), weight: 1, updatedAt: at });
      return `${teamId}:${id.slice(-8)}`;
    case 'mail':
      await db.insert(mailQueue).values({ id, kind: 'invitation', toAddress: user.email.toUpperCase(), subject: 'Invited', body: 'Hello', status, nextAttemptAt: at, createdAt: at });
      break;
  }
  return id;
}

/** The keys of every row of `kind` still in the database. */
async function keysOf(db: Db, kind: RetentionKind): Promise<string[]> {
  const ids = (rows: Array<{ id: string }>) => rows.map((one) => one.id).sort();
  switch (kind) {
    case 'usageRecords':
      return ids(await db.select({ id: sentAutoResponses.id }).from(sentAutoResponses));
    case 'sessions':
      return ids(await db.select({ id: sessions.id }).from(sessions));
    case 'classificationOutcomes':
      return ids(await db.select({ id: classificationOutcomes.id }).from(classificationOutcomes));
    case 'learnedEvidence':
      return (await db.select({ teamId: learnedAssociations.teamId, term: learnedAssociations.term }).from(learnedAssociations)).map((one) => `${one.teamId}:${one.term}`).sort();
    case 'mail':
      return ids(await db.select({ id: mailQueue.id }).from(mailQueue));
  }
}

const KINDS: RetentionKind[] = ['usageRecords', 'sessions', 'classificationOutcomes', 'learnedEvidence', 'mail'];

describe('the retention policy', () => {
  it('is the defaults for an account that never chose, and is saved whole, audited with what changed', async () => {
    const read = await world.call(world.ada, path(world.accountA.id));
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ policy: RETENTION_DEFAULTS, defaults: RETENTION_DEFAULTS, updatedAt: null });

    const saved = await world.call(world.ada, path(world.accountA.id), json('PUT', { ...RETENTION_DEFAULTS, usageRecords: null, sessions: 30 }));
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as RetentionSettings;
    expect(body.policy).toEqual({ ...RETENTION_DEFAULTS, usageRecords: null, sessions: 30 });
    expect(body.updatedAt).not.toBeNull();
    expect((await (await world.call(world.ada, path(world.accountA.id))).json()) as RetentionSettings).toEqual(body);
    // Account B still has the defaults.
    expect(((await (await world.call(world.bob, path(world.accountB.id))).json()) as RetentionSettings).policy).toEqual(RETENTION_DEFAULTS);

    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.retention_changed'));
    expect(events).toEqual([
      expect.objectContaining({
        accountId: world.accountA.id,
        actorUserId: world.ada.id,
        entityKind: 'account',
        changes: { fields: ['usageRecords', 'sessions'], before: { usageRecords: 730, sessions: 365 }, after: { usageRecords: null, sessions: 30 } },
      }),
    ]);
    // Saving the same policy again changes nothing and audits nothing.
    await world.call(world.ada, path(world.accountA.id), json('PUT', body.policy));
    expect(await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.retention_changed'))).toHaveLength(1);
  });

  it.each([
    ['0 days', { usageRecords: 0 }, 'usageRecords: must be at least 1 day'],
    ['more than ten years', { sessions: 3651 }, 'sessions: must be at most 3650 days (10 years)'],
    ['a fraction', { mail: 1.5 }, 'mail: must be a whole number of days'],
    ['text', { learnedEvidence: '30' }, 'learnedEvidence: must be a number of days, or null to keep forever'],
    ['a missing kind', { classificationOutcomes: undefined }, 'classificationOutcomes: must be a number of days, or null to keep forever'],
    ['an unknown kind', { auditLog: 30 }, 'auditLog'],
  ])('refuses %s with a 400 naming the field', async (_label, change, message) => {
    const response = await world.call(world.ada, path(world.accountA.id), json('PUT', { ...RETENTION_DEFAULTS, ...change }));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain(message);
    expect(await database.db.select().from(accountRetention)).toEqual([]);
  });

  it('is the account admins’: team admins and members 403, another account 404', async () => {
    const team = await world.call(world.ada, path(world.accountA.id));
    expect(team.status).toBe(200);
    await database.db.update(users).set({ accountAdmin: false }).where(eq(users.id, world.ada.id));
    expect((await world.call(world.ada, path(world.accountA.id))).status).toBe(403);
    expect((await world.call(world.ada, path(world.accountA.id), json('PUT', RETENTION_DEFAULTS))).status).toBe(403);
    expect((await world.call(world.alice, path(world.accountA.id))).status).toBe(403);
    const outsider = await world.call(world.bob, path(world.accountA.id), json('PUT', { ...RETENTION_DEFAULTS, usageRecords: 1 }));
    expect(outsider.status).toBe(404);
    expect(await database.db.select().from(accountRetention)).toEqual([]);
  });
});

describe('the retention pass', () => {
  it('deletes exactly the rows older than each account’s own days, and nothing it keeps forever', async () => {
    const { db } = database;
    await world.call(world.ada, path(world.accountA.id), json('PUT', POLICY_A));
    // Account B keeps usage records forever and has the defaults for the rest.
    await world.call(world.bob, path(world.accountB.id), json('PUT', { ...RETENTION_DEFAULTS, usageRecords: null }));
    const alice = { ...world.alice, accountId: world.accountA.id };
    const bob = { ...world.bob, accountId: world.accountB.id };
    const expired: Record<RetentionKind, string[]> = { usageRecords: [], sessions: [], classificationOutcomes: [], learnedEvidence: [], mail: [] };
    for (const kind of KINDS) {
      const days = POLICY_A[kind]!;
      expired[kind].push(await row(db, kind, alice, world.elections.id, ago(days + 0.01)));
      await row(db, kind, alice, world.elections.id, ago(days - 0.01));
      // B's rows of A's ages are kept; older than B's own days, they go (usage records never do).
      await row(db, kind, bob, world.birchTeam.id, ago(days + 1));
      const bobDays = kind === 'usageRecords' ? 3000 : RETENTION_DEFAULTS[kind]! + 1;
      const old = await row(db, kind, bob, world.birchTeam.id, ago(bobDays));
      if (kind !== 'usageRecords') expired[kind].push(old);
    }
    // Mail still waiting is the worker's, and mail to no one of an account is the deployment's.
    await row(db, 'mail', alice, world.elections.id, ago(400), 'pending');
    await row(db, 'mail', { id: newId(), accountId: world.accountA.id, email: 'stranger@elsewhere.test' }, world.elections.id, ago(400));
    await db.insert(teamLearning).values([
      { teamId: world.elections.id, accountId: world.accountA.id, uses: 3, since: ago(100), lastUseAt: ago(21) },
      { teamId: world.recorder.id, accountId: world.accountA.id, uses: 3, since: ago(100), lastUseAt: ago(2) },
    ]);
    const before = Object.fromEntries(await Promise.all(KINDS.map(async (kind) => [kind, await keysOf(db, kind)] as const))) as Record<RetentionKind, string[]>;

    const pass = await applyRetention(db, NOW);
    expect(pass.accounts).toBe(2);
    expect(pass.deleted).toEqual({ usageRecords: 1, sessions: 2, classificationOutcomes: 2, learnedEvidence: 2, mail: 2 });
    for (const kind of KINDS) expect(await keysOf(db, kind), kind).toEqual(before[kind].filter((key) => !expired[kind].includes(key)).sort());
    expect((await db.select({ teamId: teamLearning.teamId }).from(teamLearning)).map((one) => one.teamId)).toEqual([world.recorder.id]);

    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'account.retention_applied'));
    expect(events.map((event) => [event.accountId, event.via, event.actorUserId, event.changes]).sort()).toEqual(
      [
        [world.accountA.id, 'schedule', null, { deleted: { usageRecords: 1, sessions: 1, classificationOutcomes: 1, learnedEvidence: 1, mail: 1 } }],
        [world.accountB.id, 'schedule', null, { deleted: { sessions: 1, classificationOutcomes: 1, learnedEvidence: 1, mail: 1 } }],
      ].sort(),
    );
  });

  it('sweeps an account once an hour, and a saved policy at the next pass', async () => {
    const { db } = database;
    const alice = { ...world.alice, accountId: world.accountA.id };
    await row(db, 'usageRecords', alice, world.elections.id, ago(100));
    expect((await applyRetention(db, NOW)).accounts).toBe(2);
    // Later in the same hour nothing is swept, even with rows past the days (written here behind the API's back).
    await db.update(accountRetention).set({ usageDays: 30 }).where(eq(accountRetention.accountId, world.accountA.id));
    expect(await applyRetention(db, new Date(NOW.getTime() + 20 * 60_000))).toEqual({ accounts: 0, deleted: { usageRecords: 0, sessions: 0, classificationOutcomes: 0, learnedEvidence: 0, mail: 0 } });
    expect(await keysOf(db, 'usageRecords')).toHaveLength(1);
    // A saved policy clears the hour's claim: the next pass applies it.
    await world.call(world.ada, path(world.accountA.id), json('PUT', { ...RETENTION_DEFAULTS, usageRecords: 60 }));
    const pass = await applyRetention(db, new Date(NOW.getTime() + 30 * 60_000));
    expect(pass).toMatchObject({ accounts: 1, deleted: { usageRecords: 1 } });
    expect(await keysOf(db, 'usageRecords')).toEqual([]);
    // The next hour sweeps every account again.
    expect((await applyRetention(db, new Date(NOW.getTime() + 60 * 60_000))).accounts).toBe(2);
  });

  it('deletes once when two instances on one database run their pass at the same moment', async () => {
    const url = workerDatabaseUrl();
    const other = url ? await openDatabase({ url, poolSize: 4 }) : database;
    if (other !== database) second.push(other);
    const { db } = database;
    const many = [];
    for (let index = 0; index < 6; index += 1) {
      const account = await givenAccount(db, { name: `County ${index}` });
      const team = await givenTeam(db, account.id);
      const user = await givenUser(db, account.id);
      for (const kind of KINDS) {
        await row(db, kind, user, team.id, ago(RETENTION_DEFAULTS[kind]! + 1));
        await row(db, kind, user, team.id, ago(1));
      }
      many.push(account);
    }
    const accountCount = (await db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]!.n;

    const passes = await Promise.all([applyRetention(db, NOW), applyRetention(other.db, NOW)]);
    expect(passes[0].accounts + passes[1].accounts).toBe(accountCount);
    for (const kind of KINDS) expect(passes[0].deleted[kind] + passes[1].deleted[kind], kind).toBe(many.length);
    const events = await db.select({ accountId: auditEvents.accountId }).from(auditEvents).where(eq(auditEvents.action, 'account.retention_applied'));
    expect(events.map((event) => event.accountId).sort()).toEqual(many.map((account) => account.id).sort());
    for (const kind of KINDS) expect(await keysOf(db, kind), kind).toHaveLength(many.length);
    // Run again in the hour, on both: nothing is swept twice.
    const again = await Promise.all([applyRetention(db, NOW), applyRetention(other.db, NOW)]);
    expect(again.map((pass) => pass.accounts)).toEqual([0, 0]);
  });
});
