import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Member, AccountTeam, AccountSettings, MemberImportReport } from '../../src/api/contract/people';
import { auditEvents, users } from '../../server/db/schema';
import { sentAutoResponses } from '../../server/db/records-schema';
import { identityUsers } from '../../server/identity/schema';
import { json } from './support/bodies';
import { givenUse } from './support/given';
import { PEOPLE_CLIENT, peopleWorld, queuedMail, temporaryPasswordIn, type PeopleWorld } from './support/people';

/**
 * People, teams and the account's settings through the admin API: an account admin invites,
 * moves, disables and removes people; the invitation arrives by mail with a temporary password
 * that signs in; the last account admin stays.
 */
let w: PeopleWorld;
beforeEach(async () => {
  w = await peopleWorld();
});

const base = () => `/admin/accounts/${w.world.accountA.id}`;
const membersOf = async (query = '') => (await (await w.world.call(w.olive, `${base()}/members${query}`)).json()) as Member[];

/** Signs in to the pool with a password (USER_PASSWORD_AUTH), as a client would. */
async function poolSignIn(email: string, password: string) {
  const response = await w.pool.routes.request('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: PEOPLE_CLIENT, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  return { status: response.status, body: (await response.json()) as { __type?: string; ChallengeName?: string; message?: string; AuthenticationResult?: unknown } };
}

async function invite(body: Record<string, unknown>, as = w.olive) {
  return w.world.call(as, `${base()}/members`, json('POST', body));
}

describe('inviting', () => {
  it('creates a password sign-in, mails a temporary password that signs in and asks for a new one, and lists the person as invited', async () => {
    const response = await invite({ email: ' New.Clerk@Alder.test ', name: 'Nia Clerk', teams: [w.world.elections.id] });
    expect(response.status).toBe(201);
    const { _id } = (await response.json()) as { _id: string };
    expect(response.headers.get('Location')).toBe(`/api/admin/accounts/${w.world.accountA.id}/members/${_id}`);

    const [mail] = await queuedMail(w.database);
    expect(mail).toMatchObject({ kind: 'invitation', toAddress: 'new.clerk@alder.test', subject: 'You are invited to Cannery for Alder County' });
    expect(mail!.body).toContain('Hello Nia Clerk,');
    expect(mail!.body).toContain('Olive Admin invited you to Cannery');
    expect(mail!.body).toContain('- In your browser, at once: https://cannery.test\n');
    expect(mail!.body).toContain('and enter https://cannery.test/manifest.xml');
    expect(mail!.body).toContain('- In Chrome, for Gmail and any web page: ask your administrator for the Cannery extension.');
    const password = temporaryPasswordIn(mail!.body);
    expect((await poolSignIn('new.clerk@alder.test', password)).body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const [listed] = await membersOf('?search=nia');
    expect(listed).toEqual({
      _id,
      email: 'new.clerk@alder.test',
      name: 'Nia Clerk',
      signIn: 'password',
      status: 'invited',
      accountAdmin: false,
      teams: [w.world.elections.id],
      adminTeams: [],
      editorTeams: [],
      lastActive: null,
      authenticator: false,
    });
  });

  it('invites a work-account user by mail without a password; their first verified sign-in links them', async () => {
    const response = await invite({ email: 'sso.clerk@alder.test', teams: [w.world.recorder.id], signIn: 'work-account' });
    expect(response.status).toBe(201);
    const [mail] = await queuedMail(w.database);
    expect(mail!.kind).toBe('work_account_invitation');
    expect(mail!.body).not.toContain('Temporary password');
    expect(mail!.body).toContain('Sign in with your work account');

    const unverified = await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${await w.world.microsoft.idToken('ms-sso-clerk', { claims: { email: 'sso.clerk@alder.test' } })}` } });
    expect(unverified.status).toBe(404);
    const token = await w.world.microsoft.idToken('ms-sso-clerk', { claims: { email: 'SSO.Clerk@alder.test', email_verified: true } });
    const info = await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { user: { teams: string[] } }).user.teams).toEqual([w.world.recorder.id]);
    expect((await membersOf('?search=sso.clerk'))[0]!.status).toBe('active');
  });

  it('refuses an address that is already a member of the account, and invites nobody', async () => {
    for (const email of ['carol@alder.test', 'CAROL@alder.test']) {
      const response = await invite({ email, teams: [w.world.recorder.id] });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: { code: 'member_exists', message: 'This email address is already a member of the account.' } });
    }
    expect(await queuedMail(w.database)).toHaveLength(0);
  });

  it('refuses teams of another account, archived teams and bad addresses with the field named', async () => {
    const foreign = await invite({ email: 'x@alder.test', teams: [w.world.birchTeam.id] });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('unknown_team');
    const bad = await invite({ email: 'not an address', teams: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/email/);
    expect(await w.database.db.select().from(identityUsers)).toHaveLength(0);
  });

  it('resends an invitation with a new temporary password; the old one stops working', async () => {
    const { _id } = (await (await invite({ email: 'late@alder.test', teams: [w.world.elections.id] })).json()) as { _id: string };
    const first = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);
    expect((await w.world.call(w.olive, `${base()}/members/${_id}/resend-invitation`, { method: 'POST' })).status).toBe(204);
    const second = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);
    expect(second).not.toBe(first);
    expect((await poolSignIn('late@alder.test', first)).status).toBe(400);
    expect((await poolSignIn('late@alder.test', second)).body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('a temporary password older than seven days is refused as Cognito refuses it; resending gives a fresh one', async () => {
    const { _id } = (await (await invite({ email: 'slow@alder.test', teams: [w.world.elections.id] })).json()) as { _id: string };
    const first = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await w.database.db.update(identityUsers).set({ passwordChangedAt: eightDaysAgo }).where(eq(identityUsers.username, 'slow@alder.test'));
    const expired = await poolSignIn('slow@alder.test', first);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Temporary password has expired and must be reset by an administrator.' });
    expect((await poolSignIn('slow@alder.test', 'Wrong-Password-42!')).body.message).toBe('Incorrect username or password.');

    expect((await w.world.call(w.olive, `${base()}/members/${_id}/resend-invitation`, { method: 'POST' })).status).toBe(204);
    const second = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);
    expect((await poolSignIn('slow@alder.test', second)).body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('does not resend to someone who has signed in', async () => {
    const response = await w.world.call(w.olive, `${base()}/members/${w.carol.id}/resend-invitation`, { method: 'POST' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('This person has already signed in.');
  });
});

describe('disabling and removing', () => {
  it('refuses a disabled person at sign-in and on every API call, keeps their usage, and lets them back in when enabled', async () => {
    const { _id } = (await (await invite({ email: 'gone@alder.test', teams: [w.world.elections.id] })).json()) as { _id: string };
    const password = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);
    const [row] = await w.database.db.select().from(users).where(eq(users.id, _id));
    await givenUse(w.database.db, w.world.electionBlock, { id: _id, email: 'gone@alder.test' });

    const disabled = await w.world.call(w.olive, `${base()}/members/${_id}`, json('PATCH', { disabled: true }));
    expect(disabled.status).toBe(200);
    expect(((await disabled.json()) as Member).status).toBe('disabled');
    expect((await poolSignIn('gone@alder.test', password)).body.message).toBe('User is disabled.');
    const api = await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${await w.world.cognito.idToken(row!.cognitoSub!)}` } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: { code: 'user_disabled', message: 'User is disabled.' } });
    expect(await w.database.db.select().from(sentAutoResponses).where(eq(sentAutoResponses.userEmail, 'gone@alder.test'))).toHaveLength(1);

    expect((await w.world.call(w.olive, `${base()}/members/${_id}`, json('PATCH', { disabled: false }))).status).toBe(200);
    expect((await poolSignIn('gone@alder.test', password)).body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const events = await w.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, _id));
    expect(events.map((event) => event.action).sort()).toEqual(['member.disabled', 'member.enabled', 'member.invited']);
  });

  it('never leaves the account without an account admin: not by disabling, demoting or removing the last one', async () => {
    for (const change of [{ disabled: true }, { accountAdmin: false }]) {
      const response = await w.world.call(w.olive, `${base()}/members/${w.olive.id}`, json('PATCH', change));
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('last_account_admin');
    }
    expect((await w.world.call(w.olive, `${base()}/members/${w.olive.id}`, { method: 'DELETE' })).status).toBe(409);
    // With a second account admin, the first may step down.
    expect((await w.world.call(w.olive, `${base()}/members/${w.rita.id}`, json('PATCH', { accountAdmin: true }))).status).toBe(200);
    expect((await w.world.call(w.olive, `${base()}/members/${w.olive.id}`, json('PATCH', { accountAdmin: false }))).status).toBe(200);
    expect((await w.world.call(w.rita, `${base()}/members/${w.rita.id}`, json('PATCH', { disabled: true }))).status).toBe(409);
  });

  it('removes a person from the account with an audit event; their pool sign-in goes and their usage stays', async () => {
    const { _id } = (await (await invite({ email: 'leaver@alder.test', teams: [w.world.recorder.id] })).json()) as { _id: string };
    await givenUse(w.database.db, w.world.recorderBlock, { id: _id, email: 'leaver@alder.test' });
    expect((await w.world.call(w.olive, `${base()}/members/${_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await membersOf('?search=leaver')).toEqual([]);
    expect(await w.database.db.select().from(identityUsers)).toHaveLength(0);
    expect(await w.database.db.select().from(sentAutoResponses).where(eq(sentAutoResponses.userEmail, 'leaver@alder.test'))).toHaveLength(1);
    const [event] = await w.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'member.removed'));
    expect(event).toMatchObject({ accountId: w.world.accountA.id, teamId: null, actorUserId: w.olive.id, entityKind: 'member', entityId: _id });
  });
});

describe('team admins', () => {
  it('see and move the people of their own teams only', async () => {
    const seen = (await (await w.world.call(w.rita, `${base()}/members`)).json()) as Member[];
    expect(seen.map((member) => member.email).sort()).toEqual(['ada@alder.test', 'carol@alder.test', 'rita@alder.test']);
    const moveIntoElections = await w.world.call(w.rita, `${base()}/members/${w.carol.id}`, json('PATCH', { teams: [w.world.recorder.id, w.world.elections.id] }));
    expect(moveIntoElections.status).toBe(403);
    const makeAdmin = await w.world.call(w.rita, `${base()}/members/${w.carol.id}`, json('PATCH', { adminTeams: [w.world.recorder.id] }));
    expect(makeAdmin.status).toBe(200);
    expect(((await makeAdmin.json()) as Member).adminTeams).toEqual([w.world.recorder.id]);
    expect((await w.world.call(w.rita, `${base()}/members/${w.carol.id}`, json('PATCH', { disabled: true }))).status).toBe(403);
  });
});

describe('last active', () => {
  it('counts a call from any app, the admin app’s included, not only usage sessions', async () => {
    const before = Date.now();
    const [olive] = (await membersOf('?search=olive')).filter((member) => member.email === 'olive@alder.test');
    expect(olive?.lastActive).not.toBeNull();
    expect(Date.parse(olive!.lastActive!)).toBeGreaterThanOrEqual(before - 1_000);
    const [invited] = await membersOf('?search=rita');
    expect(invited?.lastActive).toBeNull();
  });
});

describe('filters', () => {
  it('finds people by name or address, team and status, and shows when they were last active', async () => {
    await invite({ email: 'pending@alder.test', teams: [w.world.recorder.id] });
    expect((await membersOf('?status=invited')).map((member) => member.email)).toEqual(['pending@alder.test']);
    expect((await membersOf(`?team=${w.world.elections.id}`)).map((member) => member.email).sort()).toEqual(['ada@alder.test', 'alice@alder.test', 'eve@alder.test']);
    expect((await membersOf('?search=OLIVE%20ad')).map((member) => member.email)).toEqual(['olive@alder.test']);
    expect(await membersOf('?search=%25')).toEqual([]);
    const bad = await w.world.call(w.olive, `${base()}/members?status=gone`);
    expect(bad.status).toBe(400);
  });
});

describe('teams', () => {
  it('creates, renames, archives and brings back a team; an archived team is out of its members’ sight', async () => {
    const created = await w.world.call(w.olive, `${base()}/teams`, json('POST', { name: 'Passports' }));
    expect(created.status).toBe(201);
    const team = (await created.json()) as AccountTeam;
    expect(team).toEqual({ _id: expect.any(String), name: 'Passports', archived: false, requireReview: false, members: 0 });
    expect((await w.world.call(w.olive, `${base()}/teams`, json('POST', { name: 'passports' }))).status).toBe(409);
    const renamed = await w.world.call(w.olive, `${base()}/teams/${team._id}`, json('PATCH', { name: 'Passports and IDs' }));
    expect(((await renamed.json()) as AccountTeam).name).toBe('Passports and IDs');

    const archived = await w.world.call(w.olive, `${base()}/teams/${w.world.recorder.id}`, json('PATCH', { archived: true }));
    expect(((await archived.json()) as AccountTeam).archived).toBe(true);
    const carolTeams = await w.world.call(w.carol, `/accounts/${w.world.accountA.id}/teams`);
    expect(await carolTeams.json()).toEqual([]);
    const blocks = await w.world.call(w.carol, `/accounts/${w.world.accountA.id}/autoresponses?teams=${w.world.recorder.id}`);
    // A team the caller cannot see does not exist for them.
    expect(blocks.status).toBe(404);
    await w.world.call(w.olive, `${base()}/teams/${w.world.recorder.id}`, json('PATCH', { archived: false }));
    expect(((await (await w.world.call(w.carol, `/accounts/${w.world.accountA.id}/teams`)).json()) as unknown[]).length).toBe(1);
    const back = await w.world.call(w.carol, `/accounts/${w.world.accountA.id}/autoresponses?teams=${w.world.recorder.id}`);
    expect(((await back.json()) as Array<{ name: string }>).map((block) => block.name)).toEqual(['Recording fees']);
  });
});

describe('settings', () => {
  const settings = (): AccountSettings => ({
    hasPhoneFlowAccess: false,
    emailClassificationFeature: { on: true, teams: [w.world.elections.id] },
    authenticatorPolicy: 'required',
    supportEmail: 'Help@Alder.test',
    numMostFreqAutoResponses: 8,
    timeZone: 'America/Los_Angeles',
    languages: ['es'],
    workAccountAccess: { domains: ['Alder.Test'], team: w.world.elections.id, tenants: [] },
  });

  it('saves the whole object, and the account shows the support address and count to its members', async () => {
    const saved = await w.world.call(w.olive, `${base()}/settings`, json('PUT', settings()));
    expect(saved.status).toBe(200);
    // English is always the account's first language.
    expect(await saved.json()).toEqual({ ...settings(), languages: ['en', 'es'], supportEmail: 'help@alder.test', workAccountAccess: { domains: ['alder.test'], team: w.world.elections.id, tenants: [] } });
    const account = await (await w.world.call(w.world.alice, `/accounts?id=${w.world.accountA.id}`)).json();
    expect(account).toMatchObject({ hasPhoneFlowAccess: false, supportEmail: 'help@alder.test', numMostFreqAutoResponses: 8, languages: ['en', 'es'] });
  });

  it('lets a work account of a listed domain in without an invitation, into the default team', async () => {
    await w.world.call(w.olive, `${base()}/settings`, json('PUT', settings()));
    const token = await w.world.microsoft.idToken('ms-walk-in', { claims: { email: 'walk.in@alder.test', email_verified: true } });
    const info = await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { user: { teams: string[] } }).user.teams).toEqual([w.world.elections.id]);
    const other = await w.world.microsoft.idToken('ms-elsewhere', { claims: { email: 'someone@elsewhere.test', email_verified: true } });
    expect((await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${other}` } })).status).toBe(404);
  });

  it('lets work accounts in from the account’s own Entra tenants only, when it names any', async () => {
    const ours = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    const theirs = '0b8f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';
    const saved = await w.world.call(w.olive, `${base()}/settings`, json('PUT', { ...settings(), workAccountAccess: { domains: ['alder.test'], team: w.world.elections.id, tenants: [ours.toUpperCase()] } }));
    expect(((await saved.json()) as AccountSettings).workAccountAccess.tenants).toEqual([ours]);
    const asAda = async (tid: string | undefined) =>
      w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${await w.world.microsoft.idToken('ms-ada', { claims: tid ? { tid } : {} })}` } });
    expect((await asAda(ours)).status).toBe(200);
    const refused = await asAda(theirs);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('tenant_not_allowed');
    expect((await asAda(undefined)).status).toBe(403);
    const walkIn = await w.world.microsoft.idToken('ms-walk-in-2', { claims: { email: 'walk.in2@alder.test', email_verified: true, tid: theirs } });
    expect((await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${walkIn}` } })).status).toBe(404);
    const bad = await w.world.call(w.olive, `${base()}/settings`, json('PUT', { ...settings(), workAccountAccess: { domains: [], team: null, tenants: ['contoso'] } }));
    expect(bad.status).toBe(400);
  });

  it('refuses teams of another account', async () => {
    const foreignTeam = await w.world.call(w.bob, `/admin/accounts/${w.world.accountB.id}/settings`, json('PUT', { ...settings(), emailClassificationFeature: { on: false, teams: [] } }));
    expect(foreignTeam.status).toBe(400);
  });
});

