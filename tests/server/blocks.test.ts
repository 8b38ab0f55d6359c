import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blocks } from '../../server/db/schema';
import { testDatabase } from './support/database';
import { givenBlock, givenUse } from './support/given';
import { freshWorld, type World } from './support/world';

let world: World;
beforeEach(async () => {
  ({ world } = await freshWorld());
});

const blocksPath = (world: World, query: string) => `/accounts/${world.accountA.id}/autoresponses${query}`;

describe('GET /accounts/{accountId}/autoresponses', () => {
  it('lists the blocks of the named teams in the spec shape', async () => {
    const response = await world.call(world.ada, blocksPath(world, `?teams=${world.recorder.id}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        _id: world.recorderBlock.id,
        name: 'Recording fees',
        body: '<p>Register 15 days before Election Day.</p>',
        categories: [],
        account: world.accountA.id,
        team: world.recorder.id,
        supportedContexts: ['outlook', 'gmail', 'text_input'],
        cc: ['fees@alder.test'],
        subjectLine: 'Fees',
      },
    ]);
  });

  it('takes teams comma-separated or repeated, and defaults to all of the caller teams', async () => {
    const names = async (query: string) =>
      ((await (await world.call(world.ada, blocksPath(world, query))).json()) as Array<{ name: string }>).map((b) => b.name);
    const both = ['Ballot tracking', 'Recording fees'];
    expect(await names(`?teams=${world.elections.id},${world.recorder.id}`)).toEqual(both);
    expect(await names(`?teams=${world.elections.id}&teams=${world.recorder.id}`)).toEqual(both);
    expect(await names('')).toEqual(both);
  });

  it('answers 404 for a team of the same account the caller is not in', async () => {
    const response = await world.call(world.alice, blocksPath(world, `?teams=${world.recorder.id}`));
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toContain('Recording fees');
  });

  it('answers 404 for another account, even naming its own team', async () => {
    const response = await world.call(world.bob, blocksPath(world, `?teams=${world.birchTeam.id}`));
    expect(response.status).toBe(404);
  });

  it('answers 400 for a malformed team id', async () => {
    const response = await world.call(world.alice, blocksPath(world, '?teams=not-an-id'));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('must be a 24-character hexadecimal id');
  });

  it('answers 304 to a client that holds the same list, and 200 after a change', async () => {
    const path = blocksPath(world, `?teams=${world.elections.id}`);
    const first = await world.call(world.alice, path);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await world.call(world.alice, path, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await givenBlock((await testDatabase()).db, world.elections, { name: 'Another block' });
    const changed = await world.call(world.alice, path, { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect(((await changed.json()) as unknown[]).length).toBe(2);
  });

  it('sends the new body after a block is edited, not a cached one, however soon the edit comes', async () => {
    const path = blocksPath(world, `?teams=${world.elections.id}`);
    const before = await world.call(world.alice, path);
    const { db } = await testDatabase();
    await db.update(blocks).set({ body: '<p>Edited.</p>' }).where(eq(blocks.id, world.electionBlock.id));
    const after = await world.call(world.alice, path, { headers: { 'If-None-Match': before.headers.get('ETag')! } });
    expect(after.status).toBe(200);
    expect((await after.json())[0].body).toBe('<p>Edited.</p>');
  });

  it('gives different teams different ETags, even for lists of the same size', async () => {
    const elections = await world.call(world.ada, blocksPath(world, `?teams=${world.elections.id}`));
    const recorder = await world.call(world.ada, blocksPath(world, `?teams=${world.recorder.id}`));
    expect(elections.headers.get('ETag')).not.toBe(recorder.headers.get('ETag'));
    const cross = await world.call(world.ada, blocksPath(world, `?teams=${world.recorder.id}`), { headers: { 'If-None-Match': elections.headers.get('ETag')! } });
    expect(cross.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await world.call(null, blocksPath(world, ''))).status).toBe(401);
  });
});

describe('GET /accounts/{accountId}/autoresponses/mostfrequentlyused', () => {
  it('ranks blocks by recorded uses, limited to num', async () => {
    const { db } = await testDatabase();
    const popular = await givenBlock(db, world.elections, { name: 'Popular block' });
    await givenUse(db, popular, world.alice);
    await givenUse(db, popular, world.alice);
    await givenUse(db, world.electionBlock, world.alice);
    const path = `/accounts/${world.accountA.id}/autoresponses/mostfrequentlyused?teams=${world.elections.id}&num=1`;
    const response = await world.call(world.alice, path);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Array<{ name: string }>).map((b) => b.name)).toEqual(['Popular block']);
  });

  it('leaves out blocks never used and rejects a bad num', async () => {
    const base = `/accounts/${world.accountA.id}/autoresponses/mostfrequentlyused?teams=${world.elections.id}`;
    expect(await (await world.call(world.alice, base)).json()).toEqual([]);
    expect((await world.call(world.alice, `${base}&num=0`)).status).toBe(400);
    expect((await world.call(world.alice, `${base}&num=abc`)).status).toBe(400);
  });

  it('answers 404 across teams and accounts', async () => {
    const path = (account: string, team: string) => `/accounts/${account}/autoresponses/mostfrequentlyused?teams=${team}&num=5`;
    expect((await world.call(world.alice, path(world.accountA.id, world.recorder.id))).status).toBe(404);
    expect((await world.call(world.bob, path(world.accountA.id, world.elections.id))).status).toBe(404);
  });
});
