import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../server/db/schema';
import { createUserPool } from '../../server/identity';
import { assignDomain } from '../../server/people/domains';
import { createLogger } from '../../server/logger';
import { openApiDocument } from '../../server/openapi';
import { BLOCK_TRANSFER_LIMITS } from '../../src/api/contract/admin-transfer';
import { SsoGrantError, type SsoBroker } from '../../server/sso/broker';
import { makeClassificationOutcome } from '../fixtures/factories';
import { adminBlockBody, adminChecklistBody, json, recordedChecklistBody, sentRecordBody, sessionBody, suggestionBody } from './support/bodies';
import { resetDatabase, testDatabase } from './support/database';
import { newId } from '../../server/db/ids';
import { blockDrafts } from '../../server/db/drafts-schema';
import { makeWorld, type World } from './support/world';

/**
 * Every route and every field of the API, sent what an attacker or a broken client would send:
 * control characters, unpaired surrogates, direction overrides, huge strings, wrong types and
 * prototype keys. No answer may be a 5xx, every refusal is `{ error: { code, message } }`, and the
 * server's log holds none of the personal strings sent.
 */

const logLines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

/** A broker that knows one redirect URI and refuses every grant, as a provider does a bad code. */
const REDIRECT_URI = 'https://taskpane.test/sso-done.html';
const refusingBroker: SsoBroker = {
  issuer: 'https://login.test/tenant/v2.0',
  clientId: 'cannery-app',
  isAllowedRedirectUri: (uri) => uri === REDIRECT_URI,
  completePkce: () => Promise.reject(new SsoGrantError('invalid_grant', 'The code was refused.')),
  refresh: () => Promise.reject(new SsoGrantError('invalid_grant', 'The refresh token was refused.')),
};

let world: World;
/**
 * A recorded checklist and a session of Alice's, for the update calls; blocks of the Elections
 * team made by Ada (its admin) for the admin calls: one to edit, one to delete, one deleted.
 */
