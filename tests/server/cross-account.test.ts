import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountDomain, Member, MemberImportReport } from '../../src/api/contract/people';
import { users } from '../../server/db/schema';
import { runAdminCommand } from '../../server/cli/users-command';
import { txtResolver } from '../../server/people/domains';
import { startDnsServer, type TestDnsServer } from '../fixtures/dns-server';
import { makeTestApp } from './support/app';
import { json } from './support/bodies';
import { givenUser } from './support/given';
import { PEOPLE_CLIENT, peopleWorld, queuedMail, temporaryPasswordIn, type PeopleWorld } from './support/people';

/**
 * One account never reaches another's people, as a second office's admin would try it: claiming
 * the first office's domain, inviting its people first, and asking about addresses. Domain proofs
 * are looked up on a real DNS server on loopback.
 */
let dns: TestDnsServer;
let w: PeopleWorld;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns.stop());
beforeEach(async () => {
  w = await peopleWorld({ resolveTxt: txtResolver([dns.address], 1_000) });
  await dns.publish({});
});

const alder = () => `/admin/accounts/${w.world.accountA.id}`;
const birch = () => `/admin/accounts/${w.world.accountB.id}`;
const settingsWith = (domains: string[], team: string) => ({
  hasPhoneFlowAccess: false,
  emailClassificationFeature: { on: false, teams: [] },
  authenticatorPolicy: 'optional',
  supportEmail: null,
  numMostFreqAutoResponses: null,
  workAccountAccess: { domains, team, tenants: [] },
});

/** A work account's first call to the API, with an address its provider vouches for. */
async function workAccountSignsIn(sub: string, email: string) {
  const token = await w.world.microsoft.idToken(sub, { claims: { email, email_verified: true } });
  const response = await w.world.app.request('/api/user-info', { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { user?: { accountId?: string; teams: string[] }; error?: { code: string } } };
}

async function poolSignIn(email: string, password: string) {
  const response = await w.pool.routes.request('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: PEOPLE_CLIENT, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  return (await response.json()) as { ChallengeName?: string; AuthenticationResult?: unknown; message?: string };
}

const domainsOf = async (as: typeof w.olive, base: string) => (await (await w.world.call(as, `${base}/domains`)).json()) as AccountDomain[];

describe('a work-account domain', () => {
  it('listed by another account links nobody; proven by its owner in DNS, it lets the owner’s people in', async () => {
    expect((await w.world.call(w.bob, `${birch()}/settings`, json('PUT', settingsWith(['aldercounty.example'], w.world.birchTeam.id)))).status).toBe(200);
    expect((await w.world.call(w.olive, `${alder()}/settings`, json('PUT', settingsWith(['aldercounty.example'], w.world.elections.id)))).status).toBe(200);
    expect((await workAccountSignsIn('ms-stranger', 'stranger@aldercounty.example')).status).toBe(404);

    const ours = (await domainsOf(w.olive, alder())).find((domain) => domain.domain === 'aldercounty.example');
    const [theirs] = await domainsOf(w.bob, birch());
    expect(ours).toMatchObject({ domain: 'aldercounty.example', verified: false, record: { type: 'TXT', name: '_cannery.aldercounty.example' } });
    expect(theirs!.record.value).not.toBe(ours!.record.value);

    await dns.publish({ '_cannery.aldercounty.example': [ours!.record.value, 'v=spf1 -all'] });
    const squatter = await w.world.call(w.bob, `${birch()}/domains/aldercounty.example/verify`, { method: 'POST' });
    expect(squatter.status).toBe(422);
    expect(((await squatter.json()) as { error: { code: string } }).error.code).toBe('domain_not_proven');
    const owner = await w.world.call(w.olive, `${alder()}/domains/aldercounty.example/verify`, { method: 'POST' });
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as AccountDomain).verified).toBe(true);

    const stranger = await workAccountSignsIn('ms-stranger', 'stranger@aldercounty.example');
    expect(stranger.status).toBe(200);
    expect(stranger.body.user?.teams).toEqual([w.world.elections.id]);
  });

  it('is never captured by another account’s invitation', async () => {
    // An invitation another account made before domains needed proof.
    const squatted = await givenUser(w.database.db, w.world.accountB.id, { email: 'person@alder.test', signIn: 'work-account', cognitoSub: null, joinedAt: null, teams: [w.world.birchTeam.id] });
    const now = await w.world.call(w.bob, `${birch()}/members`, json('POST', { email: 'another@alder.test', signIn: 'work-account', teams: [w.world.birchTeam.id] }));
    expect(now.status).toBe(400);
    expect(((await now.json()) as { error: { code: string } }).error.code).toBe('domain_not_proven');

    const invited = await w.world.call(w.olive, `${alder()}/members`, json('POST', { email: 'person@alder.test', signIn: 'work-account', teams: [w.world.recorder.id] }));
    expect(invited.status).toBe(201);
    const person = await workAccountSignsIn('ms-person', 'Person@alder.test');
    expect(person.status).toBe(200);
    expect(person.body.user?.teams).toEqual([w.world.recorder.id]);
    const [left] = await w.database.db.select().from(users).where(eq(users.id, squatted.id));
    expect(left?.microsoftSub).toBeNull();
  });

  it('proven by two accounts’ records is theirs to settle in DNS; the answer names no account', async () => {
    await w.world.call(w.olive, `${alder()}/domains`, json('POST', { domain: 'shared.example' }));
    await w.world.call(w.bob, `${birch()}/domains`, json('POST', { domain: 'shared.example' }));
    const ours = (await domainsOf(w.olive, alder())).find((domain) => domain.domain === 'shared.example');
    const theirs = (await domainsOf(w.bob, birch())).find((domain) => domain.domain === 'shared.example');
    await dns.publish({ '_cannery.shared.example': [ours!.record.value] });
    expect((await w.world.call(w.olive, `${alder()}/domains/shared.example/verify`, { method: 'POST' })).status).toBe(200);

    await dns.publish({ '_cannery.shared.example': [ours!.record.value, theirs!.record.value] });
    const both = await w.world.call(w.bob, `${birch()}/domains/shared.example/verify`, { method: 'POST' });
    expect(both.status).toBe(409);
    const message = ((await both.json()) as { error: { message: string } }).error.message;
    expect(message).toBe('The DNS of shared.example proves another Cannery account too: remove the other _cannery TXT record first.');
    expect(message).not.toMatch(/Alder/);

    await dns.publish({ '_cannery.shared.example': [theirs!.record.value] });
    expect((await w.world.call(w.bob, `${birch()}/domains/shared.example/verify`, { method: 'POST' })).status).toBe(200);
    expect((await domainsOf(w.olive, alder())).find((domain) => domain.domain === 'shared.example')?.verified).toBe(false);
  });

  it('is given to an account by the operator, and a DNS server that does not answer is said plainly', async () => {
    const lines: string[] = [];
    const code = await runAdminCommand(w.database.db, 'local_people', ['assign-domain', '--account', w.world.accountB.id, '--domain', 'Birch.Example'], (line) => lines.push(line));
    expect(code).toBe(0);
    expect(lines[0]).toBe(`birch.example now belongs to Birch County (${w.world.accountB.id}): its work accounts link to this account's invitations.`);
    expect(await domainsOf(w.bob, birch())).toMatchObject([{ domain: 'birch.example', verified: true }]);

    await w.world.call(w.olive, `${alder()}/domains`, json('POST', { domain: 'quiet.example' }));
    await dns.stop();
    const silent = await w.world.call(w.olive, `${alder()}/domains/quiet.example/verify`, { method: 'POST' });
    expect(silent.status).toBe(503);
    expect(((await silent.json()) as { error: { message: string } }).error.message).toBe('The DNS of quiet.example did not answer. Try again in a moment.');
    await dns.publish({});
  });
});

