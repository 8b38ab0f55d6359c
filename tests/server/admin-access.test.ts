import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminBlock, AdminChecklist } from '../../src/api/contract/admin';
import { eq } from 'drizzle-orm';
import { newId } from '../../server/db/ids';
import { checklists } from '../../server/db/schema';
import { suggestedAutoResponses } from '../../server/db/records-schema';
import { adminBlockBody, adminChecklistBody, json } from './support/bodies';
import { givenChecklist, givenUser } from './support/given';
import { freshWorld, type World } from './support/world';
import { blockDrafts } from '../../server/db/drafts-schema';
import { describedOperations, operationOf } from './support/route-patterns';

/**
 * Who reaches the admin API: every admin route × every kind of caller. Only admins of the team
 * are served; a member of the account who does not administer the team gets 403; another
 * account's teams and blocks do not exist (404, never 403); without a token, 401. A block id of
 * another team, even of the same account, is 404 under this team's path.
 */
let world: World;
let callers: Record<Caller, World['alice'] | null>;
/** Blocks of the Recorder team made through the admin API (so they have versions), per test. */
let live: AdminBlock;
let trashed: AdminBlock;
/** A deleted checklist of the Recorder team, per test (the world's Deed copy request is the live one). */
let trashedChecklist: AdminChecklist;
/** An archived block and an archived checklist of the Recorder team, per test. */
let shelved: AdminBlock;
let shelvedChecklist: AdminChecklist;
/** An open suggestion of the Recorder team (Carol's), and one of Elections and of Birch County. */
let idea: string;
/** Editors' changes waiting in Recorder, one per decision. */
let drafts: Record<'approve' | 'reject' | 'withdraw', string>;
let electionsIdea: string;
let birchIdea: string;

type Caller = 'team admin' | 'member, not admin' | 'admin of another team' | 'user of another account' | 'no token';

const recorderBase = (w: World) => `/admin/accounts/${w.accountA.id}/teams/${w.recorder.id}`;

let database: Awaited<ReturnType<typeof freshWorld>>['database'];

beforeEach(async () => {
  ({ world, database } = await freshWorld());
  // Carol is a member of Recorder; Eve administers Elections only; Bob administers his own account's team.
  const carol = await givenUser(database.db, world.accountA.id, { email: 'carol@alder.test', teams: [world.recorder.id] });
  const eve = await givenUser(database.db, world.accountA.id, { email: 'eve@alder.test', teams: [], adminTeams: [world.elections.id] });
  const bob = await givenUser(database.db, world.accountB.id, { email: 'bob.admin@birch.test', teams: [], adminTeams: [world.birchTeam.id] });
  callers = { 'team admin': world.ada, 'member, not admin': carol, 'admin of another team': eve, 'user of another account': bob, 'no token': null };
  const make = async (name: string) => {
    const response = await world.call(world.ada, `${recorderBase(world)}/blocks`, json('POST', adminBlockBody({ name })));
    return (await response.json()) as AdminBlock;
  };
  live = await make('Recording fees 2027');
  trashed = await make('Old fee table');
  const deleted = await world.call(world.ada, `${recorderBase(world)}/blocks/${trashed._id}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } });
  expect(deleted.status).toBe(200);
  const checklist = await world.call(world.ada, `${recorderBase(world)}/checklists`, json('POST', adminChecklistBody([live._id], { name: 'Old deed checklist' })));
  trashedChecklist = (await checklist.json()) as AdminChecklist;
  expect((await world.call(world.ada, `${recorderBase(world)}/checklists/${trashedChecklist._id}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } })).status).toBe(200);
  shelved = await make('Old recording hours');
  expect((await world.call(world.ada, `${recorderBase(world)}/blocks/${shelved._id}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } })).status).toBe(200);
  shelvedChecklist = (await (await world.call(world.ada, `${recorderBase(world)}/checklists`, json('POST', adminChecklistBody([], { name: 'Old counter checklist' })))).json()) as AdminChecklist;
  expect((await world.call(world.ada, `${recorderBase(world)}/checklists/${shelvedChecklist._id}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } })).status).toBe(200);
  const suggestion = async (team: { id: string; accountId: string }, user: { id: string; email: string }, name: string) => {
    const id = newId();
    await database.db.insert(suggestedAutoResponses).values({ id, accountId: team.accountId, teamId: team.id, userId: user.id, userEmail: user.email, name, body: 'Copies cost $1 a page.', supportedContexts: ['outlook'] });
    return id;
  };
  idea = await suggestion(world.recorder, carol, 'Certified copy prices');
  const draft = async (name: string) => {
    const id = newId();
    await database.db.insert(blockDrafts).values({ id, accountId: world.accountA.id, teamId: world.recorder.id, content: adminBlockBody({ name }), authorUserId: carol.id, state: 'awaiting_approval' });
    return id;
  };
  drafts = { approve: await draft('Recording fees drafted'), reject: await draft('Recording hours drafted'), withdraw: await draft('Counter hours drafted') };
  electionsIdea = await suggestion(world.elections, world.alice, 'Ballot tracking again');
  birchIdea = await suggestion(world.birchTeam, world.bob, 'Birch secret idea');
});

