import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { json, sentRecordBody, sessionBody } from './support/bodies';
import { peopleWorld, type PeopleWorld } from './support/people';
import { sentAutoResponses, sessions } from '../../server/db/records-schema';
import { givenUser } from './support/given';

/**
 * Mailboxes that pick the team: the account admin's map (`/api/admin/accounts/{id}/mailboxes`),
 * what members read of it (`/api/accounts/{id}/mailboxes`), and the mailbox noted on uses and
 * sessions, grouped in the usage report. Birch County (Bob) is the second account throughout.
 */
let w: PeopleWorld;
const admin = () => `/admin/accounts/${w.world.accountA.id}/mailboxes`;
const ELECTIONS_BOX = 'elections@alder.test';

async function map(address: string, teamId: string, caller = w.olive) {
  return w.world.call(caller, `${admin()}/${encodeURIComponent(address)}`, json('PUT', { teamId }));
}

beforeEach(async () => {
  w = await peopleWorld();
});

describe('the admin map', () => {
  it('maps an address to a team, lists it lower-cased, moves it and removes it', async () => {
    const created = await map('Elections@Alder.TEST', w.world.elections.id);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ address: ELECTIONS_BOX, teamId: w.world.elections.id, teamName: 'Elections', teamArchived: false });

    // The same again changes nothing; another team moves it.
    expect((await map(ELECTIONS_BOX, w.world.elections.id)).status).toBe(200);
    expect((await map(ELECTIONS_BOX, w.world.recorder.id)).status).toBe(200);
    const list = (await (await w.world.call(w.olive, admin())).json()) as Array<{ address: string; teamName: string }>;
    expect(list).toEqual([expect.objectContaining({ address: ELECTIONS_BOX, teamName: 'Recorder' })]);

    expect((await w.world.call(w.olive, `${admin()}/${ELECTIONS_BOX}`, { method: 'DELETE' })).status).toBe(204);
    expect((await w.world.call(w.olive, `${admin()}/${ELECTIONS_BOX}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await w.world.call(w.olive, admin())).json()).toEqual([]);
  });

  it('refuses an address that is not one, and a team that is not an id', async () => {
    const bad = await map('elections office', w.world.elections.id);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('must be an email address');
    expect((await map(ELECTIONS_BOX, 'not-a-team')).status).toBe(400);
  });

  it("refuses another account's team exactly as a team that does not exist", async () => {
    const foreign = await map(ELECTIONS_BOX, w.world.birchTeam.id);
    const missing = await map(ELECTIONS_BOX, 'ffffffffffffffffffffffff');
    expect(foreign.status).toBe(422);
    expect(missing.status).toBe(422);
    expect(await foreign.json()).toEqual(await missing.json());
    expect(await (await w.world.call(w.olive, admin())).json()).toEqual([]);
  });

  it('is for the account admin: team admins and members get 403, another account 404, nobody 401', async () => {
    expect((await map(ELECTIONS_BOX, w.world.recorder.id, w.rita)).status).toBe(403);
    expect((await map(ELECTIONS_BOX, w.world.recorder.id, w.carol)).status).toBe(403);
    expect((await w.world.call(w.rita, admin())).status).toBe(403);
    expect((await w.world.call(w.bob, admin())).status).toBe(404);
    expect((await map(ELECTIONS_BOX, w.world.birchTeam.id, w.bob)).status).toBe(404);
    expect((await w.world.call(null, admin())).status).toBe(401);
  });

  it("keeps each account's map to itself: the same address means a team in each", async () => {
    await map(ELECTIONS_BOX, w.world.elections.id);
    const birch = await w.world.call(w.bob, `/admin/accounts/${w.world.accountB.id}/mailboxes/${ELECTIONS_BOX}`, json('PUT', { teamId: w.world.birchTeam.id }));
    expect(birch.status).toBe(200);
    expect(await (await w.world.call(w.bob, `/admin/accounts/${w.world.accountB.id}/mailboxes`)).json()).toEqual([expect.objectContaining({ address: ELECTIONS_BOX, teamName: 'Birch Elections' })]);
    expect(await (await w.world.call(w.olive, admin())).json()).toEqual([expect.objectContaining({ address: ELECTIONS_BOX, teamName: 'Elections' })]);
    // Bob cannot remove Alder's entry through his own account's path or Alder's.
    expect((await w.world.call(w.bob, `${admin()}/${ELECTIONS_BOX}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await w.world.call(w.olive, admin())).json()).toHaveLength(1);
  });
});

