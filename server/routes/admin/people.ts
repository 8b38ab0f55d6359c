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
  createTeamInput,
  inviteMemberInput,
  MEMBER_IMPORT_LIMITS,
  memberImportQuery,
  memberQuery,
  updateMemberInput,
  updateTeamInput,
} from '../../../src/api/contract/people';
import { ApiProblem, parseOr400, readJson } from '../../errors';
import { requirePeopleAccess } from '../../people/access';
import { importMembers } from '../../people/member-import';
import { inviteMember, listMembers, removeMember, resendInvitation, resetAuthenticator, toMember, updateMember, type PeopleContext } from '../../people/members';
import { readSettings, saveSettings } from '../../people/settings';
import { createTeam, listTeams, updateTeam } from '../../people/teams';
import { pathIdOf } from './route-helpers';

const ACCOUNT = '/accounts/:accountId';

function peopleContext(c: Context<AppEnv>): PeopleContext {
  const { services, caller } = c.var;
  return {
    db: services.database.db,
    caller,
    provisioner: services.provisioner ?? null,
    now: () => new Date(),
    origin: services.publicOrigin,
    mailQueued: services.mailQueued,
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

  routes.get(`${ACCOUNT}/members`, async (c) => {
    const query = parseOr400(memberQuery, c.req.query(), 'query');
    return c.json(await listMembers(peopleContext(c), query));
  });

  routes.post(`${ACCOUNT}/members`, async (c) => {
    const input = await readJson(c, inviteMemberInput);
    const id = await inviteMember(peopleContext(c), input);
    c.header('Location', `/api/admin/accounts/${c.var.caller.accountId}/members/${id}`);
    return c.json({ _id: id }, 201);
  });

  // Before `/members/:memberId`, which would otherwise take `import`.
  routes.post(`${ACCOUNT}/members/import`, async (c) => {
    const { dryRun } = parseOr400(memberImportQuery, { dryRun: c.req.query('dryRun') }, 'query');
    const report = await importMembers(peopleContext(c), await csvText(c), dryRun);
    const errors = report.rows.filter((row) => row.outcome === 'error');
    if (errors.length === 0) return c.json(report);
    const first = errors.slice(0, 5).map((row) => `line ${row.line}: ${row.message}`).join('; ');
    const message = `Nobody was invited: the file has ${errors.length === 1 ? '1 error' : `${errors.length} errors`}. ${first}`;
    return c.json({ error: { code: 'invalid_rows', message }, ...report }, 422);
  });

  routes.patch(`${ACCOUNT}/members/:memberId`, async (c) => {
    const change = await readJson(c, updateMemberInput);
    const context = peopleContext(c);
    const row = await updateMember(context, pathIdOf(c, 'memberId', 'Member'), change);
    const [listed] = await listMembers(context, { search: row.email });
    return c.json(listed?._id === row.id ? listed : toMember(row, null, false));
  });

  routes.delete(`${ACCOUNT}/members/:memberId`, async (c) => {
    await removeMember(peopleContext(c), pathIdOf(c, 'memberId', 'Member'));
    return c.body(null, 204);
  });

  routes.post(`${ACCOUNT}/members/:memberId/resend-invitation`, async (c) => {
    await resendInvitation(peopleContext(c), pathIdOf(c, 'memberId', 'Member'));
    return c.body(null, 204);
  });

  routes.post(`${ACCOUNT}/members/:memberId/reset-authenticator`, async (c) => {
    await resetAuthenticator(peopleContext(c), pathIdOf(c, 'memberId', 'Member'));
    return c.body(null, 204);
  });

  routes.get(`${ACCOUNT}/teams`, async (c) => c.json(await listTeams(peopleContext(c))));

  routes.post(`${ACCOUNT}/teams`, async (c) => {
    const { name } = await readJson(c, createTeamInput);
    const team = await createTeam(peopleContext(c), name);
    c.header('Location', `/api/admin/accounts/${c.var.caller.accountId}/teams/${team._id}`);
    return c.json(team, 201);
  });

  routes.patch(`${ACCOUNT}/teams/:teamId`, async (c) => {
    const change = await readJson(c, updateTeamInput);
    return c.json(await updateTeam(peopleContext(c), pathIdOf(c, 'teamId', 'Team'), change));
  });

  routes.get(`${ACCOUNT}/settings`, async (c) => c.json(await readSettings(peopleContext(c))));

  routes.put(`${ACCOUNT}/settings`, async (c) => {
    const settings = await readJson(c, accountSettings);
    return c.json(await saveSettings(peopleContext(c), settings));
  });

  return routes;
}
