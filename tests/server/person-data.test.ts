import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { auditEvents, blocks, blockVersions, checklists, recordedChecklists, users } from '../../server/db/schema';
import { blockDrafts } from '../../server/db/drafts-schema';
import { classificationOutcomes, favourites, sentAutoResponses, sessions, suggestedAutoResponses } from '../../server/db/records-schema';
import { identityAuthSessions, identityDevices, identityRefreshTokens, identityUsers, identityVerificationCodes } from '../../server/identity/schema';
import { mailQueue } from '../../server/mail/schema';
import { newId } from '../../server/db/ids';
import { PERSON_TABLES } from '../../server/privacy/person-data';
import { erasedMarker } from '../../server/privacy/erasure';
import type { ErasureReport, PersonDataExport } from '../../src/api/contract/retention';
import { json } from './support/bodies';
import { givenBlock, givenUse, givenUser } from './support/given';
import { peopleWorld, temporaryPasswordIn, queuedMail, type PeopleWorld } from './support/people';

/**
 * A person's data, exported and erased by the account admin: the export holds their rows of every
 * table the data inventory ties to people and nothing of anyone else's; erasing deletes their own
 * rows and sign-in and leaves the records kept for statistics counted under an anonymous id.
 * Team admins are refused, and another account's admin finds no such person.
 */
let w: PeopleWorld;
/** Pat: a password user of Recorder, invited by Olive, with rows in every table of people. */
let pat: typeof users.$inferSelect;
/** Whose rows must never show in Pat's export or change with Pat's erasure. */
let others: { carol: typeof users.$inferSelect; bob: typeof users.$inferSelect };

const base = () => `/admin/accounts/${w.world.accountA.id}`;
const at = new Date('2027-02-01T09:30:00.000Z');

/** One row (or more) of `person` in each table of people, by table: a table added to the inventory fails until it is seeded here. */
const SEEDS: Record<string, (person: typeof users.$inferSelect, sub: string | null) => Promise<void>> = {
  users: async () => {},
  identity_users: async () => {},
  identity_devices: async (_person, sub) => {
    if (sub) await w.database.db.insert(identityDevices).values({ deviceKey: `device-${newId()}`, userId: sub, groupKey: 'group', name: 'Front desk PC', srpSalt: 'salt-secret', srpVerifier: 'verifier-secret', lastIp: '203.0.113.9', createdAt: at, updatedAt: at });
  },
  identity_auth_sessions: async (person, sub) => {
    if (sub) await w.database.db.insert(identityAuthSessions).values({ id: newId(), poolId: 'local_people', kind: 'PASSWORD_VERIFIER', username: person.email, userId: sub, srpState: { a: 'secret-a', b: 'b', bigB: 'B' }, createdAt: at, expiresAt: at });
  },
  identity_refresh_tokens: async (_person, sub) => {
    if (sub) await w.database.db.insert(identityRefreshTokens).values({ id: newId(), familyId: newId(), tokenHash: `hash-${newId()}`, userId: sub, clientId: 'people-client', authTime: at, createdAt: at, expiresAt: at });
  },
  identity_verification_codes: async (_person, sub) => {
    if (sub) await w.database.db.insert(identityVerificationCodes).values({ id: newId(), userId: sub, purpose: 'forgot_password', codeHash: `code-${newId()}`, createdAt: at, expiresAt: at });
  },
  blocks: async (person) => {
    await givenBlock(w.database.db, w.world.recorder, { name: `Kept by ${person.email}`, ownerUserId: person.id });
  },
  block_versions: async (person) => {
    await w.database.db.insert(blockVersions).values({ blockId: w.world.recorderBlock.id, version: 100 + Number.parseInt(person.id.slice(-4), 16), accountId: person.accountId, teamId: w.world.recorder.id, name: 'Recording fees', body: '<p>Fees</p>', authorUserId: person.id, action: 'edited' });
  },
  suggested_auto_responses: async (person) => {
    await w.database.db.insert(suggestedAutoResponses).values({ id: newId(), accountId: person.accountId, teamId: w.world.recorder.id, userId: person.id, userEmail: person.email, name: `Idea of ${person.email}`, body: 'Copies cost $2.', cognitoSub: person.cognitoSub });
  },
  block_drafts: async (person) => {
    await w.database.db.insert(blockDrafts).values({ id: newId(), accountId: person.accountId, teamId: w.world.recorder.id, content: { name: 'Drafted' }, authorUserId: person.id, state: 'awaiting_approval' });
  },
  checklists: async (person) => {
    await w.database.db.insert(checklists).values({ id: newId(), accountId: person.accountId, teamId: w.world.recorder.id, name: `List of ${person.email}`, ownerUserId: person.id });
  },
  favourites: async (person) => {
    await w.database.db.insert(favourites).values({ userId: person.id, blockId: w.world.recorderBlock.id, accountId: person.accountId });
  },
  sent_auto_responses: async (person) => {
    await givenUse(w.database.db, w.world.recorderBlock, person);
    await givenUse(w.database.db, w.world.recorderBlock, person);
  },
  sessions: async (person) => {
    await w.database.db.insert(sessions).values({ id: newId(), accountId: person.accountId, userId: person.id, userSub: person.cognitoSub ?? 'none', startTime: at, endTime: at, context: 'outlook', userEmail: person.email, updateInterval: 60, cognitoSub: person.cognitoSub });
  },
  recorded_checklists: async (person) => {
    await w.database.db.insert(recordedChecklists).values({ id: newId(), accountId: person.accountId, teamId: w.world.recorder.id, userId: person.id, phoneFlowId: w.world.recorderChecklist.id, name: 'Deed copy request', tasks: [], userEmail: person.email, startTime: at });
  },
  audit_events: async () => {},
  classification_outcomes: async (person) => {
    await w.database.db.insert(classificationOutcomes).values({ id: newId(), accountId: person.accountId, userId: person.id, emailBody: 'Where is my deed?', userEmail: person.email, classificationFromModel: 'Recorder', actualClassification: 'Recorder', userAnswer: 'yes', cognitoSub: person.cognitoSub });
  },
  mail_queue: async () => {},
};

