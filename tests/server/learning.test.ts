import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LearnedModelResponse } from '../../src/api/contract/learning';
import type { LearningSummary } from '../../src/api/contract/learning-summary';
import { hashTerm, hashedEmailTerms } from '../../src/domain/email-terms';
import { DAY_MS, LEARNING_HALF_LIFE_DAYS, addUse } from '../../src/domain/learned-evidence';
import { learnedBoosts } from '../../src/domain/learned-ranking';
import { buildRecommendationIndex, recommendBlocks } from '../../src/domain/recommend-blocks';
import type { Database } from '../../server/db/database';
import { auditEvents } from '../../server/db/schema';
import { learnFromUse } from '../../server/learning/learning';
import { learnedAssociations, teamLearning } from '../../server/learning/schema';
import { sentRecordBody, json } from './support/bodies';
import { givenBlock, givenUser } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * Learning from the team's choices on the server: a use with an email signature teaches the
 * team in the usage record's transaction; evidence decays and expires; what is served is the
 * caller's teams' only; an admin can reset it.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const SIGNATURE = ['0badc0de', '8c1f03aa', '1234abcd'];
const usePath = (w: World, teamId = w.elections.id) => `/accounts/${w.accountA.id}/teams/${teamId}/sentautoresponses`;
const learningOf = async (user: World['alice'], w: World = world) => {
  const response = await w.call(user, `/accounts/${w.accountA.id}/learning`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as LearnedModelResponse;
};
const use = (user: World['alice'], overrides: Record<string, unknown> = {}, key = `use-${Math.random().toString(36).slice(2)}`, w: World = world) =>
  w.call(user, usePath(w), { ...json('POST', sentRecordBody(w, { emailSignature: SIGNATURE, ...overrides })), headers: { 'Idempotency-Key': key } });

describe('a use with an email signature', () => {
  it('teaches the team: each hashed term is associated with the block, and served to its members', async () => {
    expect((await use(world.alice)).status).toBe(201);
    const model = await learningOf(world.alice);
    expect(model.enabled).toBe(true);
    expect(model.teams).toEqual([
      { team: world.elections.id, blocks: [world.electionBlock.id], terms: Object.fromEntries([...SIGNATURE].sort().map((term) => [term, [[0, 1]]])) },
    ]);
  });

  it('teaches once per record: a retry with the same Idempotency-Key adds nothing', async () => {
    expect((await use(world.alice, {}, 'retry-key-1')).status).toBe(201);
    expect((await use(world.alice, {}, 'retry-key-1')).status).toBe(200);
    const rows = await database.db.select().from(learnedAssociations);
    expect(rows.map((row) => row.weight)).toEqual([1, 1, 1]);
    const [summary] = await database.db.select().from(teamLearning);
    expect(summary?.uses).toBe(1);
  });

  it('adds each further use to the decayed weight, in SQL exactly as addUse does', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const later = new Date(at.getTime() + 45 * DAY_MS);
    const input = { accountId: world.accountA.id, teamId: world.elections.id, blockId: world.electionBlock.id, signature: ['0badc0de'], retentionDays: 365 };
    await learnFromUse(database.db, { ...input, at });
    await learnFromUse(database.db, { ...input, at: later });
    const [row] = await database.db.select().from(learnedAssociations);
    const expected = addUse(addUse(undefined, at), later);
    expect(row?.weight).toBeCloseTo(expected.weight, 9);
    expect(row?.weight).toBeCloseTo(1 + 0.5 ** (45 / LEARNING_HALF_LIFE_DAYS), 9);
    expect(row?.updatedAt.toISOString()).toBe(later.toISOString());
  });

  it('serves weights decayed to the time of reading', async () => {
    const old = new Date(Date.now() - LEARNING_HALF_LIFE_DAYS * DAY_MS);
    await learnFromUse(database.db, { accountId: world.accountA.id, teamId: world.elections.id, blockId: world.electionBlock.id, signature: ['0badc0de'], retentionDays: 365, at: old });
    const [team] = (await learningOf(world.alice)).teams;
    const [[, weight]] = team?.terms['0badc0de'] as Array<[number, number]> as [[number, number]];
    expect(weight).toBeGreaterThan(0.49);
    expect(weight).toBeLessThan(0.51);
  });

  it('refuses a signature that is not hashed terms, naming the field, and stores nothing', async () => {
    for (const [signature, words] of [
      [Array.from({ length: 49 }, (_, i) => i.toString(16).padStart(8, '0')), 'at most 48'],
      [['ballot12'], '8 lowercase hex'],
      [['0BADC0DE'], '8 lowercase hex'],
      [['0badc0d'], '8 lowercase hex'],
      [['absentee ballot never came'], '8 lowercase hex'],
      ['0badc0de', 'emailSignature'],
      [[12345678], 'emailSignature'],
    ] as const) {
      const response = await use(world.alice, { emailSignature: signature });
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(text).toContain('emailSignature');
      expect(text).toContain(words);
    }
    expect(await database.db.select().from(learnedAssociations)).toEqual([]);
  });

  it('learns nothing for a block of another team (404) or one deleted since', async () => {
    const response = await use(world.alice, { autoResponseId: world.recorderBlock.id });
    expect(response.status).toBe(404);
    const gone = '0123456789abcdef01234567';
    expect((await use(world.alice, { autoResponseId: gone })).status).toBe(201);
    expect(await database.db.select().from(learnedAssociations)).toEqual([]);
  });

  it('with retention 0 (learning off), stores no signature and serves nothing', async () => {
    const off = await freshWorld({ learningRetentionDays: 0 });
    expect((await use(off.world.alice, {}, 'learning-off-1', off.world)).status).toBe(201);
    expect(await off.database.db.select().from(learnedAssociations)).toEqual([]);
    expect(await off.database.db.select().from(teamLearning)).toEqual([]);
    expect(await learningOf(off.world.alice, off.world)).toMatchObject({ enabled: false, teams: [] });
  });
});