describe('importing a file', () => {
  const call = async (text: string, dryRun: boolean, as = w.olive) => {
    const token = await w.world.cognito.idToken(as.cognitoSub!);
    return w.world.app.request(`/api/admin/accounts/${w.world.accountA.id}/members/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: text,
    });
  };

  it('checks every row on a dry run, then invites everyone', async () => {
    const file = 'email,name,teams\r\nann@alder.test,Ann,Elections; Recorder\r\ncarol@alder.test,Carol,Recorder\r\n';
    const dry = (await (await call(file, true)).json()) as MemberImportReport;
    expect(dry).toEqual({
      dryRun: true,
      invited: 0,
      rows: [
        { line: 2, email: 'ann@alder.test', name: 'Ann', teams: ['Elections', 'Recorder'], outcome: 'invite', message: null },
        { line: 3, email: 'carol@alder.test', name: 'Carol', teams: ['Recorder'], outcome: 'already-member', message: null },
      ],
    });
    expect(await queuedMail(w.database)).toHaveLength(0);
    const done = (await (await call(file, false)).json()) as MemberImportReport;
    expect(done.invited).toBe(1);
    expect((await membersOf('?search=ann@')).map((member) => member.teams.length)).toEqual([2]);
  });

  it('invites nobody when a row is bad, and says which line and why', async () => {
    const file = 'email,name,teams\nok@alder.test,,Elections\nnot-an-address,,Elections\nx@alder.test,,Passports\nok@alder.test,,Elections\n';
    const response = await call(file, false);
    expect(response.status).toBe(422);
    const body = (await response.json()) as MemberImportReport & { error: { message: string } };
    expect(body.rows.map((row) => [row.line, row.outcome])).toEqual([[2, 'invite'], [3, 'error'], [4, 'error'], [5, 'error']]);
    expect(body.error.message).toMatch(/^Nobody was invited: the file has 3 errors\. line 3: The email is not an email address\./);
    expect(await queuedMail(w.database)).toHaveLength(0);
  });

  it('refuses a file without an email column, in another encoding, or of another type', async () => {
    expect((await call('name,teams\nAnn,Elections\n', true)).status).toBe(400);
    const token = await w.world.cognito.idToken(w.olive.cognitoSub!);
    const latin1 = await w.world.app.request(`/api/admin/accounts/${w.world.accountA.id}/members/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xe9, 0x40, 0x61, 0x2e, 0x74]),
    });
    expect(latin1.status).toBe(400);
    const jsonBody = await w.world.app.request(`/api/admin/accounts/${w.world.accountA.id}/members/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '[]',
    });
    expect(jsonBody.status).toBe(415);
  });
});
