/**
 * A small in-memory Cannery server for the admin app's People, Teams and Settings pages, as MSW
 * request handlers shaped by the API's contract (src/api/contract/people.ts): bodies are checked
 * with the same schemas, and refusals come back as `{ error: { code, message } }`.
 */
import { http, HttpResponse } from 'msw';
import type { AdminTeam } from '../../../src/api/contract/admin';
import type { User } from '../../../src/api/contract/user';
import {
  accountSettings,
  claimDomainInput,
  createTeamInput,
  inviteMemberInput,
  updateMemberInput,
  updateTeamInput,
  type AccountDomain,
  type AccountSettings,
  type AccountTeam,
  type Member,
  type MemberImportReport,
} from '../../../src/api/contract/people';
import { accountSynonyms, type AccountSynonym } from '../../../src/api/contract/meaning';
import { RETENTION_DEFAULTS } from '../../../src/api/contract/retention';

let nextId = 0x100;
/** A fresh 24-hex id. */
export const makeId = () => (nextId++).toString(16).padStart(24, '0');

export const ACCOUNT_ID = 'a'.repeat(24);

export function makeTeam(overrides: Partial<AccountTeam> = {}): AccountTeam {
  return { _id: makeId(), name: 'Elections', archived: false, requireReview: false, members: 0, ...overrides };
}

export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    _id: makeId(),
    email: 'pat@aldercounty.example',
    name: 'Pat Clerk',
    signIn: 'password',
    status: 'active',
    accountAdmin: false,
    teams: [],
    adminTeams: [],
    editorTeams: [],
    lastActive: '2026-11-20T09:30:00.000Z',
    authenticator: false,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    hasPhoneFlowAccess: false,
    emailClassificationFeature: { on: false, teams: [] },
    authenticatorPolicy: 'optional',
    supportEmail: null,
    numMostFreqAutoResponses: null,
    timeZone: 'UTC',
    languages: ['en'],
    workAccountAccess: { domains: [], team: null, tenants: [] },
    ...overrides,
  };
}

export function makeDomain(overrides: Partial<AccountDomain> & { domain: string }): AccountDomain {
  return {
    verified: false,
    verifiedAt: null,
    record: { type: 'TXT', name: `_cannery.${overrides.domain}`, value: `cannery-domain-verification=${overrides.domain.length.toString(16).padStart(32, '0')}` },
    ...overrides,
  };
}

export interface PeopleServer {
  /** The signed-in user, as `/api/user-info` answers. */
  me: User;
  members: Member[];
  teams: AccountTeam[];
  settings: AccountSettings;
  /** The account's synonyms (`.../synonyms`). */
  synonyms: AccountSynonym[];
  /** The domains the account claims (`.../domains`). */
  domains: AccountDomain[];
  /** The TXT values the fake DNS publishes: a claim whose record value is here verifies. */
  publishedRecords: string[];
  /** Every request the app sent: method, path and query, and the JSON or text body. */
  requests: Array<{ method: string; path: string; search: string; body: unknown }>;
  /** The report the import answers with (dry run or not); the dry-run flag is set from the query. */
  importReport: MemberImportReport | null;
  /** Makes the next request to `path` (method and path) fail with this status and error. */
  failNext: Map<string, { status: number; code: string; message: string }>;
  /** What each team (by id) has learned from its staff's choices; absent: nothing. */
  learning: Record<string, { uses: number; since: string }>;
}

export function makePeopleServer(overrides: Partial<PeopleServer> = {}): PeopleServer {
  return {
    me: {
      _id: makeId(),
      email: 'morgan@aldercounty.example',
      account: ACCOUNT_ID,
      teams: [],
      adminTeams: [],
      accountAdmin: true,
      cognitoAuth: { sub: 'morgan-sub' },
    },
    members: [],
    teams: [],
    settings: makeSettings(),
    synonyms: [],
    domains: [],
    publishedRecords: [],
    requests: [],
    importReport: null,
    failNext: new Map(),
    learning: {},
    ...overrides,
  };
}