interface AdminRoute {
  name: string;
  request: (w: World) => [string, RequestInit?];
  /** What the team's admin gets. */
  ok: number;
  /** The path names a block. */
  onBlock?: boolean;
  /** The path names a suggestion. */
  onSuggestion?: boolean;
  /** The path names a checklist. */
  onChecklist?: boolean;
}

const ifMatch = (etag: string) => ({ 'If-Match': etag });
const blockOf = (w: World, id: string) => `${recorderBase(w)}/blocks/${id}`;
const checklistOf = (w: World, id: string) => `${recorderBase(w)}/checklists/${id}`;

const ROUTES: AdminRoute[] = [
  { name: 'GET blocks', ok: 200, request: (w) => [`${recorderBase(w)}/blocks?includeDeleted=true`] },
  { name: 'POST blocks', ok: 201, request: (w) => [`${recorderBase(w)}/blocks`, json('POST', adminBlockBody())] },
  { name: 'GET block', onBlock: true, ok: 200, request: (w) => [blockOf(w, live._id)] },
  { name: 'PUT block', onBlock: true, ok: 200, request: (w) => [blockOf(w, live._id), json('PUT', adminBlockBody({ name: 'Edited' }), ifMatch('"1"'))] },
  { name: 'DELETE block', onBlock: true, ok: 200, request: (w) => [blockOf(w, live._id), { method: 'DELETE', headers: ifMatch('"1"') }] },
  { name: 'POST restore', onBlock: true, ok: 200, request: (w) => [`${blockOf(w, trashed._id)}/restore`, { method: 'POST', headers: ifMatch('"2"') }] },
  { name: 'POST duplicate', onBlock: true, ok: 201, request: (w) => [`${blockOf(w, live._id)}/duplicate`, { method: 'POST' }] },
  { name: 'GET versions', onBlock: true, ok: 200, request: (w) => [`${blockOf(w, live._id)}/versions`] },
  { name: 'POST version restore', onBlock: true, ok: 200, request: (w) => [`${blockOf(w, live._id)}/versions/1/restore`, { method: 'POST', headers: ifMatch('"1"') }] },
  { name: 'GET checklists', ok: 200, request: (w) => [`${recorderBase(w)}/checklists?includeDeleted=true`] },
  { name: 'POST checklists', ok: 201, request: (w) => [`${recorderBase(w)}/checklists`, json('POST', adminChecklistBody([live._id]))] },
  { name: 'GET checklist', onChecklist: true, ok: 200, request: (w) => [checklistOf(w, w.recorderChecklist.id)] },
  {
    name: 'PUT checklist',
    onChecklist: true,
    ok: 200,
    request: (w) => [checklistOf(w, w.recorderChecklist.id), json('PUT', adminChecklistBody([], { name: 'Edited' }), ifMatch('"1"'))],
  },
  { name: 'DELETE checklist', onChecklist: true, ok: 200, request: (w) => [checklistOf(w, w.recorderChecklist.id), { method: 'DELETE', headers: ifMatch('"1"') }] },
  { name: 'POST checklist restore', onChecklist: true, ok: 200, request: (w) => [`${checklistOf(w, trashedChecklist._id)}/restore`, { method: 'POST', headers: ifMatch('"2"') }] },
  { name: 'POST block review', onBlock: true, ok: 200, request: (w) => [`${blockOf(w, live._id)}/review`, { method: 'POST', headers: ifMatch('"1"') }] },
  { name: 'POST block archive', onBlock: true, ok: 200, request: (w) => [`${blockOf(w, live._id)}/archive`, { method: 'POST', headers: ifMatch('"1"') }] },
  { name: 'POST block unarchive', onBlock: true, ok: 200, request: (w) => [`${blockOf(w, shelved._id)}/unarchive`, { method: 'POST', headers: ifMatch('"2"') }] },
  { name: 'POST checklist review', onChecklist: true, ok: 200, request: (w) => [`${checklistOf(w, w.recorderChecklist.id)}/review`, { method: 'POST', headers: ifMatch('"1"') }] },
  { name: 'POST checklist archive', onChecklist: true, ok: 200, request: (w) => [`${checklistOf(w, w.recorderChecklist.id)}/archive`, { method: 'POST', headers: ifMatch('"1"') }] },
  { name: 'POST checklist unarchive', onChecklist: true, ok: 200, request: (w) => [`${checklistOf(w, shelvedChecklist._id)}/unarchive`, { method: 'POST', headers: ifMatch('"2"') }] },
  { name: 'GET owners', ok: 200, request: (w) => [`${recorderBase(w)}/owners`] },
  { name: 'GET reviews', ok: 200, request: (w) => [`${recorderBase(w)}/reviews?mine=true`] },
  { name: 'PUT reviews mail', ok: 200, request: (w) => [`${recorderBase(w)}/reviews/mail`, json('PUT', { reviewMail: false })] },
  { name: 'GET drafts', ok: 200, request: (w) => [`${recorderBase(w)}/drafts?state=awaiting_approval`] },
  { name: 'POST draft approve', ok: 200, request: (w) => [`${recorderBase(w)}/drafts/${drafts.approve}/approve`, { method: 'POST' }] },
  { name: 'POST draft reject', ok: 200, request: (w) => [`${recorderBase(w)}/drafts/${drafts.reject}/reject`, { method: 'POST' }] },
  { name: 'POST draft withdraw', ok: 200, request: (w) => [`${recorderBase(w)}/drafts/${drafts.withdraw}/withdraw`, { method: 'POST' }] },
  { name: 'GET cleanup', ok: 200, request: (w) => [`${recorderBase(w)}/cleanup?unusedDays=30`] },
  { name: 'GET audit', ok: 200, request: (w) => [`${recorderBase(w)}/audit`] },
  { name: 'GET audit.csv', ok: 200, request: (w) => [`${recorderBase(w)}/audit.csv?action=block.`] },
  { name: 'GET suggestions', ok: 200, request: (w) => [`${recorderBase(w)}/suggestions?status=open`] },
  {
    name: 'POST suggestion approve',
    onSuggestion: true,
    ok: 201,
    request: (w) => [`${recorderBase(w)}/suggestions/${idea}/approve`, json('POST', adminBlockBody({ name: 'Certified copy prices' }))],
  },
  { name: 'POST suggestion reject', onSuggestion: true, ok: 200, request: (w) => [`${recorderBase(w)}/suggestions/${idea}/reject`, json('POST', { note: 'We have one.' })] },
  { name: 'GET usage', ok: 200, request: (w) => [`${recorderBase(w)}/usage?from=2026-10-01&to=2026-10-31&interval=week`] },
  { name: 'GET usage.csv', ok: 200, request: (w) => [`${recorderBase(w)}/usage.csv?from=2026-10-01&to=2026-10-31`] },
  { name: 'GET learning', ok: 200, request: (w) => [`${recorderBase(w)}/learning`] },
  { name: 'DELETE learning', ok: 204, request: (w) => [`${recorderBase(w)}/learning`, { method: 'DELETE' }] },
  { name: 'GET blocks export', ok: 200, request: (w) => [`${recorderBase(w)}/blocks/export?format=csv`] },
  { name: 'POST blocks import', ok: 200, request: (w) => [`${recorderBase(w)}/blocks/import`, json('POST', [adminBlockBody({ name: 'Recording fees 2027' })])] },
];