describe("what members read of the map", () => {
  it('lists only entries of their own teams, archived teams aside, and nothing of another account', async () => {
    await map(ELECTIONS_BOX, w.world.elections.id);
    await map('recorder@alder.test', w.world.recorder.id);
    const members = `/accounts/${w.world.accountA.id}/mailboxes`;
    // Alice works for Elections only; Carol for Recorder only.
    expect(await (await w.world.call(w.world.alice, members)).json()).toEqual([{ address: ELECTIONS_BOX, team: w.world.elections.id }]);
    expect(await (await w.world.call(w.carol, members)).json()).toEqual([{ address: 'recorder@alder.test', team: w.world.recorder.id }]);
    expect((await w.world.call(w.world.bob, members)).status).toBe(404);

    await w.world.call(w.olive, `/admin/accounts/${w.world.accountA.id}/teams/${w.world.recorder.id}`, json('PATCH', { archived: true }));
    expect(await (await w.world.call(w.carol, members)).json()).toEqual([]);
    const listed = (await (await w.world.call(w.olive, admin())).json()) as Array<{ address: string; teamArchived: boolean }>;
    expect(listed.find((entry) => entry.address === 'recorder@alder.test')?.teamArchived).toBe(true);
  });
});

describe('uses and sessions note the mailbox', () => {
  it('stores the address with a use and a session, and the usage report groups uses by mailbox', async () => {
    const { world, database } = w;
    const uses = `/accounts/${world.accountA.id}/teams/${world.elections.id}/sentautoresponses`;
    for (const [index, mailbox] of [ELECTIONS_BOX, ELECTIONS_BOX, undefined].entries()) {
      const body = sentRecordBody(world, { timeSent: `2026-11-02T15:0${index}:00.000Z`, ...(mailbox ? { mailbox: mailbox.toUpperCase() } : {}) });
      expect((await world.call(world.alice, uses, json('POST', body, { 'Idempotency-Key': `use-${index}-mailbox` }))).status).toBe(201);
    }
    const stored = await database.db.select({ mailbox: sentAutoResponses.mailbox }).from(sentAutoResponses).where(eq(sentAutoResponses.userId, world.alice.id));
    expect(stored.map((row) => row.mailbox).sort()).toEqual([ELECTIONS_BOX, ELECTIONS_BOX, null]);

    const session = await world.call(world.alice, `/accounts/${world.accountA.id}/users/${world.alice.cognitoSub}/sessions`, json('POST', sessionBody(world, { mailbox: ELECTIONS_BOX }), { 'Idempotency-Key': 'session-mailbox-1' }));
    expect(session.status).toBe(201);
    const [row] = await database.db.select({ mailbox: sessions.mailbox }).from(sessions).where(eq(sessions.userId, world.alice.id));
    expect(row?.mailbox).toBe(ELECTIONS_BOX);

    const report = await world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/usage?from=2026-11-01&to=2026-11-30`);
    expect(report.status).toBe(200);
    expect(((await report.json()) as { mailboxes: unknown }).mailboxes).toEqual([
      { mailbox: ELECTIONS_BOX, uses: 2 },
      { mailbox: null, uses: 1 },
    ]);
  });

  it('refuses a mailbox that is not an address', async () => {
    const { world } = w;
    const uses = `/accounts/${world.accountA.id}/teams/${world.elections.id}/sentautoresponses`;
    const response = await world.call(world.alice, uses, json('POST', sentRecordBody(world, { mailbox: 'the elections box' }), { 'Idempotency-Key': 'use-bad-mailbox' }));
    expect(response.status).toBe(400);
  });
});

describe('a member of a team named in the map', () => {
  it('sees an entry again once added to that team', async () => {
    await map('recorder@alder.test', w.world.recorder.id);
    const dora = await givenUser(w.database.db, w.world.accountA.id, { email: 'dora@alder.test', teams: [w.world.elections.id] });
    const members = `/accounts/${w.world.accountA.id}/mailboxes`;
    expect(await (await w.world.call(dora, members)).json()).toEqual([]);
    await w.world.call(w.olive, `/admin/accounts/${w.world.accountA.id}/members/${dora.id}`, json('PATCH', { teams: [w.world.elections.id, w.world.recorder.id] }));
    expect(await (await w.world.call(dora, members)).json()).toEqual([{ address: 'recorder@alder.test', team: w.world.recorder.id }]);
  });
});
