import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminBlock, AdminChecklist, BlockVersion } from '../../src/api/contract/admin';
import type { AuditPage } from '../../src/api/contract/audit';
import type { Block } from '../../src/api/contract/block';
import type { Checklist } from '../../src/api/contract/checklist';
import type { CleanupList, ReviewList } from '../../src/api/contract/stewardship';
import type { Database } from '../../server/db/database';
import { accounts, auditEvents, blocks, checklists, users } from '../../server/db/schema';
import { sendReviewMails } from '../../server/jobs/review-mail';
import { adminBlockBody, adminChecklistBody, json } from './support/bodies';
import { givenBlock, givenUse, givenUser } from './support/given';
import { peopleWorld, queuedMail } from './support/people';
import { freshWorld, type World } from './support/world';

/**
 * Owners and reviews, and cleaning up: every block and checklist has an owner of its team and a
 * review interval; a due review is listed until its owner says "Still right" or saves a change;
 * the weekly mail lists an owner's due reviews once a week; a person who leaves hands their records
 * to a team admin; archived blocks and checklists leave members' lists and come back with one click.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const DAY = 86_400_000;
const base = () => `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}`;
const asAda = (path: string, init?: RequestInit) => world.call(world.ada, path, init);
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

async function created(body: Record<string, unknown> = adminBlockBody()): Promise<AdminBlock> {
  const response = await asAda(`${base()}/blocks`, json('POST', body));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AdminBlock;
}

async function problemOf(response: Response) {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...error };
}

/** Makes `blockId`'s review due: last reviewed `days` ago. */
async function reviewedDaysAgo(table: typeof blocks | typeof checklists, id: string, days: number, now = new Date()) {
  await database.db.update(table).set({ reviewedAt: new Date(now.getTime() - days * DAY) }).where(eq(table.id, id));
}