const EXPECTED: Record<Caller, (route: AdminRoute) => number> = {
  'team admin': (route) => route.ok,
  'member, not admin': () => 403,
  'admin of another team': () => 403,
  'user of another account': () => 404,
  'no token': () => 401,
};

/** What no one but the team's admins may read. */
const secrets = () => ['Recording fees 2027', 'Old fee table', 'Old recording hours', 'Old counter checklist', 'Deed copy request', 'Old deed checklist', 'Confirm the voter', 'Drop boxes are open', 'elections@alder.test', 'ada@alder.test', live._id, 'Certified copy prices', 'carol@alder.test', 'Recorder'];

describe.each(Object.keys(EXPECTED) as Caller[])('the admin API for %s', (caller) => {
  it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const [path, init] = route.request(world);
    const response = await world.call(callers[caller], path, init);
    const body = await response.text();
    expect(response.status, body).toBe(EXPECTED[caller](route));
    if (caller === 'team admin') return;
    const problem = JSON.parse(body) as { error: { code: string; message: string } };
    expect(problem.error.code).toBe({ 403: 'forbidden', 404: 'not_found', 401: 'unauthenticated' }[response.status]);
    expect(typeof problem.error.message).toBe('string');
    for (const secret of secrets()) expect(body).not.toContain(secret);
  });
});

describe('the route list', () => {
  it('holds every operation of the OpenAPI document under a team of the admin API', () => {
    const exercised = new Set(ROUTES.map((route) => operationOf(...route.request(world))));
    expect([...exercised].sort()).toEqual(describedOperations(world.app, '/admin/accounts/{accountId}/teams/{teamId}/').sort());
  });
});

