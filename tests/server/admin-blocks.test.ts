import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminBlock, AdminTeam, BlockVersion } from '../../src/api/contract/admin';
import type { AuditPage } from '../../src/api/contract/audit';
import type { Database } from '../../server/db/database';
import { accounts, auditEvents, blocks, blockVersions, users } from '../../server/db/schema';
import { seedDemo } from '../../server/seed';
import { adminBlockBody, json } from './support/bodies';
import { givenUse } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * The admin API for a team's blocks: writing them with versions and If-Match, soft delete, the
 * history and the audit log, and what members see after an admin's change.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const base = () => `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}`;
const blockPath = (id: string) => `${base()}/blocks/${id}`;
const asAda = (path: string, init?: RequestInit) => world.call(world.ada, path, init);
const ifMatch = (etag: string) => ({ 'If-Match': etag });

async function create(overrides: Record<string, unknown> = {}): Promise<{ block: AdminBlock; etag: string }> {
  const response = await asAda(`${base()}/blocks`, json('POST', adminBlockBody(overrides)));
  expect(response.status, await response.clone().text()).toBe(201);
  return { block: (await response.json()) as AdminBlock, etag: response.headers.get('ETag')! };
}

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...error };
}

describe('GET /admin/teams', () => {
  it('lists the teams the caller administers or edits, with the account and the role, and nothing for anyone else', async () => {
    const response = await asAda('/admin/teams');
    expect(response.status).toBe(200);
    const teams = (await response.json()) as AdminTeam[];
    expect(teams).toEqual([
      { _id: world.elections.id, name: 'Elections', account: { _id: world.accountA.id, name: 'Alder County' }, role: 'admin', requireReview: false },
      { _id: world.recorder.id, name: 'Recorder', account: { _id: world.accountA.id, name: 'Alder County' }, role: 'admin', requireReview: false },
    ]);
    const alice = await world.call(world.alice, '/admin/teams');
    expect(alice.status).toBe(200);
    expect(await alice.json()).toEqual([]);
    // An editor of a team gets it with the editor's role.
    await database.db.update(users).set({ editorTeams: [world.recorder.id] }).where(eq(users.id, world.alice.id));
    const editor = await world.call(world.alice, '/admin/teams');
    expect(await editor.json()).toEqual([{ _id: world.recorder.id, name: 'Recorder', account: { _id: world.accountA.id, name: 'Alder County' }, role: 'editor', requireReview: false }]);
  });
});