async function seedEverything(person: typeof users.$inferSelect) {
  for (const seed of Object.values(SEEDS)) await seed(person, person.cognitoSub);
}

beforeEach(async () => {
  w = await peopleWorld();
  const invited = await w.world.call(w.olive, `${base()}/members`, json('POST', { email: 'pat@alder.test', name: 'Pat Clerk', teams: [w.world.recorder.id] }));
  expect(invited.status).toBe(201);
  const { _id } = (await invited.json()) as { _id: string };
  const [invitedRow] = await w.database.db.select().from(users).where(eq(users.id, _id));
  pat = invitedRow!;
  // Carol: another person of the account, also a password user with her own sign-in.
  await w.world.call(w.olive, `${base()}/members`, json('POST', { email: 'carol.two@alder.test', teams: [w.world.recorder.id] }));
  const [carol] = await w.database.db.select().from(users).where(eq(users.email, 'carol.two@alder.test'));
  others = { carol: carol!, bob: w.bob };
  // Pat's teams change, so the audit log has events about Pat besides the invitation.
  await w.world.call(w.olive, `${base()}/members/${pat.id}`, json('PATCH', { teams: [w.world.recorder.id, w.world.elections.id] }));
  for (const person of [pat, carol!]) await seedEverything(person);
  // Bob, of Birch County, has rows of his own in his account.
  await givenUse(w.database.db, w.world.birchBlock, w.bob);
});

async function exportOf(format: 'json' | 'csv', as = w.olive, memberId = pat.id) {
  return w.world.call(as, `${base()}/members/${memberId}/export?format=${format}`);
}

/** The value that ties a row to the person in the column `column` of `by`. */
const tieOf = (by: string, person: typeof users.$inferSelect) => (by === 'member' ? person.id : by === 'sign-in' ? person.cognitoSub : person.email);