describe('retention', () => {
  it('drops associations not raised within the retention period, and never serves them', async () => {
    const base = { accountId: world.accountA.id, teamId: world.elections.id, blockId: world.electionBlock.id, retentionDays: 365 };
    await learnFromUse(database.db, { ...base, signature: ['aaaaaaaa'], at: new Date(Date.now() - 400 * DAY_MS) });
    // Stored directly as if written before the period ended: the next read drops it, serving nothing of it.
    expect(await database.db.select().from(learnedAssociations)).toHaveLength(1);
    expect((await learningOf(world.alice)).teams).toEqual([]);
    expect(await database.db.select().from(learnedAssociations)).toEqual([]);
    expect(await database.db.select().from(teamLearning)).toEqual([]);

    await learnFromUse(database.db, { ...base, signature: ['bbbbbbbb'], at: new Date(Date.now() - 400 * DAY_MS) });
    // A new use of the team deletes its expired rows at write time too.
    expect((await use(world.alice)).status).toBe(201);
    const terms = (await database.db.select().from(learnedAssociations)).map((row) => row.term).sort();
    expect(terms).toEqual([...SIGNATURE].sort());
  });
});

describe('tenant isolation', () => {
  it("serves only the caller's teams: another team's or account's choices never change a team's recommendations", async () => {
    const email = 'my absentee thing never showed up';
    const signature = hashedEmailTerms(email);
    // Recorder (Ada's team, not Alice's) and Birch County learn that these terms mean their blocks.
    const ada = world.ada;
    expect((await world.call(ada, usePath(world, world.recorder.id), {
      ...json('POST', sentRecordBody(world, { team: world.recorder.id, autoResponseId: world.recorderBlock.id, userEmail: ada.email, cognitoSub: null, microsoftSub: ada.microsoftSub, emailSignature: signature })),
      headers: { 'Idempotency-Key': 'recorder-use-1' },
    })).status).toBe(201);
    const bob = world.bob;
    expect((await world.call(bob, `/accounts/${world.accountB.id}/teams/${world.birchTeam.id}/sentautoresponses`, {
      ...json('POST', sentRecordBody(world, { account: world.accountB.id, team: world.birchTeam.id, autoResponseId: world.birchBlock.id, userEmail: bob.email, cognitoSub: bob.cognitoSub, emailSignature: signature })),
      headers: { 'Idempotency-Key': 'birch-use-1' },
    })).status).toBe(201);

    // Alice (Elections only) is served nothing of theirs, so her recommendations stay as they were.
    const model = await learningOf(world.alice);
    expect(model.teams).toEqual([]);
    const body = JSON.stringify(model);
    for (const id of [world.recorderBlock.id, world.birchBlock.id, world.recorder.id, world.birchTeam.id]) expect(body).not.toContain(id);
    const blocks = [
      { _id: world.electionBlock.id, name: 'Ballot tracking', body: 'Track your ballot online.', account: world.accountA.id, team: world.elections.id, supportedContexts: ['outlook' as const] },
    ];
    const index = buildRecommendationIndex(blocks);
    expect(recommendBlocks(index, email, undefined, learnedBoosts(model, email))).toEqual(recommendBlocks(index, email));

    // Ada is a member of Elections and admin of Recorder: she is served Recorder's, never Birch's.
    const adas = await learningOf(ada);
    expect(adas.teams.map((team) => team.team)).toEqual([world.recorder.id]);
    expect(JSON.stringify(adas)).not.toContain(world.birchBlock.id);
    // Another account's path is 404.
    expect((await world.call(world.alice, `/accounts/${world.accountB.id}/learning`)).status).toBe(404);
  });
});

