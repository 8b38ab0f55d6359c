import { beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { FAVOURITES_PER_USER, type Favourite } from '../../src/api/contract/favourite';
import type { Database } from '../../server/db/database';
import { blocks, teams, users } from '../../server/db/schema';
import { favourites } from '../../server/db/records-schema';
import { json } from './support/bodies';
import { givenBlock } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * Favourites on the server: each user's own, only of blocks the user can see, listed only while
 * the user still can, capped per user; tenant isolation gives another account's block the same
 * 404 as a missing one.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

type User = World['alice'];
const base = (w: World = world) => `/accounts/${w.accountA.id}/favouriteautoresponses`;
const star = (user: User, autoResponseId: string, accountId = world.accountA.id) =>
  world.call(user, `/accounts/${accountId}/favouriteautoresponses`, json('POST', { autoResponseId }));
const unstar = (user: User, autoResponseId: string) => world.call(user, `${base()}/${autoResponseId}`, { method: 'DELETE' });
const listOf = async (user: User) => {
  const response = await world.call(user, base());
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as Favourite[]).map((entry) => entry.autoResponseId);
};

describe('starring and unstarring', () => {
  it('adds a block of the caller’s team (201 with the time added), lists it, and removes it (204)', async () => {
    const before = Date.now();
    const added = await star(world.alice, world.electionBlock.id);
    expect(added.status).toBe(201);
    const body = (await added.json()) as Favourite;
    expect(body).toMatchObject({ autoResponseId: world.electionBlock.id, team: world.elections.id });
    expect(Date.parse(body.addedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await listOf(world.alice)).toEqual([world.electionBlock.id]);
    expect((await unstar(world.alice, world.electionBlock.id)).status).toBe(204);
    expect(await listOf(world.alice)).toEqual([]);
  });

  it('is idempotent: a second star answers 200 with the first time, a second unstar 204', async () => {
    const first = (await (await star(world.alice, world.electionBlock.id)).json()) as Favourite;
    const again = await star(world.alice, world.electionBlock.id.toUpperCase());
    expect(again.status).toBe(200);
    expect(((await again.json()) as Favourite).addedAt).toBe(first.addedAt);
    expect(await database.db.select().from(favourites)).toHaveLength(1);
    expect((await unstar(world.alice, world.electionBlock.id)).status).toBe(204);
    expect((await unstar(world.alice, world.electionBlock.id)).status).toBe(204);
  });

  it('lists the oldest first', async () => {
    const second = await givenBlock(database.db, world.elections, { name: 'Absentee ballots' });
    await star(world.alice, world.electionBlock.id);
    await star(world.alice, second.id);
    expect(await listOf(world.alice)).toEqual([world.electionBlock.id, second.id]);
  });
});

describe('two users', () => {
  it('keeps each user’s favourites apart, on the same blocks', async () => {
    await star(world.alice, world.electionBlock.id);
    expect(await listOf(world.ada)).toEqual([]);
    await star(world.ada, world.recorderBlock.id);
    await star(world.ada, world.electionBlock.id);
    expect(await listOf(world.alice)).toEqual([world.electionBlock.id]);
    // Ada's unstar takes nothing of Alice's.
    await unstar(world.ada, world.electionBlock.id);
    expect(await listOf(world.alice)).toEqual([world.electionBlock.id]);
    expect(await listOf(world.ada)).toEqual([world.recorderBlock.id]);
  });

  it('a user signed in with a work account has favourites too', async () => {
    expect(world.ada.cognitoSub).toBeNull();
    expect((await star(world.ada, world.recorderBlock.id)).status).toBe(201);
    expect(await listOf(world.ada)).toEqual([world.recorderBlock.id]);
  });
});

describe('tenant isolation', () => {
  it('answers another team’s block, another account’s block and a missing one with the same 404', async () => {
    const answers = await Promise.all(
      [world.recorderBlock.id, world.birchBlock.id, 'aaaaaaaaaaaaaaaaaaaaaaaa'].map(async (id) => {
        const response = await star(world.alice, id);
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers).toEqual(Array(3).fill({ status: 404, body: { error: { code: 'not_found', message: 'Block was not found.' } } }));
    expect(await database.db.select().from(favourites)).toEqual([]);
  });

  it('answers another account’s path with 404, reading or writing', async () => {
    for (const response of [
      await world.call(world.bob, base()),
      await star(world.bob, world.electionBlock.id),
      await world.call(world.bob, `${base()}/${world.electionBlock.id}`, { method: 'DELETE' }),
    ]) {
      expect(response.status).toBe(404);
    }
  });

  it('never lists or removes another user’s favourite', async () => {
    await star(world.alice, world.electionBlock.id);
    const bobsBlock = await star(world.bob, world.birchBlock.id, world.accountB.id);
    expect(bobsBlock.status).toBe(201);
    expect(await listOf(world.alice)).toEqual([world.electionBlock.id]);
    expect((await unstar(world.alice, world.birchBlock.id)).status).toBe(204);
    const rows = await database.db.select().from(favourites).where(eq(favourites.blockId, world.birchBlock.id));
    expect(rows).toHaveLength(1);
  });
});

describe('blocks the user can no longer see', () => {
  it('hides a favourite whose block was deleted, and shows it again when the block is undeleted', async () => {
    await star(world.alice, world.electionBlock.id);
    await database.db.update(blocks).set({ deletedAt: new Date() }).where(eq(blocks.id, world.electionBlock.id));
    expect(await listOf(world.alice)).toEqual([]);
    expect((await star(world.alice, world.electionBlock.id)).status).toBe(404);
    await database.db.update(blocks).set({ deletedAt: null }).where(eq(blocks.id, world.electionBlock.id));
    expect(await listOf(world.alice)).toEqual([world.electionBlock.id]);
  });

  it('removes the favourite with a block removed for good', async () => {
    await star(world.alice, world.electionBlock.id);
    await database.db.delete(blocks).where(eq(blocks.id, world.electionBlock.id));
    expect(await database.db.select().from(favourites)).toEqual([]);
  });

  it('hides favourites of a team the user left or that was archived', async () => {
    await star(world.ada, world.recorderBlock.id);
    await star(world.ada, world.electionBlock.id);
    await database.db.update(users).set({ adminTeams: [world.elections.id] }).where(eq(users.id, world.ada.id));
    expect(await listOf(world.ada)).toEqual([world.electionBlock.id]);
    await database.db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, world.elections.id));
    expect(await listOf(world.ada)).toEqual([]);
  });
});

describe('the cap', () => {
  const manyBlocks = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) ids.push((await givenBlock(database.db, world.elections, { name: `Block ${String(i).padStart(3, '0')}` })).id);
    return ids;
  };

  it(`refuses one favourite past the cap of ${FAVOURITES_PER_USER} with a 409 that says what to do, and takes one after a removal`, async () => {
    const ids = await manyBlocks(FAVOURITES_PER_USER + 1);
    await database.db.insert(favourites).values(ids.slice(0, FAVOURITES_PER_USER).map((blockId) => ({ userId: world.alice.id, blockId, accountId: world.accountA.id })));
    const refused = await star(world.alice, ids[FAVOURITES_PER_USER]!);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'favourites_full', message: `You already have ${FAVOURITES_PER_USER} favourites, the most Cannery keeps. Remove one to add another.` },
    });
    // Starring one that already is a favourite is still fine at the cap.
    expect((await star(world.alice, ids[0]!)).status).toBe(200);
    expect((await unstar(world.alice, ids[0]!)).status).toBe(204);
    expect((await star(world.alice, ids[FAVOURITES_PER_USER]!)).status).toBe(201);
  });

  it('counts only favourites the user can still see', async () => {
    const ids = await manyBlocks(FAVOURITES_PER_USER + 1);
    await database.db.insert(favourites).values(ids.slice(0, FAVOURITES_PER_USER).map((blockId) => ({ userId: world.alice.id, blockId, accountId: world.accountA.id })));
    await database.db.update(blocks).set({ deletedAt: new Date() }).where(inArray(blocks.id, ids.slice(0, 1)));
    expect((await star(world.alice, ids[FAVOURITES_PER_USER]!)).status).toBe(201);
  });

  it('holds when adds race: of many at once past the cap, only the places left are taken', async () => {
    const ids = await manyBlocks(FAVOURITES_PER_USER + 4);
    await database.db.insert(favourites).values(ids.slice(0, FAVOURITES_PER_USER - 2).map((blockId) => ({ userId: world.alice.id, blockId, accountId: world.accountA.id })));
    const statuses = await Promise.all(ids.slice(FAVOURITES_PER_USER - 2).map(async (id) => (await star(world.alice, id)).status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect(await listOf(world.alice)).toHaveLength(FAVOURITES_PER_USER);
  });
});

