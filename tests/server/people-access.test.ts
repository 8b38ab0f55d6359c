import { beforeEach, describe, expect, it } from 'vitest';
import { json } from './support/bodies';
import { peopleWorld, type PeopleWorld } from './support/people';
import { describedOperations, operationOf } from './support/route-patterns';

/**
 * Who reaches the people, teams and settings routes: every route × every kind of caller. The
 * account admin manages everything; the admin of Recorder manages Recorder's people; the admin of
 * Elections only cannot reach Recorder's people (404: they do not exist for them) nor change
 * anything of the account; a member gets 403; another account's admin 404; no token 401.
 */
let w: PeopleWorld;
/** Dana: invited into Recorder by the account admin, not signed in yet. */
let dana: string;

beforeEach(async () => {
  w = await peopleWorld();
  const invited = await w.world.call(w.olive, `/admin/accounts/${w.world.accountA.id}/members`, json('POST', { email: 'dana@alder.test', teams: [w.world.recorder.id] }));
  dana = ((await invited.json()) as { _id: string })._id;
});

type CallerKind = 'account admin' | 'admin of this team' | 'admin of another team' | 'member' | 'another account' | 'signed out';
const CALLERS: CallerKind[] = ['account admin', 'admin of this team', 'admin of another team', 'member', 'another account', 'signed out'];
const callerOf = (kind: CallerKind) =>
  ({ 'account admin': w.olive, 'admin of this team': w.rita, 'admin of another team': w.eve, member: w.carol, 'another account': w.bob, 'signed out': null })[kind];

interface Route {
  name: string;
  request: () => [string, RequestInit?];
  expected: Record<CallerKind, number>;
}

const base = () => `/admin/accounts/${w.world.accountA.id}`;
/** The usual answers past the account check: 404 for another account, 401 signed out. */
const outside = { 'another account': 404, 'signed out': 401 } as const;
const csv = (text: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: text });

