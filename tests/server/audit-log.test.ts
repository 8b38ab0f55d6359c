import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AuditPage } from '../../src/api/contract/audit';
import { auditEvents, users } from '../../server/db/schema';
import { blockDrafts } from '../../server/db/drafts-schema';
import { suggestedAutoResponses } from '../../server/db/records-schema';
import { newId } from '../../server/db/ids';
import { teamLearning } from '../../server/learning/schema';
import { createUserPool } from '../../server/identity/pool';
import { recordAudit, type AuditActor } from '../../server/library/audit';
import { keepAuditRetention } from '../../server/jobs/audit-retention';
import { adminRoutes } from '../../server/routes/admin/index';
import { adminBlockBody, adminChecklistBody, json } from './support/bodies';
import { resetDatabase, testDatabase } from './support/database';
import { givenUser } from './support/given';
import { makeWorld, type World } from './support/world';

/**
 * The audit log: every write of the admin API leaves an event naming the admin, the address the
 * change came from and what changed; the account admin reads the whole account's log, filtered and
 * as CSV; and the database keeps the log append-only, deleting only what the retention lets go.
 */
let world: World;
let database: Awaited<ReturnType<typeof testDatabase>>;
/** The domain a test proves with a TXT record, and that record's value once claimed. */
const PROVEN = 'clerk.alder.test';
let txtRecords: Record<string, string[][]> = {};

const ADDRESS = '203.0.113.7';
const team = (w: World) => `/admin/accounts/${w.accountA.id}/teams/${w.elections.id}`;
const account = (w: World) => `/admin/accounts/${w.accountA.id}`;

/** Calls the API as Ada (the account admin), from `ADDRESS`, as a socket's peer would be seen. */
async function asAda(path: string, init: RequestInit = {}, from = ADDRESS) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${await world.microsoft.idToken('ms-ada')}`);
  if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return world.app.request(`/api${path}`, { ...init, headers }, { incoming: { socket: { remoteAddress: from } } });
}

async function created(path: string, body: unknown): Promise<string> {
  const response = await asAda(path, json('POST', body));
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { _id: string })._id;
}

beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  txtRecords = {};
  const pool = createUserPool({ db: database.db, poolId: 'local_audit', clientId: 'audit-client', issuerBase: 'https://cannery.test/identity' });
  world = await makeWorld(database, {
    provisioner: pool.provisioner,
    resolveTxt: async (name) => txtRecords[name] ?? Promise.reject(Object.assign(new Error('no such name'), { code: 'ENOTFOUND' })),
  });
  await database.db.update(users).set({ accountAdmin: true }).where(eq(users.id, world.ada.id));
});

interface WriteRoute {
  /** The route as the admin router registers it. */
  route: string;
  /** What the event says. */
  action: string;
  /** Makes what the write needs, then returns its request. */
  request: (w: World) => [string, RequestInit] | Promise<[string, RequestInit]>;
}

const block = (w: World) => created(`${team(w)}/blocks`, adminBlockBody({ name: `Block ${newId().slice(-6)}` }));
const trashedBlock = async (w: World) => {
  const id = await block(w);
  await asAda(`${team(w)}/blocks/${id}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } });
  return id;
};
/** An editor's change to a new block, waiting for a team admin. */
const waitingDraft = async (w: World) => {
  const id = newId();
  await database.db.insert(blockDrafts).values({ id, accountId: w.accountA.id, teamId: w.elections.id, content: adminBlockBody({ name: `Proposed ${id.slice(-6)}` }), authorUserId: w.alice.id, state: 'awaiting_approval' });
  return id;
};
const checklist = (w: World) => created(`${team(w)}/checklists`, adminChecklistBody([w.electionBlock.id]));
const invited = (w: World) => created(`${account(w)}/members`, { email: `clerk.${newId().slice(-6)}@alder.test`, teams: [w.elections.id] });
const suggestion = async (w: World) => {
  const id = newId();
  await database.db.insert(suggestedAutoResponses).values({ id, accountId: w.accountA.id, teamId: w.elections.id, userId: w.alice.id, userEmail: w.alice.email, name: 'Poll hours', body: 'Polls open at 7.', supportedContexts: ['outlook'] });
  return id;
};