describe('exporting a person', () => {
  it('holds their rows of every table of people, credentials left out, and nothing of anyone else', async () => {
    expect(Object.keys(SEEDS).sort(), 'every table of people is seeded here').toEqual(PERSON_TABLES.map((entry) => entry.table).sort());
    const response = await exportOf('json');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="pat-clerk-data-${new Date().toISOString().slice(0, 10)}.json"`);
    const data = (await response.json()) as PersonDataExport;
    expect(data.person).toEqual({ _id: pat.id, email: 'pat@alder.test', name: 'Pat Clerk' });
    expect(data.account).toEqual({ _id: w.world.accountA.id, name: 'Alder County' });
    expect(data.tables.map((table) => table.table)).toEqual(PERSON_TABLES.map((entry) => entry.table));
    for (const entry of PERSON_TABLES) {
      const table = data.tables.find((candidate) => candidate.table === entry.table)!;
      expect(table.rows.length, `${entry.table} holds Pat's rows`).toBeGreaterThan(0);
      expect(table.withheld).toEqual([...(entry.link.withheld ?? [])]);
      for (const row of table.rows) {
        expect(Object.keys(row).some((column) => (entry.link.withheld ?? []).includes(column))).toBe(false);
        const tie = tieOf(entry.link.by, pat);
        expect(Object.keys(entry.link.columns).some((column) => String(row[column]).toLowerCase() === tie?.toLowerCase()), `${entry.table} row is Pat's`).toBe(true);
        if ('account_id' in row) expect(row.account_id).toBe(w.world.accountA.id);
      }
    }
    // Two uses, the invitation in the mail queue, the sign-in created by the invitation.
    expect(data.tables.find((table) => table.table === 'sent_auto_responses')!.rows).toHaveLength(2);
    expect(data.tables.find((table) => table.table === 'mail_queue')!.rows).toEqual([expect.objectContaining({ kind: 'invitation', to_address: 'pat@alder.test' })]);
    const text = JSON.stringify(data);
    for (const secret of [others.carol.id, others.carol.email, others.carol.cognitoSub!, others.bob.id, others.bob.email, 'Birch', 'salt-secret', 'verifier-secret', 'secret-a']) expect(text).not.toContain(secret);

    const [event] = await w.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'member.exported'));
    expect(event).toMatchObject({ accountId: w.world.accountA.id, actorUserId: w.olive.id, entityKind: 'member', entityId: pat.id, changes: { format: 'json' } });
  });

  it('as CSV is a ZIP of one CSV per table with the same rows, and a README', async () => {
    const exported = (await (await exportOf('json')).json()) as PersonDataExport;
    const response = await exportOf('csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="pat-clerk-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(['README.txt', ...PERSON_TABLES.map((entry) => `${entry.table}.csv`)].sort());
    for (const table of exported.tables) {
      const text = await zip.file(`${table.table}.csv`)!.async('string');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
      expect(parsed.data[0]).toEqual(table.columns);
      // The JSON export taken first is itself an event about Pat.
      expect(parsed.data.length - 1, table.table).toBe(table.rows.length + (table.table === 'audit_events' ? 1 : 0));
    }
    const uses = Papa.parse<Record<string, string>>((await zip.file('sent_auto_responses.csv')!.async('string')).slice(1), { header: true, skipEmptyLines: true });
    expect(uses.data.map((row) => row.user_email)).toEqual(['pat@alder.test', 'pat@alder.test']);
    expect(await zip.file('README.txt')!.async('string')).toContain('Everything Cannery holds about pat@alder.test in Alder County');
    const events = await w.database.db.select({ changes: auditEvents.changes }).from(auditEvents).where(eq(auditEvents.action, 'member.exported'));
    expect(events.map((event) => event.changes.format).sort()).toEqual(['csv', 'json']);
  });

  it('leaves out the deployment’s rows when the address is also a member of another account', async () => {
    await givenUser(w.database.db, w.world.accountB.id, { email: 'PAT@alder.test', cognitoSub: null });
    const data = (await (await exportOf('json')).json()) as PersonDataExport;
    for (const entry of PERSON_TABLES.filter((candidate) => candidate.link.by !== 'member')) {
      expect(data.tables.find((table) => table.table === entry.table)!.rows, entry.table).toEqual([]);
    }
    expect(data.tables.find((table) => table.table === 'sent_auto_responses')!.rows).toHaveLength(2);
    // Nothing says where else the address is a member.
    expect(JSON.stringify(data)).not.toContain('Birch');
  });
});