describe('creating and reading a block', () => {
  it('answers 201 with the block, ETag "1" and its Location, and reads it back', async () => {
    const response = await asAda(`${base()}/blocks`, json('POST', adminBlockBody()));
    expect(response.status).toBe(201);
    expect(response.headers.get('ETag')).toBe('"1"');
    const block = (await response.json()) as AdminBlock;
    expect(response.headers.get('Location')).toBe(`/api${blockPath(block._id)}`);
    expect(block).toMatchObject({
      ...adminBlockBody(),
      account: world.accountA.id,
      team: world.elections.id,
      version: 1,
      deleted: false,
      deletedAt: null,
    });
    const read = await asAda(blockPath(block._id));
    expect(read.status).toBe(200);
    expect(read.headers.get('ETag')).toBe('"1"');
    expect(await read.json()).toEqual(block);
  });

  it('stores a block without the optional fields, and the member list shows it', async () => {
    const { block } = await create({ categories: undefined, cc: undefined, subjectLine: undefined, attachments: undefined, examples: undefined, supportedContexts: ['text_input'] });
    expect(block).toMatchObject({ categories: [], cc: [], subjectLine: null, attachments: [], examples: [], supportedContexts: ['text_input'] });
    const members = await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`);
    const listed = ((await members.json()) as Array<{ _id: string; cc?: unknown }>).find((row) => row._id === block._id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('cc');
    expect(listed).not.toHaveProperty('examples');
  });

  it('gives members the example questions with the block, trimmed, for their recommendations', async () => {
    const { block } = await create({ examples: ['  where can i drop off my ballot ', 'is there a box near the library'] });
    expect(block.examples).toEqual(['where can i drop off my ballot', 'is there a box near the library']);
    const members = await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`);
    const listed = ((await members.json()) as Array<{ _id: string; examples?: string[] }>).find((row) => row._id === block._id);
    expect(listed?.examples).toEqual(['where can i drop off my ballot', 'is there a box near the library']);
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a name with a line break', { name: 'Two\nlines' }, 'name'],
    ['an empty body', { body: ' ' }, 'body'],
    ['a body over 100,000 characters', { body: 'x'.repeat(100_001) }, 'body'],
    ['a control character in the body', { body: 'Bell\u0007' }, 'body'],
    ['21 categories', { categories: Array.from({ length: 21 }, (_, i) => `Category ${i}`) }, 'categories'],
    ['a category over 100 characters', { categories: ['c'.repeat(101)] }, 'categories.0'],
    ['no supported context', { supportedContexts: [] }, 'supportedContexts'],
    ['an unknown context', { supportedContexts: ['fax'] }, 'supportedContexts.0'],
    ['21 Cc addresses', { cc: Array.from({ length: 21 }, (_, i) => `a${i}@alder.test`) }, 'cc'],
    ['a Cc that is no address', { cc: ['the clerk'] }, 'cc.0'],
    ['an http attachment', { attachments: [{ name: 'Map', url: 'http://files.alder.test/map.pdf' }] }, 'attachments.0.url'],
    ['a javascript: attachment', { attachments: [{ name: 'Map', url: 'javascript:alert(1)' }] }, 'attachments.0.url'],
    ['an attachment without a name', { attachments: [{ name: '', url: 'https://files.alder.test/map.pdf' }] }, 'attachments.0.name'],
    ['a subject line with a direction override', { subjectLine: 'Ballot \u202egnp.exe' }, 'subjectLine'],
    ['51 example questions', { examples: Array.from({ length: 51 }, (_, i) => `question ${i}`) }, 'examples'],
    ['an example question over 300 characters', { examples: ['q'.repeat(301)] }, 'examples.0'],
    ['an example question with a line break', { examples: ['two\nlines'] }, 'examples.0'],
    ['an empty example question', { examples: ['ok', ' '] }, 'examples.1'],
    ['example questions that are not a list', { examples: 'where is my ballot' }, 'examples'],
  ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
    const response = await asAda(`${base()}/blocks`, json('POST', adminBlockBody(overrides)));
    const problem = await errorOf(response);
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('invalid_request');
    expect(problem.message).toContain(field);
  });

  it('keeps a body up to 100,000 characters, with line breaks and right-to-left text', async () => {
    const body = `<p>\u202bמרכז הצבעה\u202c</p>\n${'x'.repeat(99_000)}`;
    const { block } = await create({ body });
    expect(block.body).toBe(body);
  });
});