describe('asking about another account’s people', () => {
  it('inviting one answers as for a new address and leaves their sign-in alone; only they learn why', async () => {
    const theirs = await w.world.call(w.bob, `${birch()}/members`, json('POST', { email: 'clerk@birch.test', teams: [w.world.birchTeam.id] }));
    expect(theirs.status).toBe(201);
    const birchPassword = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);

    const taken = await w.world.call(w.olive, `${alder()}/members`, json('POST', { email: 'clerk@birch.test', teams: [w.world.elections.id] }));
    const fresh = await w.world.call(w.olive, `${alder()}/members`, json('POST', { email: 'fresh@birch.test', teams: [w.world.elections.id] }));
    expect([taken.status, fresh.status]).toEqual([201, 201]);
    expect(Object.keys((await taken.json()) as object)).toEqual(Object.keys((await fresh.json()) as object));
    const listed = (await (await w.world.call(w.olive, `${alder()}/members?search=birch.test`)).json()) as Member[];
    expect(listed.map((member) => [member.email, member.status])).toEqual([
      ['clerk@birch.test', 'invited'],
      ['fresh@birch.test', 'invited'],
    ]);

    const toClerk = (await queuedMail(w.database)).find((mail) => mail.toAddress === 'clerk@birch.test' && mail.body.includes('Alder County'))!;
    expect(toClerk.body).not.toContain('Temporary password');
    expect(toClerk.body).toContain('Your address already signs in to Cannery for another office');
    expect((await poolSignIn('clerk@birch.test', birchPassword)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const file = 'email,teams\nclerk@birch.test,Elections\nsomeone.new@birch.test,Elections\n';
    const token = await w.world.cognito.idToken(w.bob.cognitoSub!);
    const dry = await w.world.app.request(`/api${birch()}/members/import?dryRun=true`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' }, body: file.replaceAll('Elections', 'Birch Elections') });
    expect(((await dry.json()) as MemberImportReport).rows.map((row) => row.outcome)).toEqual(['already-member', 'invite']);
    const asked = await w.world.app.request(`/api${alder()}/members/import?dryRun=true`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await w.world.cognito.idToken(w.olive.cognitoSub!)}`, 'Content-Type': 'text/csv' },
      body: 'email,teams\nbob.admin@birch.test,Elections\nnobody@birch.test,Elections\n',
    });
    expect(((await asked.json()) as MemberImportReport).rows.map((row) => row.outcome)).toEqual(['invite', 'invite']);
  });

  it('an invitation waits while the address signs in elsewhere, and gives a sign-in once that one has gone', async () => {
    const theirs = (await (await w.world.call(w.bob, `${birch()}/members`, json('POST', { email: 'mover@birch.test', teams: [w.world.birchTeam.id] }))).json()) as { _id: string };
    const ours = (await (await w.world.call(w.olive, `${alder()}/members`, json('POST', { email: 'mover@birch.test', teams: [w.world.elections.id] }))).json()) as { _id: string };
    expect((await w.world.call(w.olive, `${alder()}/members/${ours._id}/resend-invitation`, { method: 'POST' })).status).toBe(204);
    expect((await queuedMail(w.database))[0]!.body).toContain('already signs in to Cannery for another office');

    expect((await w.world.call(w.bob, `${birch()}/members/${theirs._id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await w.world.call(w.olive, `${alder()}/members/${ours._id}/resend-invitation`, { method: 'POST' })).status).toBe(204);
    const password = temporaryPasswordIn((await queuedMail(w.database))[0]!.body);
    expect((await poolSignIn('mover@birch.test', password)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('each account sends a limited number of invitations a day, counted in the database every server shares', async () => {
    w = await peopleWorld({ resolveTxt: txtResolver([dns.address], 1_000), invitationsPerDay: 3 });
    const second = makeTestApp(w.database, { issuers: [w.world.cognito.trusted, w.world.microsoft.trusted], provisioner: w.pool.provisioner, invitationsPerDay: 3 });
    const token = await w.world.cognito.idToken(w.olive.cognitoSub!);
    const inviteThrough = (app: typeof second, email: string) =>
      app.request(`/api${alder()}/members`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ email, teams: [w.world.elections.id] }) });
    expect((await inviteThrough(w.world.app, 'one@alder.test')).status).toBe(201);
    expect((await inviteThrough(second, 'two@alder.test')).status).toBe(201);
    expect((await inviteThrough(w.world.app, 'three@alder.test')).status).toBe(201);
    const fourth = await inviteThrough(second, 'four@alder.test');
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: { message: string } }).error.message).toBe('This account has sent 3 invitations in the last 24 hours, as many as it may. Try again later.');
    expect((await w.world.call(w.bob, `${birch()}/members`, json('POST', { email: 'elsewhere@birch.test', teams: [w.world.birchTeam.id] }))).status).toBe(201);
  });
});