describe('who may export and erase', () => {
  it.each(['export?format=json', 'export?format=csv', 'erase'])('%s: a team admin is refused, another account’s admin finds no such person', async (action) => {
    const request = (as: typeof w.olive, accountId: string, memberId: string) =>
      w.world.call(as, `/admin/accounts/${accountId}/members/${memberId}/${action}`, action === 'erase' ? json('POST', { email: 'pat@alder.test' }) : {});
    const rita = await request(w.rita, w.world.accountA.id, pat.id);
    expect(rita.status).toBe(403);
    expect(await rita.text()).not.toContain('pat@alder.test');
    expect((await request(w.carol, w.world.accountA.id, pat.id)).status).toBe(403);
    // Bob, account admin of Birch County: through his own account, Pat is no one; through Alder's path, the account is no one.
    const throughOwn = await request(w.bob, w.world.accountB.id, pat.id);
    const nobody = await request(w.bob, w.world.accountB.id, newId());
    expect(throughOwn.status).toBe(404);
    expect(await throughOwn.json()).toEqual(await nobody.json());
    const throughAlder = await request(w.bob, w.world.accountA.id, pat.id);
    expect(throughAlder.status).toBe(404);
    expect(await throughAlder.text()).not.toContain('pat@alder.test');
    // Nothing was exported or erased.
    expect(await w.database.db.select().from(users).where(eq(users.id, pat.id))).toHaveLength(1);
    expect(await w.database.db.select().from(auditEvents).where(sql`${auditEvents.action} in ('member.exported', 'member.erased')`)).toEqual([]);
  });
});