describe('the served learning', () => {
  it('carries an ETag: 304 while nothing changed, 200 after a use', async () => {
    await use(world.alice);
    const first = await world.call(world.alice, `/accounts/${world.accountA.id}/learning`);
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).not.toBe('');
    expect((await world.call(world.alice, `/accounts/${world.accountA.id}/learning`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await use(world.alice, { emailSignature: ['feedface'] });
    const changed = await world.call(world.alice, `/accounts/${world.accountA.id}/learning`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as LearnedModelResponse).teams[0]?.terms).toHaveProperty('feedface');
  });

  it('caps what one team serves, keeping the strongest', async () => {
    const { learnedTeamOf } = await import('../../src/domain/learned-evidence');
    const now = new Date();
    const rows = Array.from({ length: 30 }, (_, i) => ({ term: i.toString(16).padStart(8, '0'), block: world.electionBlock.id, weight: i + 1, at: now }));
    const team = learnedTeamOf(world.elections.id, rows, now, { cap: 10 });
    expect(Object.keys(team.terms)).toHaveLength(10);
    expect(Math.min(...Object.values(team.terms).map((list) => list[0]?.[1] ?? 0))).toBe(21);
  });
});

describe('resetting what a team learned', () => {
  const learningPath = (w: World) => `/admin/accounts/${w.accountA.id}/teams/${w.elections.id}/learning`;

  it('shows the team admin how much was learned, and forgets it all on reset, with an audit event', async () => {
    await use(world.alice);
    await use(world.alice, { emailSignature: ['feedface'] });
    const summary = (await (await world.call(world.ada, learningPath(world))).json()) as LearningSummary;
    expect(summary).toMatchObject({ enabled: true, uses: 2, retentionDays: 365 });
    expect(Date.parse(summary.since ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect((await world.call(world.ada, learningPath(world), { method: 'DELETE' })).status).toBe(204);
    expect(await (await world.call(world.ada, learningPath(world))).json()).toMatchObject({ uses: 0, since: null });
    expect((await learningOf(world.alice)).teams).toEqual([]);
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'team.learning_reset'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ teamId: world.elections.id, actorUserId: world.ada.id, entityKind: 'team', entityId: world.elections.id });
  });

  it("is the account admin's and the team admins' only; other teams keep what they learned", async () => {
    const olive = await givenUser(database.db, world.accountA.id, { email: 'olive@alder.test', accountAdmin: true });
    const carol = await givenUser(database.db, world.accountA.id, { email: 'carol@alder.test', teams: [world.elections.id] });
    const eve = await givenUser(database.db, world.accountA.id, { email: 'eve@alder.test', adminTeams: [world.recorder.id] });
    await learnFromUse(database.db, { accountId: world.accountA.id, teamId: world.recorder.id, blockId: world.recorderBlock.id, signature: ['aaaaaaaa'], retentionDays: 365, at: new Date() });
    await use(world.alice);
    for (const [user, status] of [[carol, 403], [eve, 403], [world.bob, 404]] as const) {
      expect((await world.call(user, learningPath(world), { method: 'DELETE' })).status).toBe(status);
      expect((await world.call(user, learningPath(world))).status).toBe(status);
    }
    expect(await database.db.select().from(learnedAssociations).where(eq(learnedAssociations.teamId, world.elections.id))).toHaveLength(3);
    expect((await world.call(olive, learningPath(world), { method: 'DELETE' })).status).toBe(204);
    expect(await database.db.select().from(learnedAssociations).where(eq(learnedAssociations.teamId, world.elections.id))).toEqual([]);
    expect(await database.db.select().from(learnedAssociations).where(eq(learnedAssociations.teamId, world.recorder.id))).toHaveLength(1);
    const other = await givenBlock(database.db, world.birchTeam, { name: 'Birch other' });
    expect(other.id).toMatch(/^[0-9a-f]{24}$/);
    expect((await world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.birchTeam.id}/learning`, { method: 'DELETE' })).status).toBe(404);
  });
});

it('keeps nothing but hashed terms: no word of the email reaches the database', async () => {
  const email = 'Hi, this is Donna Whitfield. My absentee ballot never showed up at 1600 Main St.';
  const { emailSignature } = await import('../../src/domain/email-signature');
  const { prepareClassificationText } = await import('../../src/domain/classification-text');
  const signature = emailSignature(email, (text) => prepareClassificationText(text));
  expect((await use(world.alice, { emailSignature: signature })).status).toBe(201);
  const dump = JSON.stringify(await database.db.execute(sql`select * from learned_associations`));
  for (const word of ['donna', 'whitfield', 'absentee', 'ballot', 'main', '1600']) expect(dump.toLowerCase()).not.toContain(word);
  expect(signature).toContain(hashTerm('absente'));
});

describe('the setting', () => {
  it('reads CANNERY_LEARNING_RETENTION_DAYS as whole days, 365 when unset, 0 turning learning off, and refuses anything else', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({}).learningRetentionDays).toBe(365);
    expect(loadConfig({ CANNERY_LEARNING_RETENTION_DAYS: '30' }).learningRetentionDays).toBe(30);
    expect(loadConfig({ CANNERY_LEARNING_RETENTION_DAYS: '0' }).learningRetentionDays).toBe(0);
    for (const value of ['-1', '1.5', '1e3', 'a year', '3651', '0x10', '9'.repeat(400), '30\u0000']) {
      expect(() => loadConfig({ CANNERY_LEARNING_RETENTION_DAYS: value })).toThrow(
        /^CANNERY_LEARNING_RETENTION_DAYS must be a whole number of days from 0 \(learning off\) to 3650, got "/,
      );
    }
  });
});
