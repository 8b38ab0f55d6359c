import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminSuggestion, AdminSuggestionApproved, AdminSuggestionPage, BlockVersion } from '../../src/api/contract/admin';
import type { AuditPage } from '../../src/api/contract/audit';
import type { Database } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import { accounts, blocks } from '../../server/db/schema';
import { suggestedAutoResponses } from '../../server/db/records-schema';
import { adminBlockBody, json, suggestionBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

/**
 * The suggestions inbox of the admin API: members suggest blocks, a team admin approves one (the
 * block is created through the same write path as a new block, with its version and audit events)
 * or rejects it with a note; a decision is made once; another team's or account's suggestions are
 * not there.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const base = () => `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}`;
const inbox = (query = '') => `${base()}/suggestions${query}`;
const asAda = (path: string, init?: RequestInit) => world.call(world.ada, path, init);
const members = () => `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`;

/** Alice suggests a block to Elections, as the task pane does. */
async function suggest(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await world.call(world.alice, `/accounts/${world.accountA.id}/teams/${world.elections.id}/suggestedautoresponses`, json('POST', suggestionBody(overrides)));
  expect(response.status).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** A suggestion straight into the database, for other teams and accounts and for known times. */
async function givenSuggestion(team: { id: string; accountId: string }, overrides: Partial<typeof suggestedAutoResponses.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await database.db.insert(suggestedAutoResponses).values({
    id,
    accountId: team.accountId,
    teamId: team.id,
    userId: world.alice.id,
    userEmail: world.alice.email,
    name: 'A suggestion',
    body: 'Its text.',
    supportedContexts: ['outlook'],
    ...overrides,
  });
  return id;
}

async function list(query = ''): Promise<AdminSuggestionPage> {
  const response = await asAda(inbox(query));
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  return (await response.json()) as AdminSuggestionPage;
}

const approve = (id: string, body: Record<string, unknown> = adminBlockBody()) => asAda(`${inbox()}/${id}/approve`, json('POST', body));
const reject = (id: string, body: Record<string, unknown> = {}) => asAda(`${inbox()}/${id}/reject`, json('POST', body));

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...error };
}

describe('GET .../suggestions', () => {
  it('lists the open suggestions of the team, newest first, with who suggested them and nothing decided', async () => {
    const older = await givenSuggestion(world.elections, { name: 'Older', createdAt: new Date('2026-10-01T09:00:00.000Z') });
    const id = await suggest();
    // Another team of the account, and another account, each with an open suggestion.
    await givenSuggestion(world.recorder, { name: 'Recorder idea' });
    await givenSuggestion({ id: world.birchTeam.id, accountId: world.accountB.id }, { name: 'Birch idea' });
    await givenSuggestion({ id: world.elections.id, accountId: world.accountB.id }, { name: 'Forged team idea' });

    const page = await list();
    expect(page.next).toBeNull();
    expect(page.suggestions.map((row) => row._id)).toEqual([id, older]);
    const [first] = page.suggestions;
    expect(first).toEqual({
      _id: id,
      name: 'Poll closing time',
      body: 'Polls close at 8 p.m.; anyone in line by then may vote.',
      supportedContexts: ['outlook', 'gmail'],
      suggestedBy: { _id: world.alice.id, email: 'alice@alder.test' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      status: 'open',
      decidedAt: null,
      decidedBy: null,
      note: null,
      blockId: null,
      language: 'en',
    } satisfies AdminSuggestion);
    expect(await list('?status=approved')).toEqual({ suggestions: [], next: null });
  });

  it("keeps the language a suggestion is written in, among the account's languages", async () => {
    const text = { name: 'Boleta que no llegó', body: 'Si no le llegó la boleta por correo, podemos enviarle otra. Responda con su nombre y su dirección.' };
    // English only: every suggestion is English.
    const before = await suggest(text);
    await database.db.update(accounts).set({ languages: ['en', 'es'] }).where(eq(accounts.id, world.accountA.id));
    const spanish = await suggest(text);
    const english = await suggest({ name: 'Ballot never came', body: 'If your mail ballot never came we can send you another one.' });
    const languages = new Map((await list()).suggestions.map((row) => [row._id, row.language]));
    expect([languages.get(before), languages.get(spanish), languages.get(english)]).toEqual(['en', 'es', 'en']);
  });

  it('pages with limit and next, never repeating or skipping one, even within a millisecond', async () => {
    const at = new Date('2026-10-02T10:00:00.000Z');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await givenSuggestion(world.elections, { name: `Idea ${i}`, createdAt: new Date(at.getTime() + (i < 3 ? 0 : i)) }));
    // Microseconds within the same millisecond, which the cursor cannot hold.
    for (const [index, micros] of [[1, 400], [2, 800]] as const) {
      await database.db
        .update(suggestedAutoResponses)
        .set({ createdAt: sql`${suggestedAutoResponses.createdAt} + make_interval(secs => ${micros / 1_000_000})` })
        .where(eq(suggestedAutoResponses.id, ids[index]!));
    }
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: AdminSuggestionPage = await list(`?limit=2${next ? `&before=${next}` : ''}`);
      expect(page.suggestions.length).toBeLessThanOrEqual(2);
      seen.push(...page.suggestions.map((row) => row._id));
      next = page.next;
    } while (next);
    expect(seen.sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses an unknown status, a bad cursor and a limit out of range', async () => {
    for (const query of ['?status=pending', '?status=', '?before=yesterday', '?limit=0', '?limit=201', '?status=%00']) {
      expect((await asAda(inbox(query))).status, query).toBe(400);
    }
  });
});

