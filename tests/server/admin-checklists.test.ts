import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminBlock, AdminChecklist } from '../../src/api/contract/admin';
import type { AuditPage } from '../../src/api/contract/audit';
import type { Checklist } from '../../src/api/contract/checklist';
import type { Database } from '../../server/db/database';
import { checklists } from '../../server/db/schema';
import { adminBlockBody, adminChecklistBody, json, recordedChecklistBody } from './support/bodies';
import { givenBlock } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * A team's checklists in the admin API: an admin creates one (tasks in order, linked blocks of the
 * team, categories), edits it under a version check, deletes it (members stop seeing it, no new
 * run starts) and restores it. Every change is in the audit log; members see each change at their
 * next load, never hidden by a 304.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const base = () => `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}`;
const asAda = (path: string, init?: RequestInit) => world.call(world.ada, path, init);
const members = () => `/accounts/${world.accountA.id}/phoneflows?teams=${world.elections.id}`;
const ifMatch = (version: number | string) => ({ 'If-Match': typeof version === 'number' ? `"${version}"` : version });

async function create(body: Record<string, unknown> = adminChecklistBody([world.electionBlock.id])): Promise<AdminChecklist> {
  const response = await asAda(`${base()}/checklists`, json('POST', body));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AdminChecklist;
}

const put = (id: string, body: Record<string, unknown>, version: number | string) => asAda(`${base()}/checklists/${id}`, json('PUT', body, ifMatch(version)));
const remove = (id: string, version: number) => asAda(`${base()}/checklists/${id}`, { method: 'DELETE', headers: ifMatch(version) });
const restore = (id: string, version: number) => asAda(`${base()}/checklists/${id}/restore`, { method: 'POST', headers: ifMatch(version) });

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...error };
}

async function memberChecklists(): Promise<Checklist[]> {
  const response = await world.call(world.alice, members());
  expect(response.status).toBe(200);
  return (await response.json()) as Checklist[];
}

async function auditActions(): Promise<string[]> {
  const audit = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
  return audit.events.map((event) => `${event.action} ${event.entity.kind}`);
}

describe('creating a checklist', () => {
  it('keeps the tasks in order, the linked blocks and the categories, at version 1 with its ETag, Location and audit event', async () => {
    const second = await givenBlock(database.db, world.elections, { name: 'Replacement ballot form' });
    const response = await asAda(`${base()}/checklists`, json('POST', adminChecklistBody([second.id, world.electionBlock.id], { categories: ['Mail Ballots', 'Mail Ballots', 'Phones'] })));
    expect(response.status).toBe(201);
    expect(response.headers.get('ETag')).toBe('"1"');
    const checklist = (await response.json()) as AdminChecklist;
    expect(response.headers.get('Location')).toBe(`/api${base()}/checklists/${checklist._id}`);
    expect(checklist).toMatchObject({
      name: 'Lost mail ballot',
      team: world.elections.id,
      tasks: [{ name: 'Confirm the voter’s address' }, { name: 'Cancel the first ballot' }, { name: 'Send a replacement' }],
      blocks: [second.id, world.electionBlock.id],
      categories: ['Mail Ballots', 'Phones'],
      version: 1,
      deleted: false,
    });
    expect(await auditActions()).toEqual(['checklist.created checklist']);
  });

  it('shows it to members at their next load: the conditional GET is a 200 with it, never a 304', async () => {
    const before = await world.call(world.alice, members());
    const etag = before.headers.get('ETag')!;
    expect((await world.call(world.alice, members(), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const checklist = await create();
    const after = await world.call(world.alice, members(), { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const listed = (await after.json()) as Checklist[];
    expect(listed.find((row) => row._id === checklist._id)).toEqual({
      _id: checklist._id,
      name: 'Lost mail ballot',
      team: world.elections.id,
      tasks: checklist.tasks,
      blocks: [world.electionBlock.id],
      categories: ['Mail Ballots'],
    });
  });

  it('refuses what breaks the checklist rules with 400 naming the field, and writes nothing', async () => {
    const deleted = (await (await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ name: 'Old form' })))).json()) as AdminBlock;
    expect((await asAda(`${base()}/blocks/${deleted._id}`, { method: 'DELETE', headers: ifMatch(1) })).status).toBe(200);
    const recorderBlock = world.recorderBlock.id;
    for (const [body, field] of [
      [adminChecklistBody([], { name: ' ' }), 'name'],
      [adminChecklistBody([], { name: 'Tab\tin name' }), 'name'],
      [adminChecklistBody([], { tasks: [] }), 'tasks'],
      [adminChecklistBody([], { tasks: [{ name: '' }] }), 'tasks.0.name'],
      [adminChecklistBody([], { tasks: [{ name: 'Ring\u0007' }] }), 'tasks.0.name'],
      [adminChecklistBody([], { tasks: Array.from({ length: 101 }, (_, index) => ({ name: `Task ${index}` })) }), 'tasks'],
      [adminChecklistBody([], { tasks: 'Call back' }), 'tasks'],
      [adminChecklistBody([world.electionBlock.id, world.electionBlock.id]), 'blocks'],
      [adminChecklistBody(['not-an-id']), 'blocks.0'],
      [adminChecklistBody([world.electionBlock.id, recorderBlock]), 'blocks.1'],
      [adminChecklistBody([world.birchBlock.id]), 'blocks.0'],
      [adminChecklistBody([deleted._id]), 'blocks.0'],
      [adminChecklistBody([], { categories: [''] }), 'categories.0'],
      [adminChecklistBody([], { categories: 'Phones' }), 'categories'],
    ] as const) {
      const error = await errorOf(await asAda(`${base()}/checklists`, json('POST', body)));
      expect(error, JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(error.message).toContain(`${field}:`);
    }
    const rows = await database.db.select().from(checklists).where(eq(checklists.teamId, world.elections.id));
    expect(rows.map((row) => row.name)).toEqual(['Replacement ballot']);
  });
});

describe('editing a checklist', () => {
  it('saves the whole checklist as the next version with If-Match, and says which fields changed', async () => {
    const checklist = await create();
    const edited = adminChecklistBody([], { tasks: [{ name: 'Send a replacement' }, { name: 'Confirm the voter’s address' }] });
    const response = await put(checklist._id, edited, 1);
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBe('"2"');
    expect(await response.json()).toMatchObject({ version: 2, tasks: edited.tasks, blocks: [] });
    const audit = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
    expect(audit.events[0]).toMatchObject({ action: 'checklist.edited', entity: { kind: 'checklist', _id: checklist._id }, changes: { fields: ['tasks', 'blocks'], version: 2 } });
    expect(JSON.stringify(audit)).not.toContain('replacement');
    expect((await memberChecklists()).find((row) => row._id === checklist._id)?.tasks).toEqual(edited.tasks);
  });

  it('keeps the version when nothing changed', async () => {
    const checklist = await create();
    const response = await put(checklist._id, adminChecklistBody([world.electionBlock.id]), 1);
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminChecklist).version).toBe(1);
    expect(await auditActions()).toEqual(['checklist.created checklist']);
  });

  it('is 428 without If-Match and 412 with the current ETag when someone saved in between, leaving their save', async () => {
    const checklist = await create();
    expect(await errorOf(await asAda(`${base()}/checklists/${checklist._id}`, json('PUT', adminChecklistBody())))).toMatchObject({ status: 428, code: 'precondition_required' });
    expect((await put(checklist._id, adminChecklistBody([], { name: 'First window' }), 1)).status).toBe(200);
    const conflict = await put(checklist._id, adminChecklistBody([], { name: 'Second window' }), 1);
    expect(conflict.status).toBe(412);
    expect(conflict.headers.get('ETag')).toBe('"2"');
    const error = await errorOf(conflict);
    expect(error.code).toBe('checklist_changed');
    expect(error.message).toContain('This checklist was changed by someone else');
    const [row] = await database.db.select().from(checklists).where(eq(checklists.id, checklist._id));
    expect(row).toMatchObject({ name: 'First window', version: 2 });
  });

  it('keeps a linked block that was deleted since, but refuses to add one', async () => {
    const block = (await (await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ name: 'Drop box map' })))).json()) as AdminBlock;
    const checklist = await create(adminChecklistBody([block._id]));
    expect((await asAda(`${base()}/blocks/${block._id}`, { method: 'DELETE', headers: ifMatch(1) })).status).toBe(200);
    const renamed = await put(checklist._id, adminChecklistBody([block._id], { name: 'Renamed' }), 1);
    expect(renamed.status).toBe(200);
    const other = await create(adminChecklistBody([]));
    expect(await errorOf(await put(other._id, adminChecklistBody([block._id]), 1))).toMatchObject({ status: 400, message: expect.stringContaining('blocks.0:') as unknown });
  });
});