describe('erasing a person', () => {
  const erase = (email: string, memberId = pat.id) => w.world.call(w.olive, `${base()}/members/${memberId}/erase`, json('POST', { email }));

  it('asks for their address typed again, and refuses an account admin', async () => {
    const wrong = await erase('carol.two@alder.test');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe('email: must be the address of the person to erase, typed again to confirm.');
    const missing = await w.world.call(w.olive, `${base()}/members/${pat.id}/erase`, json('POST', {}));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain('email');
    const admin = await erase('olive@alder.test', w.olive.id);
    expect(admin.status).toBe(409);
    expect(((await admin.json()) as { error: { message: string } }).error.message).toBe('Account admins cannot be erased: make them a member without the account admin role first.');
    expect(await w.database.db.select().from(users).where(eq(users.id, pat.id))).toHaveLength(1);
  });

  it('deletes their own rows and sign-in, keeps the statistics under an anonymous id, and touches no one else', async () => {
    const before = async (table: 'sent' | 'sessions' | 'recorded' | 'outcomes') => {
      const source = { sent: sentAutoResponses, sessions, recorded: recordedChecklists, outcomes: classificationOutcomes }[table];
      return (await w.database.db.select({ n: sql<number>`count(*)::int` }).from(source))[0]!.n;
    };
    const counts = { sent: await before('sent'), sessions: await before('sessions'), recorded: await before('recorded'), outcomes: await before('outcomes') };
    const patSub = pat.cognitoSub!;
    const carolExport = (await (await exportOf('json', w.olive, others.carol.id)).json()) as PersonDataExport;

    const response = await erase(' Pat@Alder.test ');
    expect(response.status).toBe(200);
    const report = (await response.json()) as ErasureReport;
    expect(report.signInDeleted).toBe(true);
    const anon = report.anonymousId;
    expect(anon).toMatch(/^[0-9a-f]{24}$/);
    expect(report.deleted).toMatchObject({ users: 1, favourites: 1, suggested_auto_responses: 1, mail_queue: 1 });
    expect(report.anonymised).toMatchObject({ sent_auto_responses: 2, sessions: 1, recorded_checklists: 1, classification_outcomes: 1, block_versions: 1, block_drafts: 1 });

    const { db } = w.database;
    expect(await db.select().from(users).where(eq(users.id, pat.id))).toEqual([]);
    expect(await db.select().from(favourites).where(eq(favourites.userId, pat.id))).toEqual([]);
    expect(await db.select().from(suggestedAutoResponses).where(eq(suggestedAutoResponses.userEmail, 'pat@alder.test'))).toEqual([]);
    expect(await db.select().from(mailQueue).where(eq(mailQueue.toAddress, 'pat@alder.test'))).toEqual([]);
    // The sign-in is gone from the pool, with its devices, tokens, codes and challenges.
    for (const table of [identityUsers, identityDevices, identityRefreshTokens, identityVerificationCodes, identityAuthSessions]) {
      const column = 'userId' in table ? table.userId : table.id;
      expect(await db.select().from(table).where(eq(column, patSub))).toEqual([]);
    }
    expect(await w.pool.provisioner.getUser('pat@alder.test')).toBeNull();

    // Statistics: as many rows as before, none naming Pat.
    expect({ sent: await before('sent'), sessions: await before('sessions'), recorded: await before('recorded'), outcomes: await before('outcomes') }).toEqual(counts);
    const uses = await db.select().from(sentAutoResponses).where(eq(sentAutoResponses.userId, anon));
    expect(uses).toHaveLength(2);
    for (const use of uses) expect(use).toMatchObject({ userEmail: erasedMarker(anon), cognitoSub: null, microsoftSub: null });
    expect(await db.select().from(sessions).where(eq(sessions.userId, anon))).toEqual([expect.objectContaining({ userEmail: erasedMarker(anon), userSub: erasedMarker(anon), cognitoSub: null })]);
    expect(await db.select().from(classificationOutcomes).where(eq(classificationOutcomes.userId, anon))).toEqual([expect.objectContaining({ userEmail: erasedMarker(anon), emailBody: 'Where is my deed?' })]);
    expect(await db.select().from(blockVersions).where(eq(blockVersions.authorUserId, anon))).toHaveLength(1);
    expect(await db.select().from(blockDrafts).where(eq(blockDrafts.authorUserId, anon))).toHaveLength(1);
    // What Pat kept passed to a Recorder admin (the first by address: Ada).
    expect(await db.select({ owner: blocks.ownerUserId }).from(blocks).where(eq(blocks.name, 'Kept by pat@alder.test'))).toEqual([{ owner: w.world.ada.id }]);

    // The audit log: every event about or by Pat now names the anonymous id, without an address; the erasure is one more.
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.accountId, w.world.accountA.id));
    const text = JSON.stringify(audit.map(({ actorUserId, entityId, actorAddress }) => ({ actorUserId, entityId, actorAddress })));
    expect(text).not.toContain(pat.id);
    expect(audit.filter((event) => event.entityId === anon).map((event) => event.action).sort()).toEqual(['member.changed', 'member.erased', 'member.invited', 'member.records_handed_over'].sort());
    const [erasure] = audit.filter((event) => event.action === 'member.erased');
    expect(erasure).toMatchObject({ actorUserId: w.olive.id, entityKind: 'member', changes: { deleted: report.deleted, anonymised: report.anonymised } });
    // The log is still append-only for anything but an erasure.
    await expect(db.update(auditEvents).set({ action: 'member.removed' }).where(eq(auditEvents.id, erasure!.id))).rejects.toThrow();

    // Carol's data is exactly as it was.
    const carolAfter = (await (await exportOf('json', w.olive, others.carol.id)).json()) as PersonDataExport;
    const withoutAudit = (data: PersonDataExport) => data.tables.filter((table) => !['audit_events', 'blocks', 'block_versions'].includes(table.table));
    expect(withoutAudit(carolAfter)).toEqual(withoutAudit(carolExport));
    // Pat is no one now: a second erasure, or an export, finds nobody.
    expect((await erase('pat@alder.test')).status).toBe(404);
    expect((await exportOf('json')).status).toBe(404);
  });

  it('keeps the sign-in and the mail when the address is still a member of another account', async () => {
    await givenUser(w.database.db, w.world.accountB.id, { email: 'pat@alder.test', cognitoSub: null });
    const response = await erase('pat@alder.test');
    expect(response.status).toBe(200);
    const report = (await response.json()) as ErasureReport;
    expect(report.signInDeleted).toBe(false);
    expect(report.deleted.mail_queue).toBeUndefined();
    expect(await w.database.db.select().from(users).where(and(eq(users.accountId, w.world.accountA.id), eq(users.email, 'pat@alder.test')))).toEqual([]);
    expect(await w.pool.provisioner.getUser('pat@alder.test')).not.toBeNull();
    expect((await queuedMail(w.database)).filter((mail) => mail.toAddress === 'pat@alder.test')).toHaveLength(1);
    temporaryPasswordIn((await queuedMail(w.database)).find((mail) => mail.toAddress === 'pat@alder.test')!.body);
  });
});