describe('approving a suggestion', () => {
  it('makes a block used in every place, text fields included, when the approval names no places, whatever the member suggested', async () => {
    const id = await suggest();
    const { supportedContexts: _left, ...withoutPlaces } = adminBlockBody({ name: 'Poll hours everywhere' });
    const response = await approve(id, withoutPlaces);
    expect(response.status, await response.clone().text()).toBe(201);
    const { block } = (await response.json()) as AdminSuggestionApproved;
    expect(block.supportedContexts).toEqual(['outlook', 'gmail', 'text_input']);
  });

  it('creates the block as the admin edited it, version 1 by the admin, with both audit events, and marks the suggestion approved', async () => {
    const id = await suggest();
    const edited = adminBlockBody({ name: 'Poll closing time', body: '<p>Polls close at <b>8 p.m.</b></p>', subjectLine: 'Polls close at 8' });
    const response = await approve(id, edited);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(response.headers.get('ETag')).toBe('"1"');
    const { suggestion, block } = (await response.json()) as AdminSuggestionApproved;
    expect(response.headers.get('Location')).toBe(`/api${base()}/blocks/${block._id}`);
    expect(block).toMatchObject({ ...edited, account: world.accountA.id, team: world.elections.id, version: 1, deleted: false });
    expect(suggestion).toMatchObject({
      _id: id,
      status: 'approved',
      decidedBy: { _id: world.ada.id, email: 'ada@alder.test' },
      note: null,
      blockId: block._id,
      // What the member wrote stays as written.
      name: 'Poll closing time',
      body: 'Polls close at 8 p.m.; anyone in line by then may vote.',
    });
    expect(suggestion.decidedAt).toBe(block.createdAt);

    const versions = (await (await asAda(`${base()}/blocks/${block._id}/versions`)).json()) as BlockVersion[];
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, action: 'created', author: { _id: world.ada.id, email: 'ada@alder.test' } });

    const audit = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
    const actions = audit.events.map((event) => [event.action, event.entity.kind, event.entity._id]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['block.created', 'block', block._id],
        ['suggestion.approved', 'suggestion', id],
      ]),
    );
    expect(audit.events.find((event) => event.action === 'suggestion.approved')!.changes).toEqual({ block: block._id, name: suggestionBody().name });
    expect(audit.events.find((event) => event.action === 'block.created')!.changes).toMatchObject({ fromSuggestion: id, version: 1 });
    // Names and ids only: no content in the log.
    expect(JSON.stringify(audit)).not.toContain('8 p.m.');

    expect((await list()).suggestions).toEqual([]);
    expect((await list('?status=approved')).suggestions).toEqual([suggestion]);
  });

  it('shows the new block to members at their next load: the conditional GET is a 200 with it, never a 304', async () => {
    const id = await suggest();
    const before = await world.call(world.alice, members());
    const etag = before.headers.get('ETag')!;
    expect((await world.call(world.alice, members(), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const { block } = (await (await approve(id, adminBlockBody({ name: 'Poll closing time' }))).json()) as AdminSuggestionApproved;
    const after = await world.call(world.alice, members(), { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const listed = (await after.json()) as Array<{ _id: string; name: string }>;
    expect(listed.find((row) => row._id === block._id)?.name).toBe('Poll closing time');
  });

  it('is 409 the second time, or after a rejection, and creates no second block', async () => {
    const id = await suggest();
    expect((await approve(id)).status).toBe(201);
    const again = await errorOf(await approve(id));
    expect(again).toMatchObject({ status: 409, code: 'suggestion_decided' });
    expect(again.message).toContain('approved');
    expect(await errorOf(await reject(id, { note: 'Too late' }))).toMatchObject({ status: 409, code: 'suggestion_decided' });

    const other = await suggest({ name: 'Another idea' });
    expect((await reject(other)).status).toBe(200);
    expect(await errorOf(await approve(other))).toMatchObject({ status: 409, code: 'suggestion_decided' });
    expect(await errorOf(await reject(other))).toMatchObject({ status: 409, code: 'suggestion_decided' });

    const rows = await database.db.select({ id: blocks.id }).from(blocks).where(eq(blocks.teamId, world.elections.id));
    // The world's Elections block and the one approval.
    expect(rows).toHaveLength(2);
    const audit = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
    expect(audit.events.map((event) => event.action).sort()).toEqual(['block.created', 'suggestion.approved', 'suggestion.rejected']);
  });

  it('lets exactly one of three admins deciding at once win; the others get 409 and no second block appears', async () => {
    const id = await suggest();
    const answers = await Promise.all([approve(id), approve(id, adminBlockBody({ name: 'Second' })), reject(id)]);
    const statuses = answers.map((response) => response.status);
    // Whichever decision reaches the database first wins: an approval (201) or the rejection (200).
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const winner = statuses.find((status) => status !== 409);
    expect([200, 201]).toContain(winner);
    const rows = await database.db.select({ id: blocks.id }).from(blocks).where(eq(blocks.teamId, world.elections.id));
    // The world's Elections block, plus the approved one if an approval won.
    expect(rows).toHaveLength(winner === 201 ? 2 : 1);
    const decided = await list(`?status=${winner === 201 ? 'approved' : 'rejected'}`);
    expect(decided.suggestions.map((suggestion) => suggestion._id)).toEqual([id]);
  });

  it('refuses a block that breaks the block rules with 400 naming the field, and leaves the suggestion open', async () => {
    const id = await suggest();
    for (const [overrides, field] of [
      [{ name: ' ' }, 'name'],
      [{ body: 'Bell\u0007' }, 'body'],
      [{ supportedContexts: [] }, 'supportedContexts'],
      [{ cc: ['the clerk'] }, 'cc.0'],
      [{ attachments: [{ name: 'Map', url: 'javascript:alert(1)' }] }, 'attachments.0.url'],
    ] as const) {
      const problem = await errorOf(await approve(id, adminBlockBody(overrides)));
      expect(problem.status).toBe(400);
      expect(problem.message).toContain(field);
    }
    expect((await list()).suggestions.map((row) => row._id)).toEqual([id]);
  });
});

describe('rejecting a suggestion', () => {
  it('keeps the note, multi-line, with who decided and when, and records suggestion.rejected without the note', async () => {
    const id = await suggest();
    const note = '  We already have a block for this.\nSee "Polling hours".  ';
    const response = await reject(id, { note });
    expect(response.status).toBe(200);
    const suggestion = (await response.json()) as AdminSuggestion;
    expect(suggestion).toMatchObject({
      _id: id,
      status: 'rejected',
      note: 'We already have a block for this.\nSee "Polling hours".',
      blockId: null,
      decidedBy: { _id: world.ada.id, email: 'ada@alder.test' },
    });
    expect(Date.parse(suggestion.decidedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list('?status=rejected')).suggestions).toEqual([suggestion]);
    expect((await list()).suggestions).toEqual([]);

    const audit = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
    expect(audit.events).toHaveLength(1);
    expect(audit.events[0]).toMatchObject({ action: 'suggestion.rejected', entity: { kind: 'suggestion', _id: id }, actor: { _id: world.ada.id }, changes: { withNote: true, name: suggestionBody().name } });
    expect(JSON.stringify(audit)).not.toContain('already have');
  });

  it('takes no note, or an empty one, as none', async () => {
    const first = await suggest();
    const second = await suggest({ name: 'Second idea' });
    expect(((await (await reject(first)).json()) as AdminSuggestion).note).toBeNull();
    expect(((await (await reject(second, { note: '   ' })).json()) as AdminSuggestion).note).toBeNull();
  });

  it('refuses a note over 1,000 characters or with control characters, naming it', async () => {
    const id = await suggest();
    for (const note of ['x'.repeat(1_001), 'Bell\u0007', 'NUL\u0000', '\ud800', 42]) {
      const problem = await errorOf(await reject(id, { note }));
      expect(problem.status).toBe(400);
      expect(problem.message).toContain('note');
    }
    expect(((await (await reject(id, { note: `${'x'.repeat(999)}\u202e` })).json()) as AdminSuggestion).status).toBe('rejected');
  });
});

describe('suggestions that are not this team’s', () => {
  it('are 404 to approve or reject: another team of the account, another account, an unknown or malformed id', async () => {
    const recorderIdea = await givenSuggestion(world.recorder);
    const birchIdea = await givenSuggestion({ id: world.birchTeam.id, accountId: world.accountB.id });
    for (const id of [recorderIdea, birchIdea, newId(), 'not-an-id', `${'a'.repeat(24)}0`]) {
      expect(await errorOf(await approve(id)), id).toMatchObject({ status: 404, code: 'not_found' });
      expect(await errorOf(await reject(id)), id).toMatchObject({ status: 404, code: 'not_found' });
    }
    // Under its own team, the Recorder admin decides it.
    expect((await asAda(`/admin/accounts/${world.accountA.id}/teams/${world.recorder.id}/suggestions/${recorderIdea}/reject`, json('POST', {}))).status).toBe(200);
    const [birch] = await database.db.select().from(suggestedAutoResponses).where(eq(suggestedAutoResponses.id, birchIdea));
    expect(birch).toMatchObject({ status: 'open', decidedAt: null, blockId: null });
  });
});
