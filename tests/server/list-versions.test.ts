import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import { blocks } from '../../server/db/schema';
import { givenBlock } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * List ETags follow versions the database keeps per team and list (migration 0004), so writes made
 * straight into the database, not through the API, are never hidden behind a 304 or a cached body.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});
afterEach(() => {
  vi.useRealTimers();
});

const blocksOf = (...teams: Array<{ id: string }>) => `/accounts/${world.accountA.id}/autoresponses?teams=${teams.map((team) => team.id).join(',')}`;
const checklistsOf = (team: { id: string }) => `/accounts/${world.accountA.id}/phoneflows?teams=${team.id}`;

/** A write from outside the API: plain SQL, leaving `updated_at` alone. */
const outside = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

/** The list as Ada sees it, and its ETag. */
async function list(path: string) {
  const response = await world.call(world.ada, path);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('ETag')!, body: (await response.json()) as Array<{ _id: string; name: string; body?: string }> };
}

/** A conditional GET as a client holding `etag` sends it. */
const revalidate = (path: string, etag: string) => world.call(world.ada, path, { headers: { 'If-None-Match': etag } });

/** Expects a 200 with a new ETag after a change, and answers the new body. */
async function expectChanged(path: string, etag: string) {
  const response = await revalidate(path, etag);
  expect(response.status).toBe(200);
  expect(response.headers.get('ETag')).not.toBe(etag);
  return (await response.json()) as Array<{ _id: string; name: string; body?: string }>;
}