describe('listing a team’s blocks', () => {
  it('lists versions and deleted state, filters by text, category and context, and hides deleted ones unless asked', async () => {
    const { block: drop } = await create({ name: 'Drop boxes', body: '<p>Open until <b>8 p.m.</b></p>', categories: ['Mail Ballots'], supportedContexts: ['outlook'] });
    const { block: poll, etag } = await create({ name: 'Poll workers', body: '<p>Paid training</p>', categories: ['Volunteers'], supportedContexts: ['gmail'] });
    await asAda(blockPath(poll._id), { method: 'DELETE', headers: ifMatch(etag) });
    const list = async (query: string) => {
      const response = await asAda(`${base()}/blocks${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as AdminBlock[]).map((block) => block.name);
    };
    // The world's Elections block is there too.
    expect(await list('')).toEqual(['Ballot tracking', 'Drop boxes']);
    expect(await list('?includeDeleted=true')).toEqual(['Ballot tracking', 'Drop boxes', 'Poll workers']);
    const all = (await (await asAda(`${base()}/blocks?includeDeleted=1`)).json()) as AdminBlock[];
    expect(all.find((block) => block._id === poll._id)).toMatchObject({ deleted: true, version: 2 });
    expect(all.find((block) => block._id === drop._id)).toMatchObject({ deleted: false, version: 1 });
    expect(await list('?q=DROP')).toEqual(['Drop boxes']);
    expect(await list('?q=8%20p.m.')).toEqual(['Drop boxes']);
    // Markup is not text: "<b>" and "p>" find nothing.
    expect(await list('?q=%3Cb%3E')).toEqual([]);
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=training&includeDeleted=true')).toEqual(['Poll workers']);
    expect(await list('?category=Mail%20Ballots')).toEqual(['Ballot tracking', 'Drop boxes']);
    expect(await list('?supportedContext=outlook')).toEqual(['Ballot tracking', 'Drop boxes']);
    expect(await list('?supportedContext=gmail&includeDeleted=true')).toEqual(['Ballot tracking', 'Poll workers']);
    for (const bad of ['?includeDeleted=yes', '?supportedContext=fax', `?q=${'x'.repeat(201)}`, '?q=%00']) {
      expect((await asAda(`${base()}/blocks${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('editing with If-Match', () => {
  it('answers 428 without If-Match and 412 with a stale one, saying the block was changed by someone else', async () => {
    const { block, etag } = await create();
    const missing = await errorOf(await asAda(blockPath(block._id), json('PUT', adminBlockBody({ name: 'Mine' }))));
    expect(missing).toMatchObject({ status: 428, code: 'precondition_required' });
    expect((await errorOf(await asAda(blockPath(block._id), json('PUT', adminBlockBody(), { 'If-Match': '*' })))).status).toBe(428);
    expect((await errorOf(await asAda(blockPath(block._id), json('PUT', adminBlockBody(), { 'If-Match': 'not a tag' })))).status).toBe(400);

    // Ada's first tab saves; her second tab, opened at version 1, is refused.
    const first = await asAda(blockPath(block._id), json('PUT', adminBlockBody({ name: 'First tab' }), ifMatch(etag)));
    expect(first.status).toBe(200);
    expect(first.headers.get('ETag')).toBe('"2"');
    const stale = await asAda(blockPath(block._id), json('PUT', adminBlockBody({ name: 'Second tab' }), ifMatch(etag)));
    expect(stale.status).toBe(412);
    expect(stale.headers.get('ETag')).toBe('"2"');
    const problem = await errorOf(stale);
    expect(problem.code).toBe('block_changed');
    expect(problem.message).toContain('changed by someone else since you opened it');
    // A weak tag names the same version (a compressed answer carries one): a stale one is refused too.
    expect((await asAda(blockPath(block._id), json('PUT', adminBlockBody(), { 'If-Match': 'W/"1"' }))).status).toBe(412);
    expect(((await (await asAda(blockPath(block._id))).json()) as AdminBlock).name).toBe('First tab');
  });

  it('lets exactly one of two saves from the same version through', async () => {
    const { block, etag } = await create();
    const saves = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => asAda(blockPath(block._id), json('PUT', adminBlockBody({ name }), ifMatch(etag)))),
    );
    expect(saves.map((response) => response.status).sort()).toEqual([200, 412, 412]);
    const versions = (await (await asAda(`${blockPath(block._id)}/versions`)).json()) as BlockVersion[];
    expect(versions.map((version) => version.version)).toEqual([2, 1]);
  });

  it('keeps the version when a save changes nothing', async () => {
    const { block, etag } = await create();
    const same = await asAda(blockPath(block._id), json('PUT', adminBlockBody(), ifMatch(etag)));
    expect(same.status).toBe(200);
    expect(same.headers.get('ETag')).toBe('"1"');
  });

  it('shows a member the edit at their next load: the conditional GET is a 200 with the new body, never a 304', async () => {
    const members = `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`;
    const { block, etag } = await create();
    const before = await world.call(world.alice, members);
    const memberEtag = before.headers.get('ETag')!;
    expect((await world.call(world.alice, members, { headers: { 'If-None-Match': memberEtag } })).status).toBe(304);

    await asAda(blockPath(block._id), json('PUT', adminBlockBody({ body: '<p>New hours: until 9 p.m.</p>' }), ifMatch(etag)));
    const after = await world.call(world.alice, members, { headers: { 'If-None-Match': memberEtag } });
    expect(after.status).toBe(200);
    const listed = (await after.json()) as Array<{ _id: string; body: string }>;
    expect(listed.find((row) => row._id === block._id)?.body).toBe('<p>New hours: until 9 p.m.</p>');

    // Deleting it is a change too: the block is gone at the next load.
    const afterEtag = after.headers.get('ETag')!;
    await asAda(blockPath(block._id), { method: 'DELETE', headers: ifMatch('"2"') });
    const gone = await world.call(world.alice, members, { headers: { 'If-None-Match': afterEtag } });
    expect(gone.status).toBe(200);
    expect(((await gone.json()) as Array<{ _id: string }>).map((row) => row._id)).not.toContain(block._id);
  });
});

describe('duplicating', () => {
  it('makes a new block named "Copy of <name>" with the same content, at version 1', async () => {
    const { block } = await create();
    const response = await asAda(`${blockPath(block._id)}/duplicate`, { method: 'POST' });
    expect(response.status).toBe(201);
    expect(response.headers.get('ETag')).toBe('"1"');
    const copy = (await response.json()) as AdminBlock;
    expect(response.headers.get('Location')).toBe(`/api${blockPath(copy._id)}`);
    expect(copy._id).not.toBe(block._id);
    expect(copy).toMatchObject({ ...adminBlockBody(), name: 'Copy of Ballot drop boxes', version: 1, deleted: false });
  });

  it('keeps a copy of a long name within the name limit', async () => {
    const { block } = await create({ name: 'n'.repeat(200) });
    const copy = (await (await asAda(`${blockPath(block._id)}/duplicate`, { method: 'POST' })).json()) as AdminBlock;
    expect(copy.name).toHaveLength(200);
    expect(copy.name.startsWith('Copy of nnn')).toBe(true);
  });
});

describe('deleting and undeleting', () => {
  it('hides a deleted block from members (list, most used), keeps it for admins, and brings it back', async () => {
    const { block, etag } = await create();
    await givenUse(database.db, { ...block, id: block._id, accountId: block.account, teamId: block.team }, world.alice);
    const mostUsed = async () =>
      ((await (await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses/mostfrequentlyused?teams=${world.elections.id}&num=5`)).json()) as Array<{ _id: string }>).map((row) => row._id);
    const memberList = async () =>
      ((await (await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`)).json()) as Array<{ _id: string }>).map((row) => row._id);
    expect(await mostUsed()).toContain(block._id);

    expect((await asAda(blockPath(block._id), { method: 'DELETE' })).status).toBe(428);
    const deleted = await asAda(blockPath(block._id), { method: 'DELETE', headers: ifMatch(etag) });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('ETag')).toBe('"2"');
    const body = (await deleted.json()) as AdminBlock;
    expect(body).toMatchObject({ deleted: true, version: 2 });
    expect(Date.parse(body.deletedAt!)).toBeGreaterThan(0);
    expect(await memberList()).not.toContain(block._id);
    expect(await mostUsed()).not.toContain(block._id);
    // A use recorded from a device's outbox after the delete is still kept: the use happened.
    const late = await world.call(
      world.alice,
      `/accounts/${world.accountA.id}/teams/${world.elections.id}/sentautoresponses`,
      json('POST', {
        userEmail: world.alice.email,
        autoResponseId: block._id,
        autoResponseName: block.name,
        autoResponseContent: block.body,
        account: world.accountA.id,
        team: world.elections.id,
        timeSent: '2026-11-02T15:04:05.000Z',
        supportedContexts: ['outlook'],
        contextUsed: 'outlook',
        uiSource: 'search',
        cognitoSub: world.alice.cognitoSub,
        microsoftSub: null,
      }),
    );
    expect(late.status).toBe(201);

    expect(((await (await asAda(blockPath(block._id))).json()) as AdminBlock).deleted).toBe(true);
    expect((await errorOf(await asAda(blockPath(block._id), { method: 'DELETE', headers: ifMatch('"2"') }))).code).toBe('block_deleted');
    expect((await asAda(blockPath(block._id), json('PUT', adminBlockBody({ name: 'Edit' }), ifMatch('"2"')))).status).toBe(409);
    expect((await asAda(`${blockPath(block._id)}/restore`, { method: 'POST', headers: ifMatch('"1"') })).status).toBe(412);

    const restored = await asAda(`${blockPath(block._id)}/restore`, { method: 'POST', headers: ifMatch('"2"') });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ deleted: false, deletedAt: null, version: 3, name: block.name });
    expect(await memberList()).toContain(block._id);
    expect((await errorOf(await asAda(`${blockPath(block._id)}/restore`, { method: 'POST', headers: ifMatch('"3"') }))).code).toBe('block_not_deleted');
  });
});

describe('versions', () => {
  it('keeps every save whole, lists them newest first with their author, and restores an old one as a new version', async () => {
    const { block } = await create({ name: 'First', body: '<p>One</p>' });
    await asAda(blockPath(block._id), json('PUT', adminBlockBody({ name: 'Second', body: '<p>Two</p>', cc: [] }), ifMatch('"1"')));
    await asAda(blockPath(block._id), { method: 'DELETE', headers: ifMatch('"2"') });
    await asAda(`${blockPath(block._id)}/restore`, { method: 'POST', headers: ifMatch('"3"') });

    // Restoring a version needs the current version too.
    expect((await asAda(`${blockPath(block._id)}/versions/1/restore`, { method: 'POST' })).status).toBe(428);
    expect((await asAda(`${blockPath(block._id)}/versions/1/restore`, { method: 'POST', headers: ifMatch('"2"') })).status).toBe(412);
    expect((await asAda(`${blockPath(block._id)}/versions/9/restore`, { method: 'POST', headers: ifMatch('"4"') })).status).toBe(404);
    expect((await asAda(`${blockPath(block._id)}/versions/x/restore`, { method: 'POST', headers: ifMatch('"4"') })).status).toBe(404);
    const restored = await asAda(`${blockPath(block._id)}/versions/1/restore`, { method: 'POST', headers: ifMatch('"4"') });
    expect(restored.status).toBe(200);
    expect(restored.headers.get('ETag')).toBe('"5"');
    expect(await restored.json()).toMatchObject({ name: 'First', body: '<p>One</p>', cc: ['elections@alder.test'], version: 5 });

    const response = await asAda(`${blockPath(block._id)}/versions`);
    expect(response.status).toBe(200);
    const versions = (await response.json()) as BlockVersion[];
    expect(versions.map((version) => [version.version, version.action, version.name])).toEqual([
      [5, 'restored', 'First'],
      [4, 'undeleted', 'Second'],
      [3, 'deleted', 'Second'],
      [2, 'edited', 'Second'],
      [1, 'created', 'First'],
    ]);
    expect(versions[0]).toMatchObject({ ...adminBlockBody({ name: 'First', body: '<p>One</p>' }), author: { _id: world.ada.id, email: 'ada@alder.test' } });
    expect(versions[3]!.cc).toEqual([]);
    expect(Date.parse(versions[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(versions[4]!.createdAt));
  });

  it('starts the history of a block made outside the admin API at its current version, by nobody', async () => {
    // The world's blocks were inserted straight into the database, as the seed and old data are.
    const listed = (await (await asAda(`${blockPath(world.electionBlock.id)}/versions`)).json()) as BlockVersion[];
    expect(listed).toEqual([]);
    const edited = await asAda(blockPath(world.electionBlock.id), json('PUT', adminBlockBody(), ifMatch('"1"')));
    expect(edited.status).toBe(200);
    const versions = (await (await asAda(`${blockPath(world.electionBlock.id)}/versions`)).json()) as BlockVersion[];
    expect(versions.map((version) => version.version)).toEqual([2]);
  });

  it('gives every demo block its version 1, made by nobody', async () => {
    await database.db.execute(sql`truncate accounts cascade`);
    expect(await seedDemo(database.db)).toBe(true);
    const [counts] = (
      (await database.db.execute(
        sql`select (select count(*)::int from blocks) as blocks, (select count(*)::int from block_versions where version = 1 and action = 'created' and author_user_id is null) as versions`,
      )) as { rows: Array<{ blocks: number; versions: number }> }
    ).rows;
    expect(counts!.blocks).toBeGreaterThan(10);
    expect(counts!.versions).toBe(counts!.blocks);
  });
});

describe('the audit log', () => {
  it('records each change with who, what and which fields, never content or addresses, newest first in pages', async () => {
    const { block } = await create();
    await asAda(blockPath(block._id), json('PUT', adminBlockBody({ body: '<p>Secret new wording</p>', cc: ['new.person@alder.test'] }), ifMatch('"1"')));
    const copy = (await (await asAda(`${blockPath(block._id)}/duplicate`, { method: 'POST' })).json()) as AdminBlock;
    await asAda(blockPath(block._id), { method: 'DELETE', headers: ifMatch('"2"') });
    await asAda(`${blockPath(block._id)}/restore`, { method: 'POST', headers: ifMatch('"3"') });
    await asAda(`${blockPath(block._id)}/versions/1/restore`, { method: 'POST', headers: ifMatch('"4"') });

    const response = await asAda(`${base()}/audit`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as AuditPage;
    expect(page.next).toBeNull();
    expect(page.events.map((event) => [event.action, event.entity._id, event.changes])).toEqual([
      ['block.version_restored', block._id, { fromVersion: 1, fields: ['body', 'cc'], version: 5 }],
      ['block.undeleted', block._id, { version: 4 }],
      ['block.deleted', block._id, { version: 3 }],
      ['block.duplicated', copy._id, { copiedFrom: block._id, version: 1 }],
      ['block.edited', block._id, { fields: ['body', 'cc'], version: 2 }],
      ['block.created', block._id, { fields: ['name', 'body', 'categories', 'supportedContexts', 'cc', 'subjectLine', 'attachments', 'examples'], version: 1 }],
    ]);
    for (const event of page.events) {
      expect(event.actor).toEqual({ _id: world.ada.id, email: 'ada@alder.test' });
      expect(event.entity.kind).toBe('block');
      expect(Date.parse(event.at)).toBeGreaterThan(0);
    }
    const stored = JSON.stringify(await database.db.select({ changes: auditEvents.changes }).from(auditEvents));
    for (const secret of ['Secret new wording', 'new.person@alder.test', 'elections@alder.test', 'Ballot drop boxes']) expect(stored).not.toContain(secret);

    // Pages of two, following `next`, give the same events in the same order.
    const paged: string[] = [];
    let before: string | null = null;
    do {
      const next = (await (await asAda(`${base()}/audit?limit=2${before ? `&before=${before}` : ''}`)).json()) as AuditPage;
      expect(next.events.length).toBeLessThanOrEqual(2);
      paged.push(...next.events.map((event) => event._id));
      before = next.next;
    } while (before);
    expect(paged).toEqual(page.events.map((event) => event._id));
    for (const bad of ['?limit=0', '?limit=201', '?before=yesterday']) expect((await asAda(`${base()}/audit${bad}`)).status, bad).toBe(400);
  });

  it("keeps each team's log to itself", async () => {
    await create();
    const recorder = await asAda(`/admin/accounts/${world.accountA.id}/teams/${world.recorder.id}/audit`);
    expect(((await recorder.json()) as AuditPage).events).toEqual([]);
  });

  it('writes the block, its version and its event together or not at all', async () => {
    const { block } = await create();
    // A version row that is already taken makes the next save fail half-way: nothing of it stays.
    await database.db.insert(blockVersions).values({ blockId: block._id, version: 2, accountId: block.account, teamId: block.team, name: 'x', body: 'x', action: 'edited' });
    const failed = await asAda(blockPath(block._id), json('PUT', adminBlockBody({ name: 'Half-saved' }), ifMatch('"1"')));
    expect(failed.status).toBe(500);
    const [row] = await database.db.select().from(blocks).where(eq(blocks.id, block._id));
    expect(row).toMatchObject({ name: 'Ballot drop boxes', version: 1 });
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.entityId, block._id));
    expect(events.map((event) => event.action)).toEqual(['block.created']);
  });
});

describe('the classifier and deleted blocks', () => {
  it('forgets a deleted block and learns it again when it is undeleted', async () => {
    await database.db.update(accounts).set({ emailClassificationOn: true, emailClassificationTeams: [world.elections.id, world.recorder.id] }).where(eq(accounts.id, world.accountA.id));
    const classify = async () => {
      const response = await world.call(world.ada, '/classify', json('POST', { text: 'zorblax zorblax' }));
      return (await response.json()) as { prediction: string; confidence: number };
    };
    const recorderBlocks = `/admin/accounts/${world.accountA.id}/teams/${world.recorder.id}/blocks`;
    const created = await asAda(recorderBlocks, json('POST', adminBlockBody({ name: 'Zorblax filings', body: '<p>Zorblax forms are recorded here.</p>' })));
    const block = (await created.json()) as AdminBlock;
    expect(await classify()).toMatchObject({ prediction: 'Recorder' });
    await asAda(`${recorderBlocks}/${block._id}`, { method: 'DELETE', headers: ifMatch('"1"') });
    expect((await classify()).confidence).toBeLessThan(0.55);
    await asAda(`${recorderBlocks}/${block._id}/restore`, { method: 'POST', headers: ifMatch('"2"') });
    expect(await classify()).toMatchObject({ prediction: 'Recorder' });
  });
});
