/**
 * People, teams and the account's settings, under `/api/admin/accounts/{accountId}`
 * (server/people; who may do what: server/people/access.ts):
 * - `GET/POST /members`, `PATCH/DELETE /members/{memberId}`, `POST /members/{memberId}/resend-invitation`,
 *   `POST /members/{memberId}/reset-authenticator`, `POST /members/import` (CSV, `?dryRun=true`);
 * - `GET/POST /teams`, `PATCH /teams/{teamId}`;
 * - `GET/PUT /settings`.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import {
  accountSettings,
  accountTeam,
  accountTeamList,
  createTeamInput,
  invitedMember,
  inviteMemberInput,
  MEMBER_IMPORT_LIMITS,
  member,
  memberImportQuery,
  memberImportReport,
  memberList,
  memberQuery,
  updateMemberInput,
  updateTeamInput,
} from '../../../src/api/contract/people';
import { ApiProblem } from '../../errors';
import { requirePeopleAccess } from '../../people/access';
import { importMembers } from '../../people/member-import';
import { inviteMember, resendInvitation } from '../../people/inviting';
import { listMembers, removeMember, resetAuthenticator, toMember, updateMember, type PeopleContext } from '../../people/members';
import { readSettings, saveSettings } from '../../people/settings';
import { createTeam, listTeams, updateTeam } from '../../people/teams';
import { contract, type Answer } from '../contract';
import { pathIdOf } from './route-helpers';

const ACCOUNT = '/accounts/:accountId';

/** Who may call a route, as its 403 says. */
export const ACCOUNT_ADMINS = { '403': { description: 'Not an account admin of this account' } };
const PEOPLE_ADMINS = { '403': { description: 'Neither an account admin nor an admin of the teams concerned' } };
const conflict = (description: string): Record<string, Answer> => ({ '409': { description } });

export function peopleContext(c: Context<AppEnv>): PeopleContext {
  const { services, caller } = c.var;
  return {
    db: services.database.db,
    caller,
    provisioner: services.provisioner ?? null,
    now: () => new Date(),
    origin: services.webOrigin ?? services.publicOrigin,
    manifestUrl: services.publicOrigin ? `${services.publicOrigin}/manifest.xml` : undefined,
    mailDelivery: services.mailDelivery,
    mailQueued: services.mailQueued,
    invitationsPerDay: services.invitationsPerDay,
  };
}

/** The body as UTF-8 CSV text; 415 for another type, 400 for bytes that are not UTF-8. */
async function csvText(c: Context<AppEnv>): Promise<string> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv') throw new ApiProblem(415, 'unsupported_media_type', 'Send the file as text/csv.');
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MEMBER_IMPORT_LIMITS.bytes) throw new ApiProblem(413, 'payload_too_large', 'The file is larger than 512 KB: split it into smaller files.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiProblem(400, 'invalid_encoding', 'The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8".');
  }
}