const WRITES: WriteRoute[] = [
  { route: 'POST /accounts/:accountId/members', action: 'member.invited', request: (w) => [`${account(w)}/members`, json('POST', { email: 'new.clerk@alder.test', teams: [w.elections.id] })] },
  {
    route: 'POST /accounts/:accountId/members/import',
    action: 'member.invited',
    request: (w) => [`${account(w)}/members/import`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'email,name,teams\nimported@alder.test,Imported Clerk,Elections\n' }],
  },
  { route: 'PATCH /accounts/:accountId/members/:memberId', action: 'member.changed', request: (w) => [`${account(w)}/members/${w.alice.id}`, json('PATCH', { teams: [w.elections.id, w.recorder.id] })] },
  { route: 'DELETE /accounts/:accountId/members/:memberId', action: 'member.removed', request: async (w) => [`${account(w)}/members/${await invited(w)}`, { method: 'DELETE' }] },
  { route: 'POST /accounts/:accountId/members/:memberId/resend-invitation', action: 'member.invitation_resent', request: async (w) => [`${account(w)}/members/${await invited(w)}/resend-invitation`, { method: 'POST' }] },
  { route: 'POST /accounts/:accountId/members/:memberId/reset-authenticator', action: 'member.authenticator_reset', request: async (w) => [`${account(w)}/members/${await invited(w)}/reset-authenticator`, { method: 'POST' }] },
  {
    route: 'POST /accounts/:accountId/members/:memberId/erase',
    action: 'member.erased',
    request: async (w) => {
      const email = `leaving.${newId().slice(-6)}@alder.test`;
      return [`${account(w)}/members/${await created(`${account(w)}/members`, { email, teams: [w.elections.id] })}/erase`, json('POST', { email })];
    },
  },
  { route: 'PUT /accounts/:accountId/retention', action: 'account.retention_changed', request: (w) => [`${account(w)}/retention`, json('PUT', { usageRecords: 365, sessions: 90, classificationOutcomes: 30, learnedEvidence: 180, mail: 14 })] },
  { route: 'POST /accounts/:accountId/teams', action: 'team.created', request: (w) => [`${account(w)}/teams`, json('POST', { name: 'Passports' })] },
  { route: 'PATCH /accounts/:accountId/teams/:teamId', action: 'team.renamed', request: (w) => [`${account(w)}/teams/${w.recorder.id}`, json('PATCH', { name: 'Recorder of Deeds' })] },
  {
    route: 'PUT /accounts/:accountId/settings',
    action: 'account.settings_changed',
    request: (w) => [
      `${account(w)}/settings`,
      json('PUT', {
        hasPhoneFlowAccess: false,
        emailClassificationFeature: { on: false, teams: [] },
        authenticatorPolicy: 'required',
        supportEmail: 'help@alder.test',
        numMostFreqAutoResponses: 5,
        workAccountAccess: { domains: [], team: null, tenants: [] },
      }),
    ],
  },
  { route: 'POST /accounts/:accountId/domains', action: 'account.domain_added', request: (w) => [`${account(w)}/domains`, json('POST', { domain: 'new.alder.test' })] },
  {
    route: 'DELETE /accounts/:accountId/domains/:domain',
    action: 'account.domain_removed',
    request: async (w) => {
      await asAda(`${account(w)}/domains`, json('POST', { domain: 'gone.alder.test' }));
      return [`${account(w)}/domains/gone.alder.test`, { method: 'DELETE' }];
    },
  },
  {
    route: 'POST /accounts/:accountId/domains/:domain/verify',
    action: 'account.domain_verified',
    request: async (w) => {
      const claim = (await (await asAda(`${account(w)}/domains`, json('POST', { domain: PROVEN }))).json()) as { record: { name: string; value: string } };
      txtRecords[claim.record.name] = [[claim.record.value]];
      return [`${account(w)}/domains/${PROVEN}/verify`, { method: 'POST' }];
    },
  },
  { route: 'PUT /accounts/:accountId/mailboxes/:address', action: 'account.mailbox_mapped', request: (w) => [`${account(w)}/mailboxes/elections@mail.alder.test`, json('PUT', { teamId: w.elections.id })] },
  {
    route: 'DELETE /accounts/:accountId/mailboxes/:address',
    action: 'account.mailbox_unmapped',
    request: async (w) => {
      await asAda(`${account(w)}/mailboxes/recorder@mail.alder.test`, json('PUT', { teamId: w.recorder.id }));
      return [`${account(w)}/mailboxes/recorder@mail.alder.test`, { method: 'DELETE' }];
    },
  },
  { route: 'PUT /accounts/:accountId/synonyms', action: 'account.synonyms_changed', request: (w) => [`${account(w)}/synonyms`, json('PUT', { synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] })] },
  {
    route: 'POST /accounts/:accountId/teams/:teamId/blocks/import',
    action: 'block.created',
    request: (w) => [
      `${team(w)}/blocks/import`,
      json('POST', { format: 'cannery-blocks', version: 1, team: { _id: w.elections.id, name: 'Elections' }, exportedAt: '2026-11-23T08:00:00.000Z', blocks: [adminBlockBody({ name: 'Imported drop boxes' })] }),
    ],
  },
  { route: 'POST /accounts/:accountId/teams/:teamId/blocks', action: 'block.created', request: (w) => [`${team(w)}/blocks`, json('POST', adminBlockBody({ name: 'Drop boxes' }))] },
  { route: 'PUT /accounts/:accountId/teams/:teamId/blocks/:blockId', action: 'block.edited', request: async (w) => [`${team(w)}/blocks/${await block(w)}`, json('PUT', adminBlockBody({ name: 'Drop box hours' }), { 'If-Match': '"1"' })] },
  { route: 'POST /accounts/:accountId/teams/:teamId/drafts/:draftId/approve', action: 'block.change_approved', request: async (w) => [`${team(w)}/drafts/${await waitingDraft(w)}/approve`, { method: 'POST' }] },
  { route: 'POST /accounts/:accountId/teams/:teamId/drafts/:draftId/reject', action: 'block.change_rejected', request: async (w) => [`${team(w)}/drafts/${await waitingDraft(w)}/reject`, { method: 'POST' }] },
  { route: 'POST /accounts/:accountId/teams/:teamId/drafts/:draftId/withdraw', action: 'block.change_withdrawn', request: async (w) => [`${team(w)}/drafts/${await waitingDraft(w)}/withdraw`, { method: 'POST' }] },
  { route: 'DELETE /accounts/:accountId/teams/:teamId/blocks/:blockId', action: 'block.deleted', request: async (w) => [`${team(w)}/blocks/${await block(w)}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } }] },
  { route: 'POST /accounts/:accountId/teams/:teamId/blocks/:blockId/restore', action: 'block.undeleted', request: async (w) => [`${team(w)}/blocks/${await trashedBlock(w)}/restore`, { method: 'POST', headers: { 'If-Match': '"2"' } }] },
  { route: 'POST /accounts/:accountId/teams/:teamId/blocks/:blockId/duplicate', action: 'block.duplicated', request: async (w) => [`${team(w)}/blocks/${await block(w)}/duplicate`, { method: 'POST' }] },
  {
    route: 'POST /accounts/:accountId/teams/:teamId/blocks/:blockId/versions/:version/restore',
    action: 'block.version_restored',
    request: async (w) => {
      const id = await block(w);
      await asAda(`${team(w)}/blocks/${id}`, json('PUT', adminBlockBody({ name: 'Second wording' }), { 'If-Match': '"1"' }));
      return [`${team(w)}/blocks/${id}/versions/1/restore`, { method: 'POST', headers: { 'If-Match': '"2"' } }];
    },
  },
  { route: 'POST /accounts/:accountId/teams/:teamId/checklists', action: 'checklist.created', request: (w) => [`${team(w)}/checklists`, json('POST', adminChecklistBody([w.electionBlock.id]))] },
  {
    route: 'PUT /accounts/:accountId/teams/:teamId/checklists/:checklistId',
    action: 'checklist.edited',
    request: async (w) => [`${team(w)}/checklists/${await checklist(w)}`, json('PUT', adminChecklistBody([], { name: 'Ballot never came' }), { 'If-Match': '"1"' })],
  },
  { route: 'DELETE /accounts/:accountId/teams/:teamId/checklists/:checklistId', action: 'checklist.deleted', request: async (w) => [`${team(w)}/checklists/${await checklist(w)}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } }] },
  {
    route: 'POST /accounts/:accountId/teams/:teamId/checklists/:checklistId/restore',
    action: 'checklist.undeleted',
    request: async (w) => {
      const id = await checklist(w);
      await asAda(`${team(w)}/checklists/${id}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } });
      return [`${team(w)}/checklists/${id}/restore`, { method: 'POST', headers: { 'If-Match': '"2"' } }];
    },
  },
  { route: 'POST /accounts/:accountId/teams/:teamId/blocks/:blockId/review', action: 'block.reviewed', request: async (w) => [`${team(w)}/blocks/${await block(w)}/review`, { method: 'POST', headers: { 'If-Match': '"1"' } }] },
  { route: 'POST /accounts/:accountId/teams/:teamId/blocks/:blockId/archive', action: 'block.archived', request: async (w) => [`${team(w)}/blocks/${await block(w)}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } }] },
  {
    route: 'POST /accounts/:accountId/teams/:teamId/blocks/:blockId/unarchive',
    action: 'block.unarchived',
    request: async (w) => {
      const id = await block(w);
      await asAda(`${team(w)}/blocks/${id}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } });
      return [`${team(w)}/blocks/${id}/unarchive`, { method: 'POST', headers: { 'If-Match': '"2"' } }];
    },
  },
  { route: 'POST /accounts/:accountId/teams/:teamId/checklists/:checklistId/review', action: 'checklist.reviewed', request: async (w) => [`${team(w)}/checklists/${await checklist(w)}/review`, { method: 'POST', headers: { 'If-Match': '"1"' } }] },
  { route: 'POST /accounts/:accountId/teams/:teamId/checklists/:checklistId/archive', action: 'checklist.archived', request: async (w) => [`${team(w)}/checklists/${await checklist(w)}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } }] },
  {
    route: 'POST /accounts/:accountId/teams/:teamId/checklists/:checklistId/unarchive',
    action: 'checklist.unarchived',
    request: async (w) => {
      const id = await checklist(w);
      await asAda(`${team(w)}/checklists/${id}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } });
      return [`${team(w)}/checklists/${id}/unarchive`, { method: 'POST', headers: { 'If-Match': '"2"' } }];
    },
  },
  { route: 'PUT /accounts/:accountId/teams/:teamId/reviews/mail', action: 'member.review_mail_changed', request: () => [`${team(world)}/reviews/mail`, json('PUT', { reviewMail: false })] },
  { route: 'POST /accounts/:accountId/teams/:teamId/suggestions/:suggestionId/approve', action: 'suggestion.approved', request: async (w) => [`${team(w)}/suggestions/${await suggestion(w)}/approve`, json('POST', adminBlockBody({ name: 'Poll hours' }))] },
  { route: 'POST /accounts/:accountId/teams/:teamId/suggestions/:suggestionId/reject', action: 'suggestion.rejected', request: async (w) => [`${team(w)}/suggestions/${await suggestion(w)}/reject`, json('POST', { note: 'We have one.' })] },
  {
    route: 'DELETE /accounts/:accountId/teams/:teamId/learning',
    action: 'team.learning_reset',
    request: async (w) => {
      // What the team learned from one use (forgetting nothing changes nothing, and logs nothing).
      await database.db.insert(teamLearning).values({ teamId: w.elections.id, accountId: w.accountA.id, uses: 1, since: new Date(), lastUseAt: new Date() });
      return [`${team(w)}/learning`, { method: 'DELETE' }];
    },
  },
];

/** Every route of the admin router that can change something, as `METHOD path`. */
function writeRoutesOfRouter(): string[] {
  const routes = adminRoutes()
    .routes.filter((route) => !['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(route.method))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

const eventsOf = (action: string) => database.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, world.accountA.id), eq(auditEvents.action, action)));

describe('every write of the admin API', () => {
  it('is listed here: a new route that writes fails this test until it is', () => {
    expect(writeRoutesOfRouter()).toEqual(WRITES.map((write) => write.route).sort());
  });

  it.each(WRITES)('$route leaves a $action event naming the admin and the address', async (write) => {
    const [path, init] = await write.request(world);
    const before = (await eventsOf(write.action)).length;
    const response = await asAda(path, init);
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    const events = await eventsOf(write.action);
    expect(events.length).toBeGreaterThan(before);
    const event = events.at(-1)!;
    expect(event).toMatchObject({ actorUserId: world.ada.id, via: 'app', actorAddress: ADDRESS });
    // Content and people's addresses never reach the log.
    expect(JSON.stringify(event.changes)).not.toMatch(/@alder\.test|Polls open|Please/);
  });
});

describe('what an event says changed', () => {
  it('settings: the values before and after, but not the support address', async () => {
    const [path, init] = await WRITES.find((write) => write.action === 'account.settings_changed')!.request(world);
    await asAda(path, init);
    const [event] = await eventsOf('account.settings_changed');
    expect(event!.changes).toMatchObject({ before: { mfaPolicy: 'optional', hasPhoneFlowAccess: true }, after: { mfaPolicy: 'required', hasPhoneFlowAccess: false } });
    expect(event!.changes.fields).toContain('supportEmail');
    expect(JSON.stringify(event!.changes)).not.toContain('help@alder.test');
  });

  it('a renamed team: the old and the new name', async () => {
    await asAda(`${account(world)}/teams/${world.recorder.id}`, json('PATCH', { name: 'Recorder of Deeds' }));
    const [event] = await eventsOf('team.renamed');
    expect(event!.changes).toEqual({ fields: ['name'], before: { name: 'Recorder' }, after: { name: 'Recorder of Deeds' } });
  });
});

describe("the account's audit log", () => {
  const page = async (query = '') => {
    const response = await asAda(`${account(world)}/audit${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };

  it('holds every team’s events and the account’s own, newest first, filtered as asked', async () => {
    await asAda(`${team(world)}/blocks`, json('POST', adminBlockBody({ name: 'Drop boxes' })));
    await asAda(`${account(world)}/teams/${world.recorder.id}`, json('PATCH', { name: 'Recorder of Deeds' }));
    await asAda(`/admin/accounts/${world.accountA.id}/teams/${world.recorder.id}/blocks`, json('POST', adminBlockBody({ name: 'Deed copies' })));

    const all = await page();
    expect(all.events.map((event) => event.action)).toEqual(['block.created', 'team.renamed', 'block.created']);
    expect(all.events[0]).toMatchObject({ team: { _id: world.recorder.id, name: 'Recorder of Deeds' }, actor: { _id: world.ada.id, email: 'ada@alder.test' }, via: 'app', address: ADDRESS });
    expect(all.events[1]!.team).toBeNull();

    expect((await page(`?team=${world.elections.id}`)).events.map((event) => event.entity.kind)).toEqual(['block']);
    expect((await page('?action=team.')).events.map((event) => event.action)).toEqual(['team.renamed']);
    expect((await page('?kind=block&limit=1')).events).toHaveLength(1);
    expect((await page(`?actor=${world.alice.id}`)).events).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}`)).events).toHaveLength(3);
    expect((await page('?to=2000-01-01')).events).toEqual([]);
  });

  it.each([
    ['?from=2026-12-31&to=2026-01-01', 'to: must not be before from'],
    ['?via=phone', 'via:'],
    ['?from=yesterday', 'from: must be a date, YYYY-MM-DD'],
    ['?action=DROP TABLE', 'action: must be an action'],
    ['?actor=ada', 'actor:'],
  ])('refuses %s, naming the field', async (query, message) => {
    const response = await asAda(`${account(world)}/audit${query}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });

  it('is for account admins, and another account’s is not found', async () => {
    const eve = await givenUser(database.db, world.accountA.id, { email: 'eve@alder.test', teams: [], adminTeams: [world.elections.id] });
    expect((await world.call(eve, `${account(world)}/audit`)).status).toBe(403);
    expect((await world.call(world.bob, `${account(world)}/audit`)).status).toBe(404);
    expect((await asAda(`/admin/accounts/${world.accountB.id}/audit`)).status).toBe(404);
    expect((await asAda(`/admin/accounts/${world.accountB.id}/audit.csv`)).status).toBe(404);
  });

  it('exports as CSV what passes the filters, oldest first, formulas disarmed', async () => {
    await asAda(`${team(world)}/blocks`, json('POST', adminBlockBody({ name: 'Drop boxes' })));
    await asAda(`${account(world)}/teams`, json('POST', { name: '=HYPERLINK("x")' }));
    const response = await asAda(`${account(world)}/audit.csv?kind=team`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="alder-county-audit.csv"');
    const lines = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"time","action","recordKind","recordId","teamId","teamName","actorId","actorEmail","via","address","changes"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"team.created","team"');
    expect(lines[1]).toContain(`"${world.ada.id}","ada@alder.test","app","${ADDRESS}"`);

    const teamLog = await asAda(`${team(world)}/audit.csv`);
    expect(teamLog.headers.get('Content-Disposition')).toBe('attachment; filename="elections-audit.csv"');
    const rows = (await teamLog.text()).trimEnd().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"block.created","block"');
  });
});

describe('the log in the database', () => {
  const cli: AuditActor = { via: 'cli', userId: null, address: null };
  const eventAt = async (at: Date) => {
    await recordAudit(database.db, { accountId: world.accountA.id, teamId: null, actor: cli, action: 'account.created', entityKind: 'account', entityId: world.accountA.id, changes: {}, at });
  };
  /** What the database said when it refused a statement (Drizzle wraps it in its own error). */
  const refusal = async (statement: Promise<unknown>) => {
    const error = await statement.then(() => undefined, (caught: unknown) => caught as Error & { cause?: Error });
    return error?.cause?.message ?? error?.message ?? 'accepted';
  };
  const count = async () => Number(((await database.db.execute(sql`select count(*)::int as n from audit_events`)) as { rows: Array<{ n: number }> }).rows[0]!.n);

  it('refuses every update, every delete within the retention, and truncation', async () => {
    await eventAt(new Date());
    expect(await refusal(database.db.execute(sql`update audit_events set action = 'block.deleted'`))).toBe('audit events are append-only: UPDATE refused');
    expect(await refusal(database.db.execute(sql`delete from audit_events`))).toBe('audit events are append-only: DELETE refused');
    expect(await refusal(database.db.execute(sql`truncate audit_events`))).toBe('audit events are append-only: TRUNCATE refused');
    expect(await count()).toBe(1);
  });

  it('deletes, at the retention pass, exactly the events older than the retention; once, however many servers run it', async () => {
    const day = 86_400_000;
    await eventAt(new Date(Date.now() - 40 * day));
    await eventAt(new Date(Date.now() - 31 * day));
    await eventAt(new Date(Date.now() - 29 * day));
    // Without a retention everything is kept.
    expect(await keepAuditRetention(database.db, null)).toBe(0);
    expect(await count()).toBe(3);
    const passes = await Promise.all([keepAuditRetention(database.db, 30), keepAuditRetention(database.db, 30)]);
    expect(passes.reduce((sum, purged) => sum + purged, 0)).toBe(2);
    expect(await count()).toBe(1);
    // The younger event stays, even for a direct delete.
    expect(await refusal(database.db.execute(sql`delete from audit_events`))).toBe('audit events are append-only: DELETE refused');
  });
});