describe('ids that are not this team’s', () => {
  it.each(ROUTES.filter((route) => route.onBlock).map((route) => [route.name] as const))(
    '%s: a block of another team of the same account, or of another account, is 404 to the team admin',
    async (name) => {
      const route = ROUTES.find((candidate) => candidate.name === name)!;
      for (const other of [world.electionBlock.id, world.birchBlock.id]) {
        // Ada administers Elections too: the block exists and she may edit it, but not under Recorder.
        const [path, init] = route.request(world);
        const response = await world.call(world.ada, path.replace(live._id, other).replace(trashed._id, other).replace(shelved._id, other), init);
        expect(response.status, `${name} ${other}`).toBe(404);
        const body = await response.text();
        expect(body).not.toContain('Birch secret block');
        expect(body).not.toContain('Ballot tracking');
      }
    },
  );

  it.each(ROUTES.filter((route) => route.onChecklist).map((route) => [route.name] as const))(
    '%s: a checklist of another team of the same account, or of another account, is 404 to the team admin and is left as it was',
    async (name) => {
      const route = ROUTES.find((candidate) => candidate.name === name)!;
      const birchChecklist = await givenChecklist(database.db, world.birchTeam, { name: 'Birch secret checklist' });
      for (const other of [world.electionChecklist.id, birchChecklist.id]) {
        // Ada administers Elections too: the checklist exists and she may edit it, but not under Recorder.
        const [path, init] = route.request(world);
        const response = await world.call(world.ada, path.replace(world.recorderChecklist.id, other).replace(trashedChecklist._id, other).replace(shelvedChecklist._id, other), init);
        expect(response.status, `${name} ${other}`).toBe(404);
        const body = await response.text();
        expect(body).not.toContain('Birch secret checklist');
        expect(body).not.toContain('Replacement ballot');
      }
      const [electionsRow] = await database.db.select().from(checklists).where(eq(checklists.id, world.electionChecklist.id));
      expect(electionsRow).toMatchObject({ name: 'Replacement ballot', version: 1, deletedAt: null });
    },
  );

  it.each(ROUTES.filter((route) => route.onSuggestion).map((route) => [route.name] as const))(
    '%s: a suggestion of another team of the same account, or of another account, is 404 to the team admin and stays open',
    async (name) => {
      const route = ROUTES.find((candidate) => candidate.name === name)!;
      for (const other of [electionsIdea, birchIdea]) {
        const [path, init] = route.request(world);
        const response = await world.call(world.ada, path.replace(idea, other), init);
        expect(response.status, `${name} ${other}`).toBe(404);
        const body = await response.text();
        expect(body).not.toContain('Birch secret idea');
        expect(body).not.toContain('Ballot tracking again');
      }
      const open = await world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/suggestions`);
      expect(((await open.json()) as { suggestions: Array<{ _id: string }> }).suggestions.map((row) => row._id)).toEqual([electionsIdea]);
    },
  );

  it("is 404 for another account's team, under the caller's own account or the other's", async () => {
    const birchAdmin = callers['user of another account']!;
    for (const path of [
      `/admin/accounts/${world.accountA.id}/teams/${world.birchTeam.id}/blocks`,
      `/admin/accounts/${world.accountB.id}/teams/${world.recorder.id}/blocks`,
      `/admin/accounts/${world.accountB.id}/teams/${world.birchTeam.id}/blocks`,
      `/admin/accounts/${world.accountA.id}/teams/${'0'.repeat(24)}/blocks`,
    ]) {
      expect((await world.call(world.ada, path)).status, path).toBe(404);
    }
    // Bob administers his own team: he is served there, and only there.
    expect((await world.call(birchAdmin, `/admin/accounts/${world.accountB.id}/teams/${world.birchTeam.id}/blocks`)).status).toBe(200);
    expect((await world.call(birchAdmin, `/admin/accounts/${world.accountA.id}/teams/${world.recorder.id}/blocks`)).status).toBe(404);
    expect((await world.call(birchAdmin, `/admin/accounts/${world.accountB.id}/teams/${world.recorder.id}/blocks`)).status).toBe(404);
  });

  it('lists for GET /admin/teams only the caller’s own administered teams, and 401 without a token', async () => {
    const teamsOf = async (caller: Caller) => {
      const response = await world.call(callers[caller], '/admin/teams');
      return { status: response.status, ids: response.status === 200 ? ((await response.json()) as Array<{ _id: string }>).map((team) => team._id) : [] };
    };
    expect(await teamsOf('team admin')).toEqual({ status: 200, ids: [world.elections.id, world.recorder.id] });
    expect(await teamsOf('member, not admin')).toEqual({ status: 200, ids: [] });
    expect(await teamsOf('admin of another team')).toEqual({ status: 200, ids: [world.elections.id] });
    expect(await teamsOf('user of another account')).toEqual({ status: 200, ids: [world.birchTeam.id] });
    expect((await teamsOf('no token')).status).toBe(401);
  });
});