describe('what a team admin may send', () => {
  it('invites into one or more of their own teams, never into none', async () => {
    const none = await w.world.call(w.rita, `${alder()}/members`, json('POST', { email: 'nowhere@alder.test', teams: [], adminTeams: [] }));
    expect(none.status).toBe(403);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe('Team admins invite people into the teams they administer: choose one or more of them.');
    expect((await w.world.call(w.rita, `${alder()}/members`, json('POST', { email: 'somewhere@alder.test', teams: [w.world.recorder.id] }))).status).toBe(201);
  });

  it('writes no link into an invitation, neither in the name given nor in an older inviter’s name', async () => {
    for (const name of ['Reset at evil.example/now', 'https://evil.example', 'www.evil.example', 'pay@evil.example']) {
      const response = await w.world.call(w.olive, `${alder()}/members`, json('POST', { email: 'linked@alder.test', name, teams: [w.world.elections.id] }));
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain('must not hold a web or email address');
    }
    await w.database.db.update(users).set({ name: 'Olive, see evil.example' }).where(eq(users.id, w.olive.id));
    expect((await w.world.call(w.olive, `${alder()}/members`, json('POST', { email: 'plain@alder.test', name: 'J.R. Plain', teams: [w.world.elections.id] }))).status).toBe(201);
    const [mail] = await queuedMail(w.database);
    expect(mail!.body).toContain('Hello J.R. Plain,');
    expect(mail!.body).toContain('olive@alder.test invited you to Cannery');
    expect(mail!.body).not.toContain('evil.example');
  });
});

describe('resending an invitation', () => {
  it('never replaces a password the person already has', async () => {
    const code = await runAdminCommand(w.database.db, 'local_people', ['create', '--email', 'kept@alder.test', '--password', 'Permanent-Pass-19', '--account', w.world.accountA.id, '--teams', w.world.elections.id], () => undefined);
    expect(code).toBe(0);
    const [kept] = await w.database.db.select().from(users).where(eq(users.email, 'kept@alder.test'));
    const response = await w.world.call(w.olive, `${alder()}/members/${kept!.id}/resend-invitation`, { method: 'POST' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('This person has a password already: they can sign in, or reset it with "Forgot password".');
    expect((await poolSignIn('kept@alder.test', 'Permanent-Pass-19')).AuthenticationResult).toBeDefined();
    expect(await queuedMail(w.database)).toHaveLength(0);
  });
});
