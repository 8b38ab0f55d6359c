import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminBlock } from '../../src/api/contract/admin';
import type { AdminDraft } from '../../src/api/contract/drafts';
import { accounts, auditEvents, blocks, blockVersions, teams, users } from '../../server/db/schema';
import { blockDrafts } from '../../server/db/drafts-schema';
import { openDatabase, type Database } from '../../server/db/database';
import { publishDueChanges } from '../../server/library/drafts';
import { dayIn } from '../../server/library/wording';
import { adminBlockBody, json } from './support/bodies';
import { resetDatabase, testDatabase, workerDatabaseUrl } from './support/database';
import { givenUser } from './support/given';
import { makeWorld, type World } from './support/world';

/**
 * Wording that stays right: a block or checklist is shown to staff only between its dates (days of
 * the account's time zone), admins see it marked; a team admin's change can wait for its time and
 * is published once, whichever instance finds it; an editor's change, when the team requires
 * review, stays out of staff's sight until a team admin approves it.
 */
let world: World;
let database: Database;
let clock = new Date('2026-12-02T18:00:00Z');

const team = (w: World) => `/admin/accounts/${w.accountA.id}/teams/${w.elections.id}`;
const staffBlocks = async (w: World) => {
  const response = await w.call(w.alice, `/accounts/${w.accountA.id}/autoresponses?teams=${w.elections.id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Array<{ _id: string; name: string; body: string }>);
};
const namesOf = (list: Array<{ name: string }>) => list.map((block) => block.name);

async function createBlock(w: World, body: Record<string, unknown>): Promise<AdminBlock> {
  const response = await w.call(w.ada, `${team(w)}/blocks`, json('POST', adminBlockBody(body)));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AdminBlock;
}

beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  clock = new Date('2026-12-02T18:00:00Z');
  world = await makeWorld(database, { now: () => clock });
});

describe('show from and show until', () => {
  it('hides a block from staff outside its days, in the account’s time zone, and marks it for admins', async () => {
    const ended = await createBlock(world, { name: 'Registration deadline', showUntil: '2026-12-01' });
    const later = await createBlock(world, { name: 'Holiday closure', showFrom: '2026-12-24', showUntil: '2026-12-26' });
    const today = await createBlock(world, { name: 'Open today', showFrom: '2026-12-02', showUntil: '2026-12-02' });
    expect(namesOf(await staffBlocks(world))).toEqual(expect.arrayContaining(['Open today', 'Ballot tracking']));
    expect(namesOf(await staffBlocks(world))).not.toContain('Registration deadline');
    expect(namesOf(await staffBlocks(world))).not.toContain('Holiday closure');

    const admin = (await (await world.call(world.ada, `${team(world)}/blocks`)).json()) as AdminBlock[];
    const windowOf = (id: string) => admin.find((block) => block._id === id)?.window;
    expect([windowOf(ended._id), windowOf(later._id), windowOf(today._id)]).toEqual(['ended', 'upcoming', 'shown']);

    // 18:00 UTC on December 2 is still the morning of the 2nd in Los Angeles, already the 3rd in Auckland.
    await database.db.update(accounts).set({ timeZone: 'Pacific/Auckland' }).where(eq(accounts.id, world.accountA.id));
    expect(namesOf(await staffBlocks(world))).not.toContain('Open today');
    await database.db.update(accounts).set({ timeZone: 'America/Los_Angeles' }).where(eq(accounts.id, world.accountA.id));
    expect(namesOf(await staffBlocks(world))).toContain('Open today');

    clock = new Date('2026-12-24T12:00:00Z');
    expect(namesOf(await staffBlocks(world))).toContain('Holiday closure');
  });

  it('answers a new ETag when the day changes, so a cached list is not kept past a block’s last day', async () => {
    await createBlock(world, { name: 'Registration deadline', showUntil: '2026-12-02' });
    const path = `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`;
    const first = await world.call(world.alice, path);
    const etag = first.headers.get('ETag')!;
    expect((await world.call(world.alice, path, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    clock = new Date('2026-12-03T12:00:00Z');
    const next = await world.call(world.alice, path, { headers: { 'If-None-Match': etag } });
    expect(next.status).toBe(200);
    expect(namesOf((await next.json()) as Array<{ name: string }>)).not.toContain('Registration deadline');
  });

  it('keeps checklists and most used blocks to their days, and refuses dates the wrong way round', async () => {
    const checklists = `${team(world)}/checklists/${world.electionChecklist.id}`;
    const current = await world.call(world.ada, checklists);
    const checklist = (await current.json()) as Record<string, unknown>;
    const saved = await world.call(world.ada, checklists, {
      ...json('PUT', { name: checklist.name, tasks: checklist.tasks, blocks: checklist.blocks, categories: checklist.categories, showUntil: '2026-11-30' }),
      headers: { 'Content-Type': 'application/json', 'If-Match': current.headers.get('ETag')! },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { window: string }).window).toBe('ended');
    const list = await world.call(world.alice, `/accounts/${world.accountA.id}/phoneflows?teams=${world.elections.id}`);
    expect(((await list.json()) as Array<{ _id: string }>).map((c) => c._id)).not.toContain(world.electionChecklist.id);

    const wrong = await world.call(world.ada, `${team(world)}/blocks`, json('POST', adminBlockBody({ showFrom: '2026-12-10', showUntil: '2026-12-01' })));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain('"Show until" must be on or after "Show from".');
    const impossible = await world.call(world.ada, `${team(world)}/blocks`, json('POST', adminBlockBody({ showFrom: '2026-02-30' })));
    expect(impossible.status).toBe(400);
  });

  it('computes the day of a time zone', () => {
    expect(dayIn('America/Los_Angeles', new Date('2026-12-03T07:59:00Z'))).toBe('2026-12-02');
    expect(dayIn('America/Los_Angeles', new Date('2026-12-03T08:00:00Z'))).toBe('2026-12-03');
  });
});

describe('scheduled changes', () => {
  async function schedule(w: World, block: { _id: string }, version: number, body: Record<string, unknown>, publishAt: string) {
    return w.call(w.ada, `${team(w)}/blocks/${block._id}`, {
      ...json('PUT', { ...adminBlockBody(body), publishAt }),
      headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
    });
  }

  it('keeps an admin’s change from staff until its time, then publishes it as the next version', async () => {
    const block = await createBlock(world, { name: 'Polling hours', body: '<p>Polls open at 7.</p>' });
    const scheduled = await schedule(world, block, 1, { name: 'Polling hours', body: '<p>Polls open at 6.</p>' }, '2026-12-05T08:00:00-08:00');
    expect(scheduled.status, await scheduled.clone().text()).toBe(202);
    const draft = (await scheduled.json()) as AdminDraft;
    expect(draft.state).toBe('scheduled');
    expect(draft.current?.body).toBe('<p>Polls open at 7.</p>');

    const read = (await (await world.call(world.ada, `${team(world)}/blocks/${block._id}`)).json()) as AdminBlock;
    expect(read.pending).toMatchObject({ _id: draft._id, state: 'scheduled', publishAt: '2026-12-05T16:00:00.000Z' });
    expect((await staffBlocks(world)).find((b) => b._id === block._id)?.body).toBe('<p>Polls open at 7.</p>');

    expect(await publishDueChanges(database.db, new Date('2026-12-05T15:59:59Z'))).toBe(0);
    expect(await publishDueChanges(database.db, new Date('2026-12-05T16:00:00Z'))).toBe(1);
    expect((await staffBlocks(world)).find((b) => b._id === block._id)?.body).toBe('<p>Polls open at 6.</p>');
    const versions = await database.db.select().from(blockVersions).where(eq(blockVersions.blockId, block._id));
    expect(versions.map((v) => [v.version, v.action])).toEqual(expect.arrayContaining([[2, 'published']]));
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.entityId, block._id));
    expect(events.map((e) => [e.action, e.via])).toEqual(expect.arrayContaining([['block.change_scheduled', 'app'], ['block.change_published', 'schedule']]));
  });

  it('refuses a time in the past, a second waiting change, and a schedule from another account', async () => {
    const block = await createBlock(world, { name: 'Polling hours' });
    expect((await schedule(world, block, 1, { name: 'Polling hours' }, '2026-12-01T08:00:00Z')).status).toBe(400);
    expect((await schedule(world, block, 1, { name: 'Polling hours, new' }, '2026-12-09T08:00:00Z')).status).toBe(202);
    const again = await schedule(world, block, 1, { name: 'Polling hours, newer' }, '2026-12-10T08:00:00Z');
    expect(again.status).toBe(409);
    const bobs = await world.call(world.bob, `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/drafts`);
    expect(bobs.status).toBe(404);
  });

  it('publishes each due change once when two instances look at the same moment', async () => {
    const url = workerDatabaseUrl();
    if (!url) return; // PGlite's data belongs to one process; CI runs this on PostgreSQL.
    const made = await Promise.all(['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((name) => createBlock(world, { name })));
    for (const block of made) expect((await schedule(world, block, 1, { name: `${block.name}, revised` }, '2026-12-03T09:00:00Z')).status).toBe(202);
    const second = await openDatabase({ url, poolSize: 4 });
    try {
      const at = new Date('2026-12-03T09:00:00Z');
      const [a, b] = await Promise.all([publishDueChanges(database.db, at), publishDueChanges(second.db, at)]);
      expect(a + b).toBe(made.length);
    } finally {
      await second.close();
    }
    for (const block of made) {
      const versions = await database.db.select().from(blockVersions).where(eq(blockVersions.blockId, block._id));
      expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    }
    const states = await database.db.select({ state: blockDrafts.state }).from(blockDrafts);
    expect(states.every((row) => row.state === 'published')).toBe(true);
  });
});

describe('editors and review', () => {
  let eve: Awaited<ReturnType<typeof givenUser>>;
  beforeEach(async () => {
    eve = await givenUser(database.db, world.accountA.id, { email: 'eve@alder.test', teams: [world.elections.id] });
    await database.db.update(users).set({ editorTeams: [world.elections.id] }).where(eq(users.id, eve.id));
    await database.db.update(teams).set({ requireReview: true }).where(eq(teams.id, world.elections.id));
  });

  it('keeps an editor’s change from staff until a team admin approves it, crediting the editor', async () => {
    const path = `${team(world)}/blocks/${world.electionBlock.id}`;
    const current = (await (await world.call(eve, path)).json()) as AdminBlock;
    const drafted = await world.call(eve, path, {
      ...json('PUT', adminBlockBody({ name: current.name, body: '<p>Track your ballot at vote.alder.test.</p>' })),
      headers: { 'Content-Type': 'application/json', 'If-Match': `"${current.version}"` },
    });
    expect(drafted.status, await drafted.clone().text()).toBe(202);
    const draft = (await drafted.json()) as AdminDraft;
    expect(draft.state).toBe('awaiting_approval');
    expect((await staffBlocks(world)).find((b) => b._id === world.electionBlock.id)?.body).not.toContain('vote.alder.test');

    // An editor cannot approve, delete or reach the team's other records.
    expect((await world.call(eve, `${team(world)}/drafts/${draft._id}/approve`, { method: 'POST' })).status).toBe(403);
    expect((await world.call(eve, path, { method: 'DELETE', headers: { 'If-Match': `"${current.version}"` } })).status).toBe(403);
    expect((await world.call(eve, `${team(world)}/checklists`)).status).toBe(403);

    const waiting = (await (await world.call(world.ada, `${team(world)}/drafts?state=awaiting_approval`)).json()) as AdminDraft[];
    expect(waiting.map((d) => d._id)).toEqual([draft._id]);
    const approved = await world.call(world.ada, `${team(world)}/drafts/${draft._id}/approve`, { method: 'POST' });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect((await staffBlocks(world)).find((b) => b._id === world.electionBlock.id)?.body).toContain('vote.alder.test');
    const [latest] = await database.db.select().from(blockVersions).where(eq(blockVersions.blockId, world.electionBlock.id)).orderBy(blockVersions.version);
    expect(latest).toBeDefined();
    const versions = await database.db.select().from(blockVersions).where(eq(blockVersions.blockId, world.electionBlock.id));
    expect(versions.find((v) => v.action === 'published')?.authorUserId).toBe(eve.id);
    expect((await world.call(world.ada, `${team(world)}/drafts/${draft._id}/approve`, { method: 'POST' })).status).toBe(409);
  });

  it('lets a rejected or withdrawn change go without staff ever seeing it; an editor’s new block waits too', async () => {
    const created = await world.call(eve, `${team(world)}/blocks`, json('POST', adminBlockBody({ name: 'Proposed block' })));
    expect(created.status).toBe(202);
    const draft = (await created.json()) as AdminDraft;
    expect(draft.block).toBeNull();
    expect(namesOf(await staffBlocks(world))).not.toContain('Proposed block');
    expect((await world.call(world.ada, `${team(world)}/drafts/${draft._id}/reject`, { method: 'POST' })).status).toBe(200);
    expect(namesOf(await staffBlocks(world))).not.toContain('Proposed block');
    expect(await database.db.select().from(blocks).where(eq(blocks.name, 'Proposed block'))).toHaveLength(0);

    const another = (await (await world.call(eve, `${team(world)}/blocks`, json('POST', adminBlockBody({ name: 'Second idea' })))).json()) as AdminDraft;
    expect((await world.call(eve, `${team(world)}/drafts/${another._id}/withdraw`, { method: 'POST' })).status).toBe(200);
  });

  it('lets an editor save directly when the team does not require review', async () => {
    await database.db.update(teams).set({ requireReview: false }).where(eq(teams.id, world.elections.id));
    const created = await world.call(eve, `${team(world)}/blocks`, json('POST', adminBlockBody({ name: 'Direct block' })));
    expect(created.status).toBe(201);
    expect(namesOf(await staffBlocks(world))).toContain('Direct block');
  });
});