const ROUTES: Route[] = [
  { name: 'GET members', request: () => [`${base()}/members`], expected: { 'account admin': 200, 'admin of this team': 200, 'admin of another team': 200, member: 403, ...outside } },
  {
    name: 'POST members (into Recorder)',
    request: () => [`${base()}/members`, json('POST', { email: 'new@alder.test', teams: [w.world.recorder.id] })],
    expected: { 'account admin': 201, 'admin of this team': 201, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'POST members (an account admin)',
    request: () => [`${base()}/members`, json('POST', { email: 'boss@alder.test', teams: [w.world.recorder.id], accountAdmin: true })],
    expected: { 'account admin': 201, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'POST members/import',
    request: () => [`${base()}/members/import?dryRun=true`, csv('email,teams\nnew@alder.test,Recorder\n')],
    expected: { 'account admin': 200, 'admin of this team': 200, 'admin of another team': 422, member: 403, ...outside },
  },
  {
    name: 'PATCH member (Recorder admin rights)',
    request: () => [`${base()}/members/${w.carol.id}`, json('PATCH', { adminTeams: [w.world.recorder.id] })],
    expected: { 'account admin': 200, 'admin of this team': 200, 'admin of another team': 404, member: 403, ...outside },
  },
  {
    name: 'PATCH member (disable)',
    request: () => [`${base()}/members/${w.carol.id}`, json('PATCH', { disabled: true })],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 404, member: 403, ...outside },
  },
  {
    name: 'POST members/{id}/resend-invitation',
    request: () => [`${base()}/members/${dana}/resend-invitation`, { method: 'POST' }],
    expected: { 'account admin': 204, 'admin of this team': 204, 'admin of another team': 404, member: 403, ...outside },
  },
  {
    name: 'POST members/{id}/reset-authenticator',
    request: () => [`${base()}/members/${dana}/reset-authenticator`, { method: 'POST' }],
    expected: { 'account admin': 204, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'DELETE members/{id}',
    request: () => [`${base()}/members/${w.carol.id}`, { method: 'DELETE' }],
    expected: { 'account admin': 204, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'GET members/{id}/export',
    request: () => [`${base()}/members/${w.carol.id}/export?format=csv`],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'POST members/{id}/erase',
    request: () => [`${base()}/members/${w.carol.id}/erase`, json('POST', { email: 'carol@alder.test' })],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  { name: 'GET retention', request: () => [`${base()}/retention`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  {
    name: 'PUT retention',
    request: () => [`${base()}/retention`, json('PUT', { usageRecords: null, sessions: 365, classificationOutcomes: 90, learnedEvidence: 365, mail: 30 })],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  { name: 'GET teams', request: () => [`${base()}/teams`], expected: { 'account admin': 200, 'admin of this team': 200, 'admin of another team': 200, member: 403, ...outside } },
  {
    name: 'POST teams',
    request: () => [`${base()}/teams`, json('POST', { name: 'Passports' })],
    expected: { 'account admin': 201, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'PATCH teams/{id}',
    request: () => [`${base()}/teams/${w.world.recorder.id}`, json('PATCH', { name: 'Recorder of Deeds' })],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  { name: 'GET settings', request: () => [`${base()}/settings`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  {
    name: 'PUT settings',
    request: () => [
      `${base()}/settings`,
      json('PUT', {
        hasPhoneFlowAccess: true,
        emailClassificationFeature: { on: false, teams: [] },
        authenticatorPolicy: 'optional',
        supportEmail: null,
        numMostFreqAutoResponses: null,
        workAccountAccess: { domains: [], team: null },
      }),
    ],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  { name: 'GET domains', request: () => [`${base()}/domains`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  {
    name: 'POST domains',
    request: () => [`${base()}/domains`, json('POST', { domain: 'recorder.alder.test' })],
    expected: { 'account admin': 201, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'POST domains/{domain}/verify (proven already)',
    request: () => [`${base()}/domains/alder.test/verify`, { method: 'POST' }],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'DELETE domains/{domain}',
    request: () => [`${base()}/domains/alder.test`, { method: 'DELETE' }],
    expected: { 'account admin': 204, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  { name: 'GET mailboxes', request: () => [`${base()}/mailboxes`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  {
    name: 'PUT mailboxes/{address}',
    request: () => [`${base()}/mailboxes/recorder@alder.test`, json('PUT', { teamId: w.world.recorder.id })],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  {
    name: 'DELETE mailboxes/{address} (not mapped)',
    request: () => [`${base()}/mailboxes/recorder@alder.test`, { method: 'DELETE' }],
    expected: { 'account admin': 404, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
  { name: 'GET audit', request: () => [`${base()}/audit`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  { name: 'GET audit.csv', request: () => [`${base()}/audit.csv?kind=member`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  { name: 'GET synonyms', request: () => [`${base()}/synonyms`], expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside } },
  {
    name: 'PUT synonyms',
    request: () => [`${base()}/synonyms`, json('PUT', { synonyms: [{ phrase: 'deed copy', means: 'certified copy' }] })],
    expected: { 'account admin': 200, 'admin of this team': 403, 'admin of another team': 403, member: 403, ...outside },
  },
];

describe('the route list', () => {
  it('holds every operation of the OpenAPI document for the account’s people, teams and settings', () => {
    const exercised = new Set(ROUTES.map((route) => operationOf(...route.request())));
    const described = describedOperations(w.world.app, '/admin/accounts/{accountId}/').filter((operation) => !operation.includes('/teams/{teamId}/'));
    expect([...exercised].sort()).toEqual(described.sort());
  });
});

describe.each(ROUTES)('$name', (route) => {
  it.each(CALLERS)('%s', async (kind) => {
    const [path, init] = route.request();
    const response = await w.world.call(callerOf(kind), path, init);
    expect(response.status, await response.clone().text()).toBe(route.expected[kind]);
  });
});

describe('what a team admin sees', () => {
  it('the admin of another team does not find Recorder’s people in the list', async () => {
    const listed = (await (await w.world.call(w.eve, `${base()}/members`)).json()) as Array<{ email: string }>;
    expect(listed.map((member) => member.email)).not.toContain('carol@alder.test');
  });
});