const existing = {
  recordId: '',
  sessionId: '',
  blockId: '',
  doomedBlockId: '',
  trashedBlockId: '',
  ideaToApprove: '',
  ideaToReject: '',
  /** Editors' changes waiting for approval: one to approve, one to reject, one to withdraw. */
  draftToApprove: '',
  draftToReject: '',
  draftToWithdraw: '',
  checklistId: '',
  doomedChecklistId: '',
  trashedChecklistId: '',
  /** A block and a checklist to archive, and an archived one of each to bring back. */
  archivableBlockId: '',
  shelvedBlockId: '',
  archivableChecklistId: '',
  shelvedChecklistId: '',
  invitedMemberId: '',
  doomedMemberId: '',
  /** A person whose data is erased (erasing asks for their address). */
  erasedMemberId: '',
  newTeamId: '',
};
/** A new address for each invitation the suite sends (an address invites once). */
let invitations = 0;
beforeAll(async () => {
  const database = await testDatabase();
  await resetDatabase(database);
  // Thousands of calls by one user in a few seconds: the per-caller rate limit has its own tests (limits.test.ts).
  const pool = createUserPool({ db: database.db, poolId: 'local_hostile', clientId: 'hostile-client', issuerBase: 'https://cannery.test/identity' });
  world = await makeWorld(database, {
    logger: createLogger('debug', captured),
    ssoBroker: refusingBroker,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
    provisioner: pool.provisioner,
  });
  // Ada, the Elections and Recorder admin, is the account admin too, for the people routes.
  await database.db.update(users).set({ accountAdmin: true }).where(eq(users.id, world.ada.id));
  // Classification on for the account, so its routes parse and store what they are sent.
  await database.db
    .update(accounts)
    .set({ emailClassificationOn: true, emailClassificationTeams: [world.elections.id, world.recorder.id] })
    .where(eq(accounts.id, world.accountA.id));
  const record = await world.call(world.alice, `/accounts/${world.accountA.id}/teams/${world.elections.id}/recordedphoneflows`, json('POST', recordedChecklistBody(world)));
  existing.recordId = ((await record.json()) as { _id: string })._id;
  const session = await world.call(world.alice, `/accounts/${world.accountA.id}/users/${world.alice.cognitoSub}/sessions`, json('POST', sessionBody(world)));
  existing.sessionId = ((await session.json()) as { sessionId: string }).sessionId;
  const newBlock = async () => {
    const response = await world.call(world.ada, `${adminTeam(world)}/blocks`, json('POST', adminBlockBody()));
    return ((await response.json()) as { _id: string })._id;
  };
  existing.blockId = await newBlock();
  existing.doomedBlockId = await newBlock();
  existing.trashedBlockId = await newBlock();
  await world.call(world.ada, `${adminTeam(world)}/blocks/${existing.trashedBlockId}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } });
  const newChecklist = async () => {
    const response = await world.call(world.ada, `${adminTeam(world)}/checklists`, json('POST', adminChecklistBody([world.electionBlock.id])));
    return ((await response.json()) as { _id: string })._id;
  };
  existing.checklistId = await newChecklist();
  existing.doomedChecklistId = await newChecklist();
  existing.trashedChecklistId = await newChecklist();
  await world.call(world.ada, `${adminTeam(world)}/checklists/${existing.trashedChecklistId}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } });
  existing.archivableBlockId = await newBlock();
  existing.shelvedBlockId = await newBlock();
  await world.call(world.ada, `${adminTeam(world)}/blocks/${existing.shelvedBlockId}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } });
  existing.archivableChecklistId = await newChecklist();
  existing.shelvedChecklistId = await newChecklist();
  await world.call(world.ada, `${adminTeam(world)}/checklists/${existing.shelvedChecklistId}/archive`, { method: 'POST', headers: { 'If-Match': '"1"' } });
  // Two of Alice's suggestions for the admin's inbox: one to approve, one to reject.
  const suggest = async () => {
    const response = await world.call(world.alice, `${team(world)}/suggestedautoresponses`, json('POST', suggestionBody()));
    return ((await response.json()) as { _id: string })._id;
  };
  existing.ideaToApprove = await suggest();
  existing.ideaToReject = await suggest();
  const draft = async () => {
    const id = newId();
    await database.db.insert(blockDrafts).values({ id, accountId: world.accountA.id, teamId: world.elections.id, content: adminBlockBody({ name: `Drafted ${id.slice(-6)}` }), authorUserId: world.alice.id, state: 'awaiting_approval' });
    return id;
  };
  existing.draftToApprove = await draft();
  existing.draftToReject = await draft();
  existing.draftToWithdraw = await draft();
  const invite = async (email: string) => {
    const response = await world.call(world.ada, `${people(world)}/members`, json('POST', { email, teams: [world.elections.id] }));
    return ((await response.json()) as { _id: string })._id;
  };
  existing.invitedMemberId = await invite('invited@alder.test');
  existing.doomedMemberId = await invite('doomed@alder.test');
  existing.erasedMemberId = await invite('erased@alder.test');
  // A domain the operator gave the account (its proof stands), and one claimed to be given up.
  await assignDomain(database.db, world.accountA.id, 'recorder.alder.test');
  await world.call(world.ada, `${people(world)}/domains`, json('POST', { domain: 'gone.alder.test' }));
  // A mailbox mapped to be removed.
  await world.call(world.ada, `${people(world)}/mailboxes/gone-box@alder.test`, json('PUT', { teamId: world.elections.id }));
  const created = await world.call(world.ada, `${people(world)}/teams`, json('POST', { name: 'Passports' }));
  existing.newTeamId = ((await created.json()) as { _id: string })._id;
});

afterAll(() => {
  captured.end();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path this call exercises. */
  pattern: string;
  path: (w: World) => string;
  body?: (w: World) => Record<string, Json>;
  query?: Record<string, string>;
  /** Whether the call needs a bearer token (the SSO exchanges run before sign-in). */
  signedIn: boolean;
  /** Who calls, when not Alice (the admin API is for Ada, the team's admin). */
  user?: (w: World) => World['alice'];
  /** Headers the call needs, read fresh for each request (a block's current ETag). */
  headers?: (w: World) => Promise<Record<string, string>>;
  /** Query parameters that take any text: a lone surrogate reaches them as U+FFFD, which is valid. */
  freeText?: string[];
  /** The statuses of a refused field, when not 400 (an import names a bad block's row with a 422). */
  refusedWith?: number[];
  /** The largest body the route takes, when more than the API's 256 KB (an import file). */
  maxBodyBytes?: number;
  /** A body that is not JSON (a CSV file): its type and a valid one. */
  text?: { type: string; body: (w: World) => string };
}

const team = (w: World) => `/accounts/${w.accountA.id}/teams/${w.elections.id}`;
const adminTeam = (w: World) => `/admin${team(w)}`;
const ada = (w: World) => w.ada;
const people = (w: World) => `/admin/accounts/${w.accountA.id}`;
const SETTINGS = (w: World): Record<string, Json> => ({
  hasPhoneFlowAccess: true,
  emailClassificationFeature: { on: true, teams: [w.elections.id, w.recorder.id] },
  authenticatorPolicy: 'optional',
  supportEmail: 'help@alder.test',
  numMostFreqAutoResponses: 5,
  // No tenants: Ada signs in with a work account whose tokens name none.
  workAccountAccess: { domains: ['alder.test'], team: w.elections.id, tenants: [] },
});
/** The block's (or checklist's) current ETag, as the admin app holds it after opening it. */
const currentEtag = (id: () => string, kind: 'blocks' | 'checklists' = 'blocks') => async (w: World) => {
  const response = await w.call(w.ada, `${adminTeam(w)}/${kind}/${id()}`);
  return { 'If-Match': response.headers.get('ETag') ?? '' };
};
const ADMIN_BLOCK = '/admin/accounts/{accountId}/teams/{teamId}/blocks/{blockId}';
const ADMIN_CHECKLIST = '/admin/accounts/{accountId}/teams/{teamId}/checklists/{checklistId}';
const CODE_VERIFIER = 'v'.repeat(64);

const ROUTES: Route[] = [
  { method: 'GET', pattern: '/health', path: () => '/health', signedIn: false },
  { method: 'GET', pattern: '/health/live', path: () => '/health/live', signedIn: false },
  { method: 'GET', pattern: '/health/ready', path: () => '/health/ready', signedIn: false },
  { method: 'GET', pattern: '/user-info', path: () => '/user-info', signedIn: true },
  { method: 'GET', pattern: '/accounts', path: () => '/accounts', query: { id: 'ACCOUNT' }, signedIn: true },
  { method: 'GET', pattern: '/accounts/{accountId}/teams', path: (w) => `/accounts/${w.accountA.id}/teams`, signedIn: true },
  { method: 'GET', pattern: '/accounts/{accountId}/autoresponses', path: (w) => `/accounts/${w.accountA.id}/autoresponses`, query: { teams: 'TEAM' }, signedIn: true },
  { method: 'GET', pattern: '/accounts/{accountId}/meaning', path: (w) => `/accounts/${w.accountA.id}/meaning`, query: { teams: 'TEAM' }, signedIn: true },
  {
    method: 'GET',
    pattern: '/accounts/{accountId}/autoresponses/mostfrequentlyused',
    path: (w) => `/accounts/${w.accountA.id}/autoresponses/mostfrequentlyused`,
    query: { teams: 'TEAM', num: '5' },
    signedIn: true,
  },
  { method: 'GET', pattern: '/accounts/{accountId}/phoneflows', path: (w) => `/accounts/${w.accountA.id}/phoneflows`, query: { teams: 'TEAM' }, signedIn: true },
  {
    method: 'POST',
    pattern: '/accounts/{accountId}/teams/{teamId}/suggestedautoresponses',
    path: (w) => `${team(w)}/suggestedautoresponses`,
    body: () => suggestionBody(),
    signedIn: true,
  },
  {
    method: 'POST',
    pattern: '/accounts/{accountId}/teams/{teamId}/sentautoresponses',
    path: (w) => `${team(w)}/sentautoresponses`,
    body: (w) => ({
      ...sentRecordBody(w),
      categories: ['Mail Ballots'],
      cc: ['clerk@alder.test'],
      subjectLine: 'Your ballot',
      attachments: [{ name: 'Guide.pdf', url: 'https://files.alder.test/guide.pdf' }],
      emailSignature: ['0badc0de', '8c1f03aa'],
    }),
    signedIn: true,
  },
  {
    method: 'POST',
    pattern: '/accounts/{accountId}/teams/{teamId}/recordedphoneflows',
    path: (w) => `${team(w)}/recordedphoneflows`,
    body: (w) => ({ ...recordedChecklistBody(w), categories: ['Mail Ballots'] }),
    signedIn: true,
  },
  {
    method: 'PUT',
    pattern: '/accounts/{accountId}/teams/{teamId}/recordedphoneflows',
    path: (w) => `${team(w)}/recordedphoneflows`,
    body: () => ({ recordedPhoneFlowId: existing.recordId, tasks: [{ name: 'Confirm identity', completed: true }], blocksSent: [], endTime: null }),
    signedIn: true,
  },
  {
    method: 'POST',
    pattern: '/accounts/{accountId}/users/{userSub}/sessions',
    path: (w) => `/accounts/${w.accountA.id}/users/${w.alice.cognitoSub}/sessions`,
    body: (w) => sessionBody(w),
    signedIn: true,
  },
  {
    method: 'PUT',
    pattern: '/accounts/{accountId}/users/{userSub}/sessions',
    path: (w) => `/accounts/${w.accountA.id}/users/${w.alice.cognitoSub}/sessions`,
    body: () => ({ sessionId: existing.sessionId, endTime: '2026-11-02T15:05:00.000Z' }),
    signedIn: true,
  },
  {
    method: 'POST',
    pattern: '/complete-pkce',
    path: () => '/complete-pkce',
    body: () => ({ code: 'authorization-code', codeVerifier: CODE_VERIFIER, redirectUri: REDIRECT_URI }),
    signedIn: false,
  },
  { method: 'POST', pattern: '/refresh-tokens', path: () => '/refresh-tokens', body: () => ({ refreshToken: 'refresh-token', redirectUri: REDIRECT_URI }), signedIn: false },
  { method: 'POST', pattern: '/classify', path: () => '/classify', body: () => ({ text: 'When is the deadline to record my deed?' }), signedIn: true },
  { method: 'POST', pattern: '/classification-accuracy', path: () => '/classification-accuracy', body: () => makeClassificationOutcome(), signedIn: true },
  { method: 'GET', pattern: '/admin/teams', path: () => '/admin/teams', signedIn: true, user: ada },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/blocks',
    path: (w) => `${adminTeam(w)}/blocks`,
    query: { q: 'ballot', category: 'Mail Ballots', supportedContext: 'outlook', includeDeleted: 'true' },
    freeText: ['q', 'category'],
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/blocks',
    path: (w) => `${adminTeam(w)}/blocks`,
    // A shortcut of its own each time, so that only the field under test can make a save fail.
    body: () => adminBlockBody({ shortcut: `;new${(invitations += 1)}` }),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: ADMIN_BLOCK, path: (w) => `${adminTeam(w)}/blocks/${existing.blockId}`, signedIn: true, user: ada },
  {
    method: 'PUT',
    pattern: ADMIN_BLOCK,
    path: (w) => `${adminTeam(w)}/blocks/${existing.blockId}`,
    body: () => adminBlockBody({ name: 'Drop box hours', shortcut: ';hours' }),
    headers: currentEtag(() => existing.blockId),
    signedIn: true,
    user: ada,
  },
  {
    method: 'DELETE',
    pattern: ADMIN_BLOCK,
    path: (w) => `${adminTeam(w)}/blocks/${existing.doomedBlockId}`,
    headers: currentEtag(() => existing.doomedBlockId),
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: `${ADMIN_BLOCK}/restore`,
    path: (w) => `${adminTeam(w)}/blocks/${existing.trashedBlockId}/restore`,
    headers: currentEtag(() => existing.trashedBlockId),
    signedIn: true,
    user: ada,
  },
  { method: 'POST', pattern: `${ADMIN_BLOCK}/duplicate`, path: (w) => `${adminTeam(w)}/blocks/${existing.blockId}/duplicate`, signedIn: true, user: ada },
  { method: 'GET', pattern: `${ADMIN_BLOCK}/versions`, path: (w) => `${adminTeam(w)}/blocks/${existing.blockId}/versions`, signedIn: true, user: ada },
  {
    method: 'POST',
    pattern: `${ADMIN_BLOCK}/versions/{version}/restore`,
    path: (w) => `${adminTeam(w)}/blocks/${existing.blockId}/versions/1/restore`,
    headers: currentEtag(() => existing.blockId),
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/checklists',
    path: (w) => `${adminTeam(w)}/checklists`,
    query: { includeDeleted: 'true' },
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/checklists',
    path: (w) => `${adminTeam(w)}/checklists`,
    body: (w) => adminChecklistBody([w.electionBlock.id]),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: ADMIN_CHECKLIST, path: (w) => `${adminTeam(w)}/checklists/${existing.checklistId}`, signedIn: true, user: ada },
  {
    method: 'PUT',
    pattern: ADMIN_CHECKLIST,
    path: (w) => `${adminTeam(w)}/checklists/${existing.checklistId}`,
    body: (w) => adminChecklistBody([w.electionBlock.id], { name: 'Ballot never arrived' }),
    headers: currentEtag(() => existing.checklistId, 'checklists'),
    signedIn: true,
    user: ada,
  },
  {
    method: 'DELETE',
    pattern: ADMIN_CHECKLIST,
    path: (w) => `${adminTeam(w)}/checklists/${existing.doomedChecklistId}`,
    headers: currentEtag(() => existing.doomedChecklistId, 'checklists'),
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: `${ADMIN_CHECKLIST}/restore`,
    path: (w) => `${adminTeam(w)}/checklists/${existing.trashedChecklistId}/restore`,
    headers: currentEtag(() => existing.trashedChecklistId, 'checklists'),
    signedIn: true,
    user: ada,
  },
  { method: 'POST', pattern: `${ADMIN_BLOCK}/review`, path: (w) => `${adminTeam(w)}/blocks/${existing.blockId}/review`, headers: currentEtag(() => existing.blockId), signedIn: true, user: ada },
  { method: 'POST', pattern: `${ADMIN_BLOCK}/archive`, path: (w) => `${adminTeam(w)}/blocks/${existing.archivableBlockId}/archive`, headers: currentEtag(() => existing.archivableBlockId), signedIn: true, user: ada },
  { method: 'POST', pattern: `${ADMIN_BLOCK}/unarchive`, path: (w) => `${adminTeam(w)}/blocks/${existing.shelvedBlockId}/unarchive`, headers: currentEtag(() => existing.shelvedBlockId), signedIn: true, user: ada },
  {
    method: 'POST',
    pattern: `${ADMIN_CHECKLIST}/review`,
    path: (w) => `${adminTeam(w)}/checklists/${existing.checklistId}/review`,
    headers: currentEtag(() => existing.checklistId, 'checklists'),
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: `${ADMIN_CHECKLIST}/archive`,
    path: (w) => `${adminTeam(w)}/checklists/${existing.archivableChecklistId}/archive`,
    headers: currentEtag(() => existing.archivableChecklistId, 'checklists'),
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: `${ADMIN_CHECKLIST}/unarchive`,
    path: (w) => `${adminTeam(w)}/checklists/${existing.shelvedChecklistId}/unarchive`,
    headers: currentEtag(() => existing.shelvedChecklistId, 'checklists'),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/teams/{teamId}/owners', path: (w) => `${adminTeam(w)}/owners`, signedIn: true, user: ada },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/teams/{teamId}/reviews', path: (w) => `${adminTeam(w)}/reviews`, query: { mine: 'true' }, signedIn: true, user: ada },
  { method: 'PUT', pattern: '/admin/accounts/{accountId}/teams/{teamId}/reviews/mail', path: (w) => `${adminTeam(w)}/reviews/mail`, body: () => ({ reviewMail: true }), signedIn: true, user: ada },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/teams/{teamId}/cleanup', path: (w) => `${adminTeam(w)}/cleanup`, query: { unusedDays: '90' }, signedIn: true, user: ada },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/suggestions',
    path: (w) => `${adminTeam(w)}/suggestions`,
    query: { status: 'open', limit: '10', before: `9999999999999.${'f'.repeat(24)}` },
    signedIn: true,
    user: ada,
  },
  {
    // The first valid request approves it; every later one is refused (400 for a bad body, else 409).
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/suggestions/{suggestionId}/approve',
    path: (w) => `${adminTeam(w)}/suggestions/${existing.ideaToApprove}/approve`,
    body: () => adminBlockBody({ name: 'Poll closing time' }),
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/suggestions/{suggestionId}/reject',
    path: (w) => `${adminTeam(w)}/suggestions/${existing.ideaToReject}/reject`,
    body: () => ({ note: 'We have a block for this already.\nSee Polling hours.' }),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/teams/{teamId}/drafts', path: (w) => `${adminTeam(w)}/drafts`, query: { state: 'awaiting_approval' }, signedIn: true, user: ada },
  ...(['approve', 'reject', 'withdraw'] as const).map((decision) => ({
    method: 'POST' as const,
    pattern: `/admin/accounts/{accountId}/teams/{teamId}/drafts/{draftId}/${decision}`,
    path: (w: World) => `${adminTeam(w)}/drafts/${existing[decision === 'approve' ? 'draftToApprove' : decision === 'reject' ? 'draftToReject' : 'draftToWithdraw']}/${decision}`,
    signedIn: true,
    user: ada,
  })),
  { method: 'GET', pattern: '/accounts/{accountId}/learning', path: (w) => `/accounts/${w.accountA.id}/learning`, signedIn: true },
  { method: 'GET', pattern: '/accounts/{accountId}/mailboxes', path: (w) => `/accounts/${w.accountA.id}/mailboxes`, signedIn: true },
  {
    method: 'POST',
    pattern: '/accounts/{accountId}/insertionfailures',
    path: (w) => `/accounts/${w.accountA.id}/insertionfailures`,
    body: () => ({ host: 'gmail', editor: 'gmail-compose', code: 'insert-failed' }),
    signedIn: true,
  },
  { method: 'GET', pattern: '/accounts/{accountId}/favouriteautoresponses', path: (w) => `/accounts/${w.accountA.id}/favouriteautoresponses`, signedIn: true },
  {
    method: 'POST',
    pattern: '/accounts/{accountId}/favouriteautoresponses',
    path: (w) => `/accounts/${w.accountA.id}/favouriteautoresponses`,
    body: (w) => ({ autoResponseId: w.electionBlock.id }),
    signedIn: true,
  },
  {
    method: 'DELETE',
    pattern: '/accounts/{accountId}/favouriteautoresponses/{autoResponseId}',
    path: (w) => `/accounts/${w.accountA.id}/favouriteautoresponses/${w.electionBlock.id}`,
    signedIn: true,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/teams/{teamId}/learning', path: (w) => `${adminTeam(w)}/learning`, signedIn: true, user: ada },
  { method: 'DELETE', pattern: '/admin/accounts/{accountId}/teams/{teamId}/learning', path: (w) => `${adminTeam(w)}/learning`, signedIn: true, user: ada },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/usage',
    path: (w) => `${adminTeam(w)}/usage`,
    query: { from: '2026-10-01', to: '2026-10-31', interval: 'week' },
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/usage.csv',
    path: (w) => `${adminTeam(w)}/usage.csv`,
    query: { from: '2026-10-01', to: '2026-10-31' },
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/blocks/export',
    path: (w) => `${adminTeam(w)}/blocks/export`,
    query: { format: 'csv' },
    signedIn: true,
    user: ada,
  },
  {
    // A bad block is a 422 that names its row and field; a bad file around it, a 400.
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/blocks/import',
    path: (w) => `${adminTeam(w)}/blocks/import`,
    body: (w) => ({
      format: 'cannery-blocks',
      version: 1,
      team: { _id: w.elections.id, name: 'Elections' },
      exportedAt: '2026-11-23T08:00:00.000Z',
      blocks: [{ _id: existing.blockId, ...adminBlockBody({ name: 'Imported drop boxes' }) }],
    }),
    refusedWith: [400, 422],
    maxBodyBytes: BLOCK_TRANSFER_LIMITS.fileBytes,
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/audit',
    path: (w) => `${adminTeam(w)}/audit`,
    query: { limit: '10', before: `9999999999999.${'f'.repeat(24)}`, action: 'block.', kind: 'block', from: '2026-01-01', to: '2026-12-31' },
    freeText: ['entity'],
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}/audit.csv',
    path: (w) => `${adminTeam(w)}/audit.csv`,
    query: { action: 'block.edited', via: 'app' },
    freeText: ['entity'],
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/audit',
    path: (w) => `${people(w)}/audit`,
    query: { limit: '10', kind: 'member', team: 'TEAM' },
    freeText: ['entity'],
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/audit.csv',
    path: (w) => `${people(w)}/audit.csv`,
    query: { to: '2026-12-31' },
    freeText: ['entity'],
    signedIn: true,
    user: ada,
  },
  {
    method: 'GET',
    pattern: '/admin/accounts/{accountId}/members',
    path: (w) => `${people(w)}/members`,
    query: { search: 'ali', team: 'TEAM', status: 'active' },
    freeText: ['search'],
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/members',
    path: (w) => `${people(w)}/members`,
    body: (w) => ({ email: `new${(invitations += 1)}@alder.test`, name: 'New Clerk', teams: [w.elections.id], adminTeams: [], signIn: 'password', accountAdmin: false }),
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/members/import',
    path: (w) => `${people(w)}/members/import`,
    query: { dryRun: 'true' },
    text: { type: 'text/csv', body: () => 'email,name,teams\nimported@alder.test,Imported Clerk,Elections; Recorder\n' },
    signedIn: true,
    user: ada,
  },
  {
    method: 'PATCH',
    pattern: '/admin/accounts/{accountId}/members/{memberId}',
    path: (w) => `${people(w)}/members/${w.alice.id}`,
    body: (w) => ({ name: 'Alice Clerk', teams: [w.elections.id], adminTeams: [], disabled: false, accountAdmin: false }),
    signedIn: true,
    user: ada,
  },
  { method: 'DELETE', pattern: '/admin/accounts/{accountId}/members/{memberId}', path: (w) => `${people(w)}/members/${existing.doomedMemberId}`, signedIn: true, user: ada },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/members/{memberId}/resend-invitation',
    path: (w) => `${people(w)}/members/${existing.invitedMemberId}/resend-invitation`,
    signedIn: true,
    user: ada,
  },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/members/{memberId}/reset-authenticator',
    path: (w) => `${people(w)}/members/${existing.invitedMemberId}/reset-authenticator`,
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/members/{memberId}/export', path: (w) => `${people(w)}/members/${w.alice.id}/export`, query: { format: 'csv' }, signedIn: true, user: ada },
  {
    method: 'POST',
    pattern: '/admin/accounts/{accountId}/members/{memberId}/erase',
    path: (w) => `${people(w)}/members/${existing.erasedMemberId}/erase`,
    body: () => ({ email: 'erased@alder.test' }),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/retention', path: (w) => `${people(w)}/retention`, signedIn: true, user: ada },
  {
    method: 'PUT',
    pattern: '/admin/accounts/{accountId}/retention',
    path: (w) => `${people(w)}/retention`,
    body: () => ({ usageRecords: 365, sessions: 90, classificationOutcomes: 30, learnedEvidence: 180, mail: null }),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/teams', path: (w) => `${people(w)}/teams`, signedIn: true, user: ada },
  { method: 'POST', pattern: '/admin/accounts/{accountId}/teams', path: (w) => `${people(w)}/teams`, body: () => ({ name: `Team ${(invitations += 1)}` }), signedIn: true, user: ada },
  {
    method: 'PATCH',
    pattern: '/admin/accounts/{accountId}/teams/{teamId}',
    path: (w) => `${people(w)}/teams/${existing.newTeamId}`,
    body: () => ({ name: `Passports ${(invitations += 1)}`, archived: false }),
    signedIn: true,
    user: ada,
  },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/settings', path: (w) => `${people(w)}/settings`, signedIn: true, user: ada },
  { method: 'PUT', pattern: '/admin/accounts/{accountId}/settings', path: (w) => `${people(w)}/settings`, body: (w) => SETTINGS(w), signedIn: true, user: ada },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/domains', path: (w) => `${people(w)}/domains`, signedIn: true, user: ada },
  { method: 'POST', pattern: '/admin/accounts/{accountId}/domains', path: (w) => `${people(w)}/domains`, body: () => ({ domain: 'recorder.alder.test' }), signedIn: true, user: ada },
  { method: 'POST', pattern: '/admin/accounts/{accountId}/domains/{domain}/verify', path: (w) => `${people(w)}/domains/recorder.alder.test/verify`, signedIn: true, user: ada },
  { method: 'DELETE', pattern: '/admin/accounts/{accountId}/domains/{domain}', path: (w) => `${people(w)}/domains/gone.alder.test`, signedIn: true, user: ada },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/synonyms', path: (w) => `${people(w)}/synonyms`, signedIn: true, user: ada },
  { method: 'GET', pattern: '/admin/accounts/{accountId}/mailboxes', path: (w) => `${people(w)}/mailboxes`, signedIn: true, user: ada },
  {
    method: 'PUT',
    pattern: '/admin/accounts/{accountId}/mailboxes/{address}',
    path: (w) => `${people(w)}/mailboxes/elections@alder.test`,
    body: (w) => ({ teamId: w.elections.id }),
    signedIn: true,
    user: ada,
  },
  { method: 'DELETE', pattern: '/admin/accounts/{accountId}/mailboxes/{address}', path: (w) => `${people(w)}/mailboxes/gone-box@alder.test`, signedIn: true, user: ada },
  {
    method: 'PUT',
    pattern: '/admin/accounts/{accountId}/synonyms',
    path: (w) => `${people(w)}/synonyms`,
    body: () => ({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] }),
    signedIn: true,
    user: ada,
  },
];

/** A personal-looking marker per hostile value, so the log can be searched for every one. */
let serial = 0;
const marker = () => `hostile${(serial += 1)}@victim.example`;

/** Strings no field may store as sent (each also carries a marker). */
const REFUSED_TEXT: Array<[string, (mark: string) => string]> = [
  ['NUL', (mark) => `${mark}\u0000after`],
  ['escape and bell', (mark) => `${mark}\u001b[31m\u0007`],
  ['DEL', (mark) => `${mark}\u007f`],
  ['lone high surrogate', (mark) => `${mark}\ud800`],
  ['lone low surrogate', (mark) => `\udc00${mark}`],
];

/** Strings that some fields may take (multi-line text) and others refuse; never a 5xx. */
const ODD_TEXT: Array<[string, (mark: string) => string]> = [
  ['direction override', (mark) => `\u202e${mark}gnp.exe`],
  ['line breaks and tabs', (mark) => `${mark}\r\n\tsecond line`],
  ['200,000 characters', (mark) => `${mark}${'x'.repeat(200_000)}`],
  ['SQL and markup', (mark) => `${mark}'); DROP TABLE blocks; -- <script>alert(1)</script>`],
  ['empty', () => ''],
];

const WRONG_TYPES: Array<[string, Json]> = [
  ['number', 42],
  ['boolean', true],
  ['null', null],
  ['object', { nested: 'hostile@victim.example' }],
  ['array', ['hostile@victim.example']],
];

/** Every path to a value in a body: `['tasks', 0, 'name']` and so on. */
function fieldPaths(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [...(prefix.length ? [prefix] : []), ...value.flatMap((item, index) => fieldPaths(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object') {
    return [...(prefix.length ? [prefix] : []), ...Object.entries(value).flatMap(([key, item]) => fieldPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

function withValue(body: Json, path: Array<string | number>, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(body)) return body.map((item, index) => (index === head ? withValue(item, rest, replacement) : item));
  const object = body as Record<string, Json>;
  return { ...object, [head!]: withValue(object[head!] ?? null, rest, replacement) };
}

function valueAt(body: Json, path: Array<string | number>): Json {
  return path.reduce<Json>((value, key) => (value as Record<string | number, Json>)[key] ?? null, body);
}

async function send(route: Route, options: { body?: string; path?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const body = options.body ?? (route.body ? JSON.stringify(route.body(world)) : route.text?.body(world));
  const query = new URLSearchParams(
    Object.entries(route.query ?? {}).map(([name, value]) => [
      name,
      value === 'ACCOUNT' ? world.accountA.id : value === 'TEAM' ? world.elections.id : value,
    ]),
  );
  const path = (options.path ?? route.path(world)) + (query.size ? `?${query.toString()}` : '');
  const needed = route.headers ? await route.headers(world) : {};
  const type = route.text?.type ?? 'application/json';
  const init: RequestInit = { method: route.method, headers: { ...(body === undefined ? {} : { 'Content-Type': type }), ...needed, ...options.headers } };
  if (body !== undefined) init.body = body;
  return world.call(route.signedIn ? (route.user?.(world) ?? world.alice) : null, path, init);
}

/** No 5xx; a refusal is the API's error shape. Returns the status and the error, if any. */
async function expectHandled(response: Response, what: string): Promise<{ status: number; message: string }> {
  expect(response.status, what).toBeLessThan(500);
  if (response.status >= 400) {
    const problem = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof problem.error?.code, what).toBe('string');
    expect(typeof problem.error?.message, what).toBe('string');
    return { status: response.status, message: String(problem.error?.message) };
  }
  return { status: response.status, message: '' };
}

const lastKey = (path: Array<string | number>) => String([...path].reverse().find((key) => typeof key === 'string'));

describe('hostile input: the route list', () => {
  it('covers every operation the API describes', () => {
    const described = Object.entries(openApiDocument(world.app.routes).paths).flatMap(([pattern, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'delete', 'patch'].includes(key))
        .map((method) => `${method.toUpperCase()} ${pattern}`),
    );
    expect(ROUTES.map((route) => `${route.method} ${route.pattern}`).sort()).toEqual(described.sort());
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.pattern}`, route] as const))('%s succeeds with a valid request', async (_name, route) => {
    const response = await send(route);
    // The SSO exchanges reach the (refusing) provider; everything else succeeds.
    const expected = route.pattern === '/complete-pkce' ? 400 : route.pattern === '/refresh-tokens' ? 401 : undefined;
    if (expected) expect(response.status).toBe(expected);
    else expect(response.status, await response.clone().text()).toBeLessThan(300);
  });
});

const BODY_ROUTES = ROUTES.filter((route) => route.body);

describe.each(BODY_ROUTES.map((route) => [`${route.method} ${route.pattern}`, route] as const))('hostile bodies: %s', (_name, route) => {
  it('refuses control characters and unpaired surrogates in every string field, naming the field', async () => {
    const valid = route.body!(world);
    for (const path of fieldPaths(valid).filter((field) => typeof valueAt(valid, field) === 'string')) {
      for (const [kind, make] of REFUSED_TEXT) {
        const body = withValue(valid, path, make(marker()));
        const { status, message } = await expectHandled(await send(route, { body: JSON.stringify(body) }), `${path.join('.')} with ${kind}`);
        expect(route.refusedWith ?? [400], `${path.join('.')} with ${kind}`).toContain(status);
        expect(message, `${path.join('.')} with ${kind}`).toContain(lastKey(path));
      }
    }
  });

  it('answers odd text, wrong types and missing fields with a success or a 4xx, never a 5xx', async () => {
    const valid = route.body!(world);
    for (const path of fieldPaths(valid)) {
      const what = path.join('.');
      if (typeof valueAt(valid, path) === 'string') {
        for (const [kind, make] of ODD_TEXT) await expectHandled(await send(route, { body: JSON.stringify(withValue(valid, path, make(marker()))) }), `${what} with ${kind}`);
      }
      for (const [kind, value] of WRONG_TYPES) await expectHandled(await send(route, { body: JSON.stringify(withValue(valid, path, value)) }), `${what} as ${kind}`);
    }
    for (const key of Object.keys(valid)) {
      const { [key]: _left, ...rest } = valid;
      await expectHandled(await send(route, { body: JSON.stringify(rest) }), `without ${key}`);
    }
  });

  it('takes no harm from prototype keys, whole-body wrong types, broken JSON and a 1 MB field', async () => {
    const valid = route.body!(world);
    const polluted = `{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},${JSON.stringify(valid).slice(1)}`;
    await expectHandled(await send(route, { body: polluted }), 'prototype keys');
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
    for (const body of ['[]', '"text"', '42', 'null', '{', '{"a":', '\u0000', JSON.stringify({ ...valid, extra: { __proto__: { admin: true } } })]) {
      const { status } = await expectHandled(await send(route, { body }), `body ${body.slice(0, 20)}`);
      if (!body.includes('extra')) expect(status, `body ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
    }
    const firstString = fieldPaths(valid).find((path) => typeof valueAt(valid, path) === 'string');
    const hugeSize = Math.max(1 << 20, (route.maxBodyBytes ?? 0) + 1);
    const hugeText = `${marker()}${'x'.repeat(hugeSize)}`;
    // A body of no text (a switch) gets its megabyte in a field of its own.
    const hugeBody = firstString ? withValue(valid, firstString, hugeText) : { ...valid, padding: hugeText };
    const huge = await expectHandled(await send(route, { body: JSON.stringify(hugeBody) }), '1 MB field');
    expect(huge.status).toBe(413);
  });
});

describe.each(ROUTES.filter((route) => route.text).map((route) => [`${route.method} ${route.pattern}`, route] as const))('hostile files: %s', (_name, route) => {
  const cellOf = (value: string) => `"${value.replace(/"/g, '""')}"`;
  it('answers hostile cells with a report or a 4xx, never a 5xx, and refuses a file that is too large', async () => {
    for (const [kind, make] of [...REFUSED_TEXT, ...ODD_TEXT]) {
      for (const column of ['email', 'name', 'teams']) {
        const cells = { email: 'cell@alder.test', name: 'Cell', teams: 'Elections', [column]: make(marker()) };
        const file = `email,name,teams\n${cellOf(cells.email)},${cellOf(cells.name)},${cellOf(cells.teams)}\n`;
        await expectHandled(await send(route, { body: file }), `${column} with ${kind}`);
      }
    }
    for (const file of ['', '\u0000', 'email\n', '"unclosed', 'email,email\na@b.c,d@e.f\n', `email\n${'x@y.z\n'.repeat(1001)}`, '\ufeffEMAIL , Name\nA@B.TEST,b\n']) {
      await expectHandled(await send(route, { body: file }), `file ${JSON.stringify(file.slice(0, 16))}`);
    }
    const huge = await expectHandled(await send(route, { body: `email\n${marker()}${'x'.repeat(1 << 20)}` }), '1 MB file');
    expect(huge.status).toBe(413);
  });
});

describe('hostile paths, queries and headers', () => {
  const HOSTILE_SEGMENTS = ['%00', '%E0%80%80', '%ED%A0%80', '%u202e', `hostile%40victim.example${'a'.repeat(5000)}`, '..%2F..%2Fetc', '%27%20OR%201%3D1'];

  it.each(ROUTES.filter((route) => route.pattern.includes('{')).map((route) => [`${route.method} ${route.pattern}`, route] as const))(
    '%s: hostile path segments are a 4xx',
    async (_name, route) => {
      const real = route.path(world);
      for (const segment of HOSTILE_SEGMENTS) {
        for (const id of [world.accountA.id, world.elections.id, world.alice.cognitoSub!]) {
          if (!real.includes(id)) continue;
          const { status } = await expectHandled(await send(route, { path: real.replace(id, segment) }), `${id} → ${segment.slice(0, 20)}`);
          expect(status).toBeGreaterThanOrEqual(400);
        }
      }
    },
  );

  it.each(ROUTES.filter((route) => route.query).map((route) => [`${route.method} ${route.pattern}`, route] as const))(
    '%s: hostile query values are a 4xx',
    async (_name, route) => {
      for (const name of Object.keys(route.query!)) {
        // The route's own method and body, one query value changed.
        const ask = (value: string) => send({ ...route, query: { ...route.query, [name]: value } });
        for (const value of ['\u0000', '\ud800', `${marker()}${'x'.repeat(100_000)}`, 'a'.repeat(24).repeat(300)]) {
          const { status } = await expectHandled(await ask(value), `${name}=${value.slice(0, 12)}`);
          // A lone surrogate is sent as U+FFFD (URLSearchParams): a free-text search may take it.
          if (value === '\ud800' && route.freeText?.includes(name)) continue;
          expect(status, `${name}=${value.slice(0, 12)}`).toBe(400);
        }
        // Odd but harmless: an empty list of teams, a negative count. A clear answer, never a 5xx.
        for (const value of ['\u202e', '-1', '1e400', ',,,,', '']) await expectHandled(await ask(value), `${name}=${value}`);
      }
    },
  );

  it('answers hostile headers with a 4xx or success, never a 5xx', async () => {
    const sent = ROUTES.find((route) => route.pattern.endsWith('/sentautoresponses'))!;
    const list = ROUTES.find((route) => route.pattern.endsWith('/autoresponses'))!;
    // Header values are bytes: Latin-1 is all a client can send.
    for (const key of ['short', 'x'.repeat(10_000), 'cl\u00e9-12345678', '\u00ff\u00fe-12345678', 'a b c d e f g h']) {
      await expectHandled(await send(sent, { headers: { 'Idempotency-Key': key } }), `Idempotency-Key ${key.slice(0, 12)}`);
    }
    for (const tag of ['*', 'W/', '"', 'x'.repeat(50_000), ',,,,']) {
      await expectHandled(await send(list, { headers: { 'If-None-Match': tag } }), `If-None-Match ${tag.slice(0, 12)}`);
    }
    const edit = ROUTES.find((route) => route.method === 'PUT' && route.pattern === ADMIN_BLOCK)!;
    for (const tag of ['*', 'W/', '"', '""', '"-1"', '"1e9"', `"${'9'.repeat(40)}"`, 'x'.repeat(50_000), ',,,,', '"\u00ff"', 'W/"1", *']) {
      const { status } = await expectHandled(await send(edit, { headers: { 'If-Match': tag } }), `If-Match ${tag.slice(0, 12)}`);
      expect(status, `If-Match ${tag.slice(0, 12)}`).toBeGreaterThanOrEqual(400);
    }
    for (const type of ['application/json; charset=utf-16', 'text/plain', 'application/json\t', 'multipart/form-data; boundary=x']) {
      await expectHandled(await send(sent, { headers: { 'Content-Type': type } }), `Content-Type ${type}`);
    }
    for (const authorization of ['Bearer', 'Bearer x.y.z', `Bearer ${'a'.repeat(20_000)}`, 'Basic aGk6aGk=', `Bearer eyJhbGciOiJub25lIn0.${Buffer.from('{"sub":"x"}').toString('base64url')}.`]) {
      const response = await world.app.request('/api/user-info', { headers: { Authorization: authorization } });
      const { status } = await expectHandled(response, `Authorization ${authorization.slice(0, 16)}`);
      expect(status).toBe(401);
    }
  });
});

describe('hostile input: the log', () => {
  it('holds none of the personal strings sent', () => {
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(100);
    expect(log).not.toMatch(/hostile\d*@victim\.example/);
    expect(log).not.toContain(world.alice.email);
    expect(log).not.toContain('Bearer');
    expect(log).not.toContain('\\u0000after');
  });
});