describe('block list ETags', () => {
  it('answers 304 while the list is unchanged', async () => {
    const { etag } = await list(blocksOf(world.elections));
    const again = await revalidate(blocksOf(world.elections), etag);
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
  });

  it('sees an outside UPDATE of a block body that leaves updated_at alone', async () => {
    const { etag } = await list(blocksOf(world.elections));
    await outside(sql`update blocks set body = '<p>Edited outside.</p>' where id = ${world.electionBlock.id}`);
    expect((await expectChanged(blocksOf(world.elections), etag))[0]?.body).toBe('<p>Edited outside.</p>');
  });

  it('sends a new client the edited body, not the one cached before the outside UPDATE', async () => {
    await list(blocksOf(world.elections));
    await outside(sql`update blocks set body = '<p>Edited outside.</p>' where id = ${world.electionBlock.id}`);
    expect((await list(blocksOf(world.elections))).body[0]?.body).toBe('<p>Edited outside.</p>');
  });

  it('sees an outside INSERT and DELETE', async () => {
    const path = blocksOf(world.elections);
    const before = await list(path);
    const id = newId();
    await outside(sql`insert into blocks (id, account_id, team_id, name, body) values (${id}, ${world.accountA.id}, ${world.elections.id}, 'Added outside', '<p>New.</p>')`);
    const added = await revalidate(path, before.etag);
    expect(added.status).toBe(200);
    expect(((await added.json()) as Array<{ name: string }>).map((block) => block.name)).toEqual(['Added outside', 'Ballot tracking']);
    await outside(sql`delete from blocks where id = ${id}`);
    expect((await expectChanged(path, added.headers.get('ETag')!)).map((block) => block.name)).toEqual(['Ballot tracking']);
  });

  it('sees an older block replaced by another: same count, same newest updated_at', async () => {
    await givenBlock(database.db, world.elections, { name: 'Newest block' });
    const path = blocksOf(world.elections);
    const { etag } = await list(path);
    await outside(sql`delete from blocks where id = ${world.electionBlock.id}`);
    await outside(sql`insert into blocks (id, account_id, team_id, name, body, updated_at) values (${newId()}, ${world.accountA.id}, ${world.elections.id}, 'Replacement', '<p>Other.</p>', '2000-01-01')`);
    expect((await expectChanged(path, etag)).map((block) => block.name)).toEqual(['Newest block', 'Replacement']);
  });

  it('sees an outside TRUNCATE', async () => {
    const { etag } = await list(blocksOf(world.elections));
    // The blocks' versions (admin API) refer to them, so emptying blocks takes their history too.
    await outside(sql`truncate blocks cascade`);
    expect(await expectChanged(blocksOf(world.elections), etag)).toEqual([]);
  });

  it('gives each of two writes in the same millisecond a new ETag', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const path = blocksOf(world.elections);
    const edit = (body: string) => database.db.update(blocks).set({ body }).where(eq(blocks.id, world.electionBlock.id));
    const first = await list(path);
    await edit('<p>First.</p>');
    const second = await list(path);
    expect(second.etag).not.toBe(first.etag);
    await edit('<p>Second.</p>');
    expect((await expectChanged(path, second.etag))[0]?.body).toBe('<p>Second.</p>');
  });

  it("keeps another team's ETag when one team's blocks change", async () => {
    const elections = await list(blocksOf(world.elections));
    const recorder = await list(blocksOf(world.recorder));
    const both = await list(blocksOf(world.elections, world.recorder));
    await outside(sql`update blocks set name = 'Renamed' where id = ${world.recorderBlock.id}`);
    expect((await revalidate(blocksOf(world.elections), elections.etag)).status).toBe(304);
    await expectChanged(blocksOf(world.recorder), recorder.etag);
    await expectChanged(blocksOf(world.elections, world.recorder), both.etag);
  });

  it("changes both teams' ETags when a block moves between them", async () => {
    const elections = await list(blocksOf(world.elections));
    const recorder = await list(blocksOf(world.recorder));
    await outside(sql`update blocks set team_id = ${world.recorder.id} where id = ${world.electionBlock.id}`);
    expect(await expectChanged(blocksOf(world.elections), elections.etag)).toEqual([]);
    expect(await expectChanged(blocksOf(world.recorder), recorder.etag)).toHaveLength(2);
  });

  it('never repeats an ETag when a team is deleted and created again', async () => {
    const path = blocksOf(world.elections);
    const seen = new Set([(await list(path)).etag]);
    await outside(sql`delete from teams where id = ${world.elections.id}`);
    const emptied = await list(path);
    expect(emptied.body).toEqual([]);
    seen.add(emptied.etag);
    await outside(sql`insert into teams (id, account_id, name) values (${world.elections.id}, ${world.accountA.id}, 'Elections')`);
    await outside(sql`insert into blocks (id, account_id, team_id, name, body) values (${newId()}, ${world.accountA.id}, ${world.elections.id}, 'Ballot tracking', '<p>Again.</p>')`);
    const recreated = await list(path);
    expect(recreated.body[0]?.body).toBe('<p>Again.</p>');
    expect(seen.has(recreated.etag)).toBe(false);
  });
});

describe('checklist list ETags', () => {
  it('sees outside UPDATE, INSERT and DELETE of checklists, and keeps 304 otherwise', async () => {
    const path = checklistsOf(world.elections);
    const { etag } = await list(path);
    expect((await revalidate(path, etag)).status).toBe(304);
    await outside(sql`update checklists set name = 'Renamed outside' where id = ${world.electionChecklist.id}`);
    const renamed = await revalidate(path, etag);
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Array<{ name: string }>)[0]?.name).toBe('Renamed outside');
    const id = newId();
    await outside(sql`insert into checklists (id, account_id, team_id, name) values (${id}, ${world.accountA.id}, ${world.elections.id}, 'Added outside')`);
    const added = await revalidate(path, renamed.headers.get('ETag')!);
    expect(added.status).toBe(200);
    expect((await added.json()) as unknown[]).toHaveLength(2);
    await outside(sql`delete from checklists where id = ${id}`);
    expect(await expectChanged(path, added.headers.get('ETag')!)).toHaveLength(1);
  });

  it('keeps the checklist ETag when only blocks change', async () => {
    const { etag } = await list(checklistsOf(world.elections));
    await outside(sql`update blocks set body = '<p>Edited.</p>' where id = ${world.electionBlock.id}`);
    expect((await revalidate(checklistsOf(world.elections), etag)).status).toBe(304);
  });
});