const refuse = (status: number, code: string, message: string) => HttpResponse.json({ error: { code, message } }, { status });

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function peopleHandlers(server: PeopleServer) {
  const base = `*/api/admin/accounts/${ACCOUNT_ID}`;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = await bodyOf(request.clone());
    server.requests.push({ method: request.method, path: url.pathname, search: url.search, body });
    const failure = server.failNext.get(`${request.method} ${url.pathname}`);
    if (failure) {
      server.failNext.delete(`${request.method} ${url.pathname}`);
      return { body, failed: refuse(failure.status, failure.code, failure.message) };
    }
    return { body, failed: null };
  };
  const adminTeams = (): AdminTeam[] =>
    server.teams
      .filter((team) => server.me.adminTeams.includes(team._id) && !team.archived)
      .map((team) => ({ _id: team._id, name: team.name, account: { _id: ACCOUNT_ID, name: 'Alder County' }, role: 'admin' as const, requireReview: team.requireReview }));
  const memberOr404 = (id: string | readonly string[] | undefined) => server.members.find((member) => member._id === id);

  return [
    http.get('*/api/user-info', () => HttpResponse.json({ user: server.me })),
    // The session every signed-in page records (rules §3 "Session").
    http.post('*/api/accounts/:accountId/users/:sub/sessions', () => HttpResponse.json({ sessionId: makeId() }, { status: 201 })),
    http.put('*/api/accounts/:accountId/users/:sub/sessions', () => new HttpResponse(null, { status: 204 })),
    http.get('*/api/admin/teams', () => HttpResponse.json(adminTeams())),
    http.get(`${base}/members`, async ({ request }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const query = new URL(request.url).searchParams;
      const search = (query.get('search') ?? '').toLowerCase();
      const team = query.get('team');
      const status = query.get('status');
      return HttpResponse.json(
        server.members.filter(
          (member) =>
            (!search || member.email.includes(search) || (member.name ?? '').toLowerCase().includes(search)) &&
            (!team || member.teams.includes(team) || member.adminTeams.includes(team)) &&
            (!status || member.status === status),
        ),
      );
    }),
    http.post(`${base}/members/import`, async ({ request }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      const report = server.importReport ?? { dryRun, invited: 0, rows: [] };
      const bad = report.rows.some((row) => row.outcome === 'error');
      const invited = dryRun || bad ? 0 : report.rows.filter((row) => row.outcome === 'invite').length;
      return HttpResponse.json({ ...report, dryRun, invited }, { status: bad ? 422 : 200 });
    }),
    http.post(`${base}/members`, async ({ request }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const parsed = inviteMemberInput.safeParse(body);
      if (!parsed.success) return refuse(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid');
      if (server.members.some((member) => member.email === parsed.data.email)) return refuse(409, 'member_exists', 'This email address is already a member of the account.');
      const member = makeMember({ ...parsed.data, name: parsed.data.name ?? null, status: 'invited', lastActive: null });
      server.members.push(member);
      return HttpResponse.json({ _id: member._id }, { status: 201 });
    }),
    http.patch(`${base}/members/:memberId`, async ({ request, params }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const member = memberOr404(params.memberId);
      if (!member) return refuse(404, 'not_found', 'No such member.');
      const parsed = updateMemberInput.safeParse(body);
      if (!parsed.success) return refuse(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid');
      const { disabled, ...rest } = parsed.data;
      Object.assign(member, Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)));
      if (disabled !== undefined) member.status = disabled ? 'disabled' : 'active';
      return HttpResponse.json(member);
    }),
    http.post(`${base}/members/:memberId/resend-invitation`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const member = memberOr404(params.memberId);
      if (!member) return refuse(404, 'not_found', 'No such member.');
      if (member.status !== 'invited') return refuse(409, 'not_invited', 'This person has already signed in.');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${base}/members/:memberId/reset-authenticator`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const member = memberOr404(params.memberId);
      if (!member) return refuse(404, 'not_found', 'No such member.');
      member.authenticator = false;
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${base}/members/:memberId`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      server.members = server.members.filter((member) => member._id !== params.memberId);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${base}/teams`, async ({ request }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      return HttpResponse.json(server.me.accountAdmin ? server.teams : server.teams.filter((team) => server.me.adminTeams.includes(team._id)));
    }),
    http.post(`${base}/teams`, async ({ request }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const parsed = createTeamInput.safeParse(body);
      if (!parsed.success) return refuse(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid');
      const team = makeTeam({ name: parsed.data.name });
      server.teams.push(team);
      return HttpResponse.json(team, { status: 201 });
    }),
    http.patch(`${base}/teams/:teamId`, async ({ request, params }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const team = server.teams.find((candidate) => candidate._id === params.teamId);
      if (!team) return refuse(404, 'not_found', 'No such team.');
      const parsed = updateTeamInput.safeParse(body);
      if (!parsed.success) return refuse(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid');
      if (parsed.data.name !== undefined) team.name = parsed.data.name;
      if (parsed.data.archived !== undefined) team.archived = parsed.data.archived;
      return HttpResponse.json(team);
    }),
    http.get(`${base}/teams/:teamId/learning`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const learned = server.learning[String(params.teamId)];
      return HttpResponse.json({ enabled: true, uses: learned?.uses ?? 0, since: learned?.since ?? null, retentionDays: 365 });
    }),
    http.delete(`${base}/teams/:teamId/learning`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      delete server.learning[String(params.teamId)];
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${base}/settings`, async ({ request }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      return HttpResponse.json(server.settings);
    }),
    http.get(`${base}/retention`, async ({ request }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      return HttpResponse.json({ policy: RETENTION_DEFAULTS, defaults: RETENTION_DEFAULTS, updatedAt: null });
    }),
    http.put(`${base}/settings`, async ({ request }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const parsed = accountSettings.safeParse(body);
      if (!parsed.success) return refuse(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid');
      server.settings = parsed.data;
      for (const domain of parsed.data.workAccountAccess.domains) {
        if (!server.domains.some((claim) => claim.domain === domain)) server.domains.push(makeDomain({ domain }));
      }
      return HttpResponse.json(server.settings);
    }),
    http.get(`${base}/domains`, async ({ request }) => {
      const { failed } = await record(request);
      return failed ?? HttpResponse.json(server.domains);
    }),
    http.post(`${base}/domains`, async ({ request }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const parsed = claimDomainInput.safeParse(body);
      if (!parsed.success) return refuse(400, 'invalid_request', `domain: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      let claim = server.domains.find((domain) => domain.domain === parsed.data.domain);
      if (!claim) server.domains.push((claim = makeDomain({ domain: parsed.data.domain })));
      return HttpResponse.json(claim, { status: 201 });
    }),
    http.post(`${base}/domains/:domain/verify`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const claim = server.domains.find((domain) => domain.domain === params.domain);
      if (!claim) return refuse(404, 'not_found', 'Domain was not found.');
      if (!claim.verified && !server.publishedRecords.includes(claim.record.value)) {
        return refuse(422, 'domain_not_proven', `No TXT record at ${claim.record.name} holds this account's code yet. Add the record shown, then try again: DNS changes can take a while to be seen.`);
      }
      Object.assign(claim, { verified: true, verifiedAt: claim.verifiedAt ?? '2026-11-28T10:00:00.000Z' });
      return HttpResponse.json(claim);
    }),
    http.delete(`${base}/domains/:domain`, async ({ request, params }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      const before = server.domains.length;
      server.domains = server.domains.filter((domain) => domain.domain !== params.domain);
      return server.domains.length === before ? refuse(404, 'not_found', 'Domain was not found.') : new HttpResponse(null, { status: 204 });
    }),
    http.get(`${base}/synonyms`, async ({ request }) => {
      const { failed } = await record(request);
      if (failed) return failed;
      return HttpResponse.json({ synonyms: server.synonyms });
    }),
    http.put(`${base}/synonyms`, async ({ request }) => {
      const { body, failed } = await record(request);
      if (failed) return failed;
      const parsed = accountSynonyms.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refuse(400, 'invalid_request', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
      }
      server.synonyms = parsed.data.synonyms;
      return HttpResponse.json({ synonyms: server.synonyms });
    }),
  ];
}