async function reviews(query = ''): Promise<ReviewList> {
  const response = await asAda(`${base()}/reviews${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ReviewList;
}

async function actions(): Promise<string[]> {
  const page = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
  return page.events.map((event) => event.action);
}

describe('owners and review intervals', () => {
  it('makes the admin who creates a block its owner, reviewed every 365 days and not due', async () => {
    const block = await created();
    expect(block).toMatchObject({ owner: { id: world.ada.id, email: 'ada@alder.test', name: null }, reviewEveryDays: 365, reviewDue: false, archived: false });
    const checklist = (await (await asAda(`${base()}/checklists`, json('POST', adminChecklistBody([world.electionBlock.id])))).json()) as AdminChecklist;
    expect(checklist).toMatchObject({ owner: { id: world.ada.id }, reviewEveryDays: 365, reviewDue: false });
  });

  it('saves another owner of the team and an interval with the versioned save, audited, without a new version', async () => {
    const block = await created();
    const response = await asAda(`${base()}/blocks/${block._id}`, json('PUT', adminBlockBody({ owner: world.alice.id, reviewEveryDays: 30 }), ifMatch(1)));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ version: 1, owner: { id: world.alice.id, email: 'alice@alder.test' }, reviewEveryDays: 30 });
    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'block.review_settings_changed'));
    expect(event?.changes).toEqual({ fields: ['owner', 'reviewEveryDays'], before: { owner: world.ada.id, reviewEveryDays: 365 }, after: { owner: world.alice.id, reviewEveryDays: 30 } });
    expect((await asAda(`${base()}/blocks/${block._id}`, json('PUT', adminBlockBody({ owner: world.alice.id }), ifMatch(9)))).status).toBe(412);
  });

  it('refuses an owner of another account or another team with a clear 400, and an interval it does not offer', async () => {
    const block = await created();
    const recorderOnly = await givenUser(database.db, world.accountA.id, { email: 'rex@alder.test', teams: [world.recorder.id] });
    for (const owner of [world.bob.id, recorderOnly.id, 'f'.repeat(24)]) {
      const problem = await problemOf(await asAda(`${base()}/blocks/${block._id}`, json('PUT', adminBlockBody({ owner }), ifMatch(1))));
      expect(problem).toEqual({ status: 400, code: 'invalid_request', message: 'Invalid body. owner: is not a person of this team. Choose someone who is a member or admin of the team.' });
    }
    const problem = await problemOf(await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ owner: world.bob.id }))));
    expect(problem.status).toBe(400);
    expect((await asAda(`${base()}/blocks/${block._id}`, json('PUT', adminBlockBody({ reviewEveryDays: 45 }), ifMatch(1)))).status).toBe(400);
    const [row] = await database.db.select().from(blocks).where(eq(blocks.id, block._id));
    expect(row?.ownerUserId).toBe(world.ada.id);
  });

  it('lists the people of the team who may own its records, and nobody else', async () => {
    const people = (await (await asAda(`${base()}/owners`)).json()) as Array<{ email: string }>;
    expect(people.map((person) => person.email)).toEqual(['ada@alder.test', 'alice@alder.test']);
  });
});

describe('Needs review', () => {
  it('lists a due block with its owner and how long overdue; Still right takes it off without a new version', async () => {
    const block = await created();
    await reviewedDaysAgo(blocks, block._id, 370);
    const list = await reviews();
    expect(list.reviewMail).toBe(true);
    expect(list.reviews).toEqual([expect.objectContaining({ kind: 'block', id: block._id, name: block.name, version: 1, owner: expect.objectContaining({ id: world.ada.id }), overdueDays: 5 })]);
    const read = (await (await asAda(`${base()}/blocks/${block._id}`)).json()) as AdminBlock;
    expect(read.reviewDue).toBe(true);

    expect((await asAda(`${base()}/blocks/${block._id}/review`, { method: 'POST', headers: ifMatch(7) })).status).toBe(412);
    const confirmed = await asAda(`${base()}/blocks/${block._id}/review`, { method: 'POST', headers: ifMatch(1) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('ETag')).toBe('"1"');
    expect(await confirmed.json()).toMatchObject({ version: 1, reviewDue: false });
    expect((await reviews()).reviews).toEqual([]);
    expect(await actions()).toContain('block.reviewed');
  });

  it('counts a saved content change as a review, and lists due checklists too, the caller’s own with mine=true', async () => {
    const block = await created();
    await reviewedDaysAgo(blocks, block._id, 400);
    await reviewedDaysAgo(checklists, world.electionChecklist.id, 400);
    await database.db.update(checklists).set({ ownerUserId: world.alice.id }).where(eq(checklists.id, world.electionChecklist.id));
    expect((await reviews()).reviews.map((item) => item.kind).sort()).toEqual(['block', 'checklist']);
    expect((await reviews('?mine=true')).reviews.map((item) => item.id)).toEqual([block._id]);

    expect((await asAda(`${base()}/blocks/${block._id}`, json('PUT', adminBlockBody({ name: 'Registration deadline (2026)' }), ifMatch(1)))).status).toBe(200);
    expect((await reviews()).reviews.map((item) => item.kind)).toEqual(['checklist']);
    const confirmed = await asAda(`${base()}/checklists/${world.electionChecklist.id}/review`, { method: 'POST', headers: ifMatch(1) });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect((await reviews()).reviews).toEqual([]);
    expect(await actions()).toContain('checklist.reviewed');
  });

  it('shows no owner when nobody owns a due record, and never another team’s or account’s', async () => {
    await reviewedDaysAgo(blocks, world.electionBlock.id, 400);
    await reviewedDaysAgo(blocks, world.recorderBlock.id, 400);
    await reviewedDaysAgo(blocks, world.birchBlock.id, 400);
    expect((await reviews()).reviews).toEqual([expect.objectContaining({ id: world.electionBlock.id, owner: null })]);
    const foreign = await asAda(`${base()}/blocks/${world.birchBlock.id}/review`, { method: 'POST', headers: ifMatch(1) });
    expect(foreign.status).toBe(404);
    expect((await world.call(world.bob, `${base()}/reviews`)).status).toBe(404);
    expect((await world.call(world.alice, `${base()}/reviews`)).status).toBe(403);
  });

  it('turns the caller’s own weekly mail off and on, audited', async () => {
    const off = await asAda(`${base()}/reviews/mail`, json('PUT', { reviewMail: false }));
    expect(await off.json()).toEqual({ reviewMail: false });
    expect((await reviews()).reviewMail).toBe(false);
    const [ada] = await database.db.select().from(users).where(eq(users.id, world.ada.id));
    expect(ada?.reviewMail).toBe(false);
    expect(await actions()).toContain('member.review_mail_changed');
  });
});

describe('the weekly review mail', () => {
  const mailTo = async (address: string) => (await queuedMail(database)).filter((message) => message.toAddress === address);

  it('lists an owner’s due reviews once a week with the page and how to stop, and nothing to people who turned it off', async () => {
    const now = new Date('2027-03-01T09:00:00.000Z');
    const block = await created(adminBlockBody({ name: 'Early voting hours' }));
    await reviewedDaysAgo(blocks, block._id, 366, now);
    expect(await sendReviewMails(database.db, { now, origin: 'https://cannery.test' })).toBe(1);
    const [mail] = await mailTo('ada@alder.test');
    expect(mail?.subject).toBe('1 review is due in Cannery');
    expect(mail?.body).toContain('- Early voting hours (block, Elections): overdue by 1 day');
    expect(mail?.body).toContain('https://cannery.test/admin/#/reviews');
    expect(mail?.body).toContain('To stop these mails, turn off "Email me my due reviews every week" on the Needs review page.');

    expect(await sendReviewMails(database.db, { now: new Date(now.getTime() + 6 * DAY), origin: 'https://cannery.test' })).toBe(0);
    expect(await sendReviewMails(database.db, { now: new Date(now.getTime() + 8 * DAY), origin: 'https://cannery.test' })).toBe(1);
    expect(await mailTo('ada@alder.test')).toHaveLength(2);

    await database.db.update(users).set({ reviewMail: false }).where(eq(users.id, world.ada.id));
    expect(await sendReviewMails(database.db, { now: new Date(now.getTime() + 30 * DAY) })).toBe(0);
    expect(await mailTo('ada@alder.test')).toHaveLength(2);
  });

  it('mails nobody whose reviews are not due, nor a disabled owner, nor for an archived block', async () => {
    const now = new Date();
    const block = await created();
    expect(await sendReviewMails(database.db, { now })).toBe(0);
    await reviewedDaysAgo(blocks, block._id, 400, now);
    await database.db.update(blocks).set({ archivedAt: now }).where(eq(blocks.id, block._id));
    expect(await sendReviewMails(database.db, { now })).toBe(0);
    await database.db.update(blocks).set({ archivedAt: null }).where(eq(blocks.id, block._id));
    await database.db.update(users).set({ disabledAt: now }).where(eq(users.id, world.ada.id));
    expect(await sendReviewMails(database.db, { now })).toBe(0);
    expect(await queuedMail(database)).toEqual([]);
  });
});

describe('archiving and Clean up', () => {
  const memberBlocks = async () => {
    const response = await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Block[]).map((block) => block._id);
  };

  it('archives a block as a new version: members stop seeing it, admins find it under Archived, and it comes back', async () => {
    const block = await created();
    expect(await memberBlocks()).toContain(block._id);
    const archived = await asAda(`${base()}/blocks/${block._id}/archive`, { method: 'POST', headers: ifMatch(1) });
    expect(archived.status, await archived.clone().text()).toBe(200);
    expect(await archived.json()).toMatchObject({ version: 2, archived: true });
    expect(await memberBlocks()).not.toContain(block._id);
    const live = (await (await asAda(`${base()}/blocks`)).json()) as AdminBlock[];
    expect(live.map((row) => row._id)).not.toContain(block._id);
    const listed = (await (await asAda(`${base()}/blocks?archived=true`)).json()) as AdminBlock[];
    expect(listed.map((row) => row._id)).toEqual([block._id]);
    expect((await asAda(`${base()}/blocks/${block._id}/archive`, { method: 'POST', headers: ifMatch(2) })).status).toBe(409);

    const back = await asAda(`${base()}/blocks/${block._id}/unarchive`, { method: 'POST', headers: ifMatch(2) });
    expect(await back.json()).toMatchObject({ version: 3, archived: false });
    expect(await memberBlocks()).toContain(block._id);
    const versions = (await (await asAda(`${base()}/blocks/${block._id}/versions`)).json()) as BlockVersion[];
    expect(versions.map((version) => version.action)).toEqual(['unarchived', 'archived', 'created']);
    expect(await actions()).toEqual(expect.arrayContaining(['block.archived', 'block.unarchived']));
  });

  it('archives a checklist: members stop seeing it, and it comes back', async () => {
    const memberChecklists = async () =>
      ((await (await world.call(world.alice, `/accounts/${world.accountA.id}/phoneflows?teams=${world.elections.id}`)).json()) as Checklist[]).map((row) => row._id);
    const id = world.electionChecklist.id;
    expect((await asAda(`${base()}/checklists/${id}/archive`, { method: 'POST', headers: ifMatch(1) })).status).toBe(200);
    expect(await memberChecklists()).not.toContain(id);
    expect(((await (await asAda(`${base()}/checklists?archived=true`)).json()) as AdminChecklist[]).map((row) => row._id)).toEqual([id]);
    expect((await asAda(`${base()}/checklists/${id}/unarchive`, { method: 'POST', headers: ifMatch(2) })).status).toBe(200);
    expect(await memberChecklists()).toContain(id);
    expect(await actions()).toEqual(expect.arrayContaining(['checklist.archived', 'checklist.unarchived']));
  });

  it('lists blocks not used in the period with their last use, and blocks whose window ended before today in the account’s time zone', async () => {
    const used = await givenBlock(database.db, world.elections, { name: 'Used this week' });
    await givenUse(database.db, used, world.alice);
    // Late evening of the 1st in Honolulu is already the 2nd in UTC: "today" is the 1st there.
    await database.db.update(accounts).set({ timeZone: 'Pacific/Honolulu' }).where(eq(accounts.id, world.accountA.id));
    const hawaiiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Honolulu' }).format(new Date());
    const dayBefore = new Date(Date.parse(`${hawaiiToday}T12:00:00Z`) - DAY).toISOString().slice(0, 10);
    const ended = await givenBlock(database.db, world.elections, { name: 'Holiday closure', showUntil: dayBefore });
    await givenBlock(database.db, world.elections, { name: 'Ends today', showUntil: hawaiiToday });
    await givenBlock(database.db, world.birchTeam, { name: 'Birch ended', showUntil: dayBefore });

    const list = (await (await asAda(`${base()}/cleanup?unusedDays=30`)).json()) as CleanupList;
    expect(list.today).toBe(hawaiiToday);
    expect(list.unused.map((row) => row.name)).toEqual(['Ballot tracking', 'Ends today', 'Holiday closure']);
    expect(list.unused.every((row) => row.lastUsedAt === null)).toBe(true);
    expect(list.ended.map((row) => row.id)).toEqual([ended.id]);
    expect((await asAda(`${base()}/cleanup?unusedDays=45`)).status).toBe(400);
  });
});

describe('a person who leaves', () => {
  it('hands their blocks and checklists to the first team admin, who is mailed; without one they have no owner', async () => {
    const w = await peopleWorld();
    const { db } = w.database;
    const team = `/admin/accounts/${w.world.accountA.id}`;
    await db.update(blocks).set({ ownerUserId: w.world.alice.id }).where(eq(blocks.id, w.world.electionBlock.id));
    await db.update(checklists).set({ ownerUserId: w.world.alice.id }).where(eq(checklists.id, w.world.electionChecklist.id));
    await db.update(blocks).set({ ownerUserId: w.carol.id }).where(eq(blocks.id, w.world.recorderBlock.id));

    const disabled = await w.world.call(w.olive, `${team}/members/${w.world.alice.id}`, json('PATCH', { disabled: true }));
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    const [block] = await db.select().from(blocks).where(eq(blocks.id, w.world.electionBlock.id));
    const [checklist] = await db.select().from(checklists).where(eq(checklists.id, w.world.electionChecklist.id));
    // Ada and Eve administer Elections; Ada comes first.
    expect([block?.ownerUserId, checklist?.ownerUserId]).toEqual([w.world.ada.id, w.world.ada.id]);
    const [event] = await db.select().from(auditEvents).where(and(eq(auditEvents.action, 'member.records_handed_over'), eq(auditEvents.entityId, w.world.alice.id)));
    expect(event?.changes).toEqual({ blocks: [w.world.electionBlock.id], checklists: [w.world.electionChecklist.id], handedTo: w.world.ada.id });
    const [mail] = (await queuedMail(w.database)).filter((message) => message.kind === 'owner_handover');
    expect(mail?.toAddress).toBe('ada@alder.test');
    expect(mail?.body).toContain('- Ballot tracking');
    expect(mail?.body).toContain('- Replacement ballot');

    // With Recorder's only admins gone, Carol's block is left without an owner when she leaves.
    expect((await w.world.call(w.olive, `${team}/members/${w.rita.id}`, { method: 'DELETE' })).status).toBe(204);
    await db.update(users).set({ adminTeams: [w.world.elections.id] }).where(eq(users.id, w.world.ada.id));
    expect((await w.world.call(w.olive, `${team}/members/${w.carol.id}`, { method: 'DELETE' })).status).toBe(204);
    const [recorderBlock] = await db.select().from(blocks).where(eq(blocks.id, w.world.recorderBlock.id));
    expect(recorderBlock?.ownerUserId).toBeNull();
  });
});