describe('deleting and restoring a checklist', () => {
  it('hides a deleted checklist from members and starts no run of it; restoring brings it back as it was', async () => {
    const checklist = await create();
    const deleted = await remove(checklist._id, 1);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ deleted: true, version: 2 });
    expect((await memberChecklists()).map((row) => row._id)).not.toContain(checklist._id);
    const run = await world.call(
      world.alice,
      `/accounts/${world.accountA.id}/teams/${world.elections.id}/recordedphoneflows`,
      json('POST', recordedChecklistBody(world, { phoneFlowId: checklist._id, name: checklist.name })),
    );
    expect(run.status).toBe(404);

    // Listed for admins only on request.
    const listed = (await (await asAda(`${base()}/checklists`)).json()) as AdminChecklist[];
    expect(listed.map((row) => row._id)).not.toContain(checklist._id);
    const all = (await (await asAda(`${base()}/checklists?includeDeleted=true`)).json()) as AdminChecklist[];
    expect(all.find((row) => row._id === checklist._id)).toMatchObject({ deleted: true });

    expect(await errorOf(await put(checklist._id, adminChecklistBody(), 2))).toMatchObject({ status: 409, code: 'checklist_deleted' });
    expect(await errorOf(await remove(checklist._id, 2))).toMatchObject({ status: 409, code: 'checklist_deleted' });
    expect((await restore(checklist._id, 1)).status).toBe(412);

    const restored = await restore(checklist._id, 2);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ deleted: false, version: 3, tasks: checklist.tasks, blocks: checklist.blocks });
    expect(await errorOf(await restore(checklist._id, 3))).toMatchObject({ status: 409, code: 'checklist_not_deleted' });
    expect((await memberChecklists()).map((row) => row._id)).toContain(checklist._id);
    expect(await auditActions()).toEqual(['checklist.undeleted checklist', 'checklist.deleted checklist', 'checklist.created checklist']);
  });

  it('is 404 for an id that cannot be a checklist', async () => {
    for (const id of ['nope', '0'.repeat(24), `${world.electionChecklist.id}x`]) {
      expect((await asAda(`${base()}/checklists/${id}`)).status, id).toBe(404);
    }
  });
});