describe('input', () => {
  it('refuses a body that is not an id, naming the field, and never answers 5xx', async () => {
    const bodies: unknown[] = [
      {},
      { autoResponseId: 42 },
      { autoResponseId: null },
      { autoResponseId: ['64b000000000000000000001'] },
      { autoResponseId: 'x'.repeat(100_000) },
      { autoResponseId: `${world.electionBlock.id}\u0000` },
      { autoResponseId: '\u202e\ud800' },
      { autoResponseId: { $ne: null } },
      [],
      'a string',
    ];
    for (const body of bodies) {
      const response = await world.call(world.alice, base(), json('POST', body));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^Invalid body\./);
    }
    const broken = await world.call(world.alice, base(), { method: 'POST', body: '{"autoResponseId":', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    const wrongType = await world.call(world.alice, base(), { method: 'POST', body: world.electionBlock.id, headers: { 'Content-Type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
  });

  it('answers a path id that cannot be an id with 404', async () => {
    for (const id of ['nope', 'x'.repeat(5000), '%00', '%E2%80%AE', '64b00000000000000000000g']) {
      const response = await world.call(world.alice, `${base()}/${id}`, { method: 'DELETE' });
      expect(response.status, id.slice(0, 20)).toBe(404);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await world.call(null, base())).status).toBe(401);
    expect((await world.call(null, base(), json('POST', { autoResponseId: world.electionBlock.id }))).status).toBe(401);
  });
});
