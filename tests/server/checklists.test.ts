import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checklists, recordedChecklists } from '../../server/db/schema';
import type { Database } from '../../server/db/database';
import { json, recordedChecklistBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

describe('GET /accounts/{accountId}/phoneflows', () => {
  it('lists the checklists of the named teams in the spec shape', async () => {
    const response = await world.call(world.alice, `/accounts/${world.accountA.id}/phoneflows?teams=${world.elections.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBeTruthy();
    expect(await response.json()).toEqual([
      {
        _id: world.electionChecklist.id,
        name: 'Replacement ballot',
        team: world.elections.id,
        tasks: [{ name: 'Confirm identity' }, { name: 'Void the old ballot' }],
        blocks: [world.electionBlock.id],
        categories: [],
      },
    ]);
  });

  it('answers 304 to a client that holds the same list, and 200 after a checklist is edited', async () => {
    const path = `/accounts/${world.accountA.id}/phoneflows?teams=${world.elections.id}`;
    const etag = (await world.call(world.alice, path)).headers.get('ETag')!;
    const conditional = () => world.call(world.alice, path, { headers: { 'If-None-Match': etag } });
    expect((await conditional()).status).toBe(304);
    await database.db.update(checklists).set({ name: 'Edited checklist' }).where(eq(checklists.id, world.electionChecklist.id));
    const changed = await conditional();
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect((await changed.json())[0].name).toBe('Edited checklist');
  });

  it('answers 404 for a team or account of someone else', async () => {
    expect((await world.call(world.alice, `/accounts/${world.accountA.id}/phoneflows?teams=${world.recorder.id}`)).status).toBe(404);
    expect((await world.call(world.bob, `/accounts/${world.accountA.id}/phoneflows?teams=${world.elections.id}`)).status).toBe(404);
  });
});

describe('recorded checklists', () => {
  const path = (world: World, team = world.elections.id) => `/accounts/${world.accountA.id}/teams/${team}/recordedphoneflows`;

  it('creates a record, then updates its tasks, blocks sent and end time', async () => {
    const created = await world.call(world.alice, path(world), json('POST', recordedChecklistBody(world)));
    expect(created.status).toBe(201);
    const { _id } = await created.json();
    const update = {
      recordedPhoneFlowId: _id,
      tasks: [
        { name: 'Confirm identity', completed: true },
        { name: 'Void the old ballot', completed: true },
      ],
      blocksSent: [world.electionBlock.id],
      endTime: '2026-11-02T15:10:00.000Z',
    };
    const updated = await world.call(world.alice, path(world), json('PUT', update));
    expect(updated.status).toBe(200);
    const [row] = await database.db.select().from(recordedChecklists);
    expect(row?.tasks.every((task) => task.completed)).toBe(true);
    expect(row?.blocksSent).toEqual([world.electionBlock.id]);
    expect(row?.endTime?.toISOString()).toBe('2026-11-02T15:10:00.000Z');
  });

  it('creates once per Idempotency-Key', async () => {
    const send = () => world.call(world.alice, path(world), json('POST', recordedChecklistBody(world), { 'Idempotency-Key': 'checklist-run-42' }));
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(200);
    expect(await database.db.select().from(recordedChecklists)).toHaveLength(1);
  });

  it('answers 400 for an end before the start and for bad tasks', async () => {
    const early = await world.call(world.alice, path(world), json('POST', recordedChecklistBody(world, { endTime: '2026-11-01T00:00:00.000Z' })));
    expect((await early.json()).error.message).toContain('endTime: must not be before startTime');
    const tasks = await world.call(world.alice, path(world), json('POST', recordedChecklistBody(world, { tasks: [{ name: 'x' }] })));
    expect(tasks.status).toBe(400);
  });

  it("answers 404 for a checklist of another team, and for another user's record", async () => {
    const foreign = await world.call(world.alice, path(world), json('POST', recordedChecklistBody(world, { phoneFlowId: world.recorderChecklist.id })));
    expect(foreign.status).toBe(404);
    const { _id } = await (await world.call(world.alice, path(world), json('POST', recordedChecklistBody(world)))).json();
    const stolen = await world.call(world.ada, path(world), json('PUT', { recordedPhoneFlowId: _id, tasks: [], blocksSent: [], endTime: null }));
    expect(stolen.status).toBe(404);
  });
});