export function adminPeopleRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(`${ACCOUNT}/members`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/members/*`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/teams`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/teams/:teamId`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/settings`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/*`, async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  });

  const list = contract({
    summary: "The account's people (a team admin: those of the teams they administer), by email; search in names and addresses, one team, one status",
    query: memberQuery,
    response: memberList,
    responses: PEOPLE_ADMINS,
  });
  routes.get(`${ACCOUNT}/members`, list, async (c) => {
    const query = list.query(c);
    return c.json(await listMembers(peopleContext(c), query));
  });

  const invite = contract({
    summary: 'Invite a person: a password sign-in with a temporary password by mail, or a work account linked at its first sign-in; 201 with Location',
    body: inviteMemberInput,
    response: invitedMember,
    status: 201,
    responses: {
      ...PEOPLE_ADMINS,
      ...conflict('This email address is already a member of the account'),
      '429': { description: 'The account has sent as many invitations as it may in 24 hours' },
      '503': { description: 'This server cannot create password sign-ins' },
    },
  });
  routes.post(`${ACCOUNT}/members`, invite, async (c) => {
    const input = await invite.body(c);
    const id = await inviteMember(peopleContext(c), input);
    c.header('Location', `/api/admin/accounts/${c.var.caller.accountId}/members/${id}`);
    return c.json({ _id: id }, 201);
  });

  const importFile = contract({
    summary: `Invite everyone of a CSV file (columns email, name, teams: team names separated by ;), at most ${MEMBER_IMPORT_LIMITS.rows} rows; dryRun=true checks only`,
    query: memberImportQuery,
    file: { 'text/csv': 'text' },
    response: memberImportReport,
    responses: {
      ...PEOPLE_ADMINS,
      '413': { description: `The file is larger than ${MEMBER_IMPORT_LIMITS.bytes / 1024} KB` },
      '415': { description: 'The body is not text/csv' },
      '422': { description: 'Some rows cannot be imported: nobody was invited; the report says why, row by row', schema: memberImportReport },
    },
  });
  // Before `/members/:memberId`, which would otherwise take `import`.
  routes.post(`${ACCOUNT}/members/import`, importFile, async (c) => {
    const { dryRun } = importFile.query(c);
    const report = await importMembers(peopleContext(c), await csvText(c), dryRun);
    const errors = report.rows.filter((row) => row.outcome === 'error');
    if (errors.length === 0) return c.json(report);
    const first = errors.slice(0, 5).map((row) => `line ${row.line}: ${row.message}`).join('; ');
    const message = `Nobody was invited: the file has ${errors.length === 1 ? '1 error' : `${errors.length} errors`}. ${first}`;
    return c.json({ error: { code: 'invalid_rows', message }, ...report }, 422);
  });

  const update = contract({
    summary: "Change a person's teams and admin teams (team admins: of their own teams only), name, account admin, or disable / enable them (account admins)",
    body: updateMemberInput,
    response: member,
    responses: { ...PEOPLE_ADMINS, ...conflict('The change would leave the account without an account admin') },
  });
  routes.patch(`${ACCOUNT}/members/:memberId`, update, async (c) => {
    const change = await update.body(c);
    const context = peopleContext(c);
    const row = await updateMember(context, pathIdOf(c, 'memberId', 'Member'), change);
    const [listed] = await listMembers(context, { search: row.email });
    return c.json(listed?._id === row.id ? listed : toMember(row, null, false));
  });

  const remove = contract({
    summary: 'Remove a person from the account: their sign-in goes, their usage records stay (audited)',
    status: 204,
    responses: { ...ACCOUNT_ADMINS, ...conflict('They are the last account admin') },
  });
  routes.delete(`${ACCOUNT}/members/:memberId`, remove, async (c) => {
    await removeMember(peopleContext(c), pathIdOf(c, 'memberId', 'Member'));
    return c.body(null, 204);
  });

  const resend = contract({
    summary: 'Mail the invitation again (a password user gets a new temporary password)',
    status: 204,
    responses: { ...PEOPLE_ADMINS, ...conflict('The person has already signed in, or is disabled') },
  });
  routes.post(`${ACCOUNT}/members/:memberId/resend-invitation`, resend, async (c) => {
    await resendInvitation(peopleContext(c), pathIdOf(c, 'memberId', 'Member'));
    return c.body(null, 204);
  });

  const resetAuthenticatorOf = contract({
    summary: "Turn a password user's authenticator app off and forget their devices (a lost phone)",
    status: 204,
    responses: { ...ACCOUNT_ADMINS, ...conflict('The person signs in with a work account') },
  });
  routes.post(`${ACCOUNT}/members/:memberId/reset-authenticator`, resetAuthenticatorOf, async (c) => {
    await resetAuthenticator(peopleContext(c), pathIdOf(c, 'memberId', 'Member'));
    return c.body(null, 204);
  });

  const teamList = contract({
    summary: "The account's teams with member counts, archived ones too (a team admin: the teams they administer)",
    response: accountTeamList,
    responses: PEOPLE_ADMINS,
  });
  routes.get(`${ACCOUNT}/teams`, teamList, async (c) => c.json(await listTeams(peopleContext(c))));

  const newTeam = contract({
    summary: 'Create a team; 201 with Location; 409 when the account has a team of that name',
    body: createTeamInput,
    response: accountTeam,
    status: 201,
    responses: ACCOUNT_ADMINS,
  });
  routes.post(`${ACCOUNT}/teams`, newTeam, async (c) => {
    const { name } = await newTeam.body(c);
    const team = await createTeam(peopleContext(c), name);
    c.header('Location', `/api/admin/accounts/${c.var.caller.accountId}/teams/${team._id}`);
    return c.json(team, 201);
  });

  const changeTeam = contract({
    summary: 'Rename a team, archive it (out of its members’ sight, records kept) or bring it back',
    body: updateTeamInput,
    response: accountTeam,
    responses: ACCOUNT_ADMINS,
  });
  routes.patch(`${ACCOUNT}/teams/:teamId`, changeTeam, async (c) => {
    const change = await changeTeam.body(c);
    return c.json(await updateTeam(peopleContext(c), pathIdOf(c, 'teamId', 'Team'), change));
  });

  const settingsOf = contract({ summary: "The account's settings", response: accountSettings, responses: ACCOUNT_ADMINS });
  routes.get(`${ACCOUNT}/settings`, settingsOf, async (c) => c.json(await readSettings(peopleContext(c))));

  const saveSettingsOf = contract({
    summary: "Save the account's settings, whole; a listed work-account domain lets people in once the account has proven it",
    body: accountSettings,
    response: accountSettings,
    responses: ACCOUNT_ADMINS,
  });
  routes.put(`${ACCOUNT}/settings`, saveSettingsOf, async (c) => {
    const settings = await saveSettingsOf.body(c);
    return c.json(await saveSettings(peopleContext(c), settings));
  });

  return routes;
}
