/** The people, teams and settings part of the OpenAPI document (server/routes/admin/people.ts). */
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
} from '../src/api/contract/people';
import { json, operation, pathId } from './openapi-parts';

type Parameter = ReturnType<typeof pathId>;

const forbidden = (who: string) => ({ '403': { description: who } });
const ACCOUNT_ADMINS = forbidden('Not an account admin of this account');
const PEOPLE_ADMINS = forbidden('Neither an account admin nor an admin of the teams concerned');

/** An operation with more possible answers (a 403 that says who may call it, a 409, ...). */
function answering<T extends { responses: object }>(op: T, ...more: object[]): T {
  const responses: object = Object.assign({}, op.responses, ...more) as object;
  return { ...op, responses };
}

export function peoplePaths(account_: Parameter) {
  const base = '/admin/accounts/{accountId}';
  const memberId = pathId('memberId');
  const teamId = pathId('teamId');
  const noContent = (summary: string, refusal: object, conflict: string) => answering(operation(summary, { status: '204' }), refusal, { '409': { description: conflict } });
  return {
    [`${base}/members`]: {
      parameters: [account_],
      get: answering(
        operation("The account's people (a team admin: those of the teams they administer), by email; search in names and addresses, one team, one status", {
          query: memberQuery,
          response: memberList,
        }),
        PEOPLE_ADMINS,
      ),
      post: answering(
        operation('Invite a person: a password sign-in with a temporary password by mail, or a work account linked at its first sign-in; 201 with Location', {
          body: inviteMemberInput,
          response: invitedMember,
          status: '201',
        }),
        PEOPLE_ADMINS,
        { '409': { description: 'Someone with this email address already has a Cannery sign-in' }, '503': { description: 'This server cannot create password sign-ins' } },
      ),
    },
    [`${base}/members/import`]: {
      parameters: [account_],
      post: (() => {
        const op = answering(
          operation(`Invite everyone of a CSV file (columns email, name, teams: team names separated by ;), at most ${MEMBER_IMPORT_LIMITS.rows} rows; dryRun=true checks only`, {
            query: memberImportQuery,
            response: memberImportReport,
          }),
          PEOPLE_ADMINS,
          {
            '413': { description: `The file is larger than ${MEMBER_IMPORT_LIMITS.bytes / 1024} KB` },
            '415': { description: 'The body is not text/csv' },
            '422': { description: 'Some rows cannot be imported: nobody was invited; the report says why, row by row', content: { 'application/json': { schema: json(memberImportReport) } } },
          },
        );
        return { ...op, requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } } };
      })(),
    },
    [`${base}/members/{memberId}`]: {
      parameters: [account_, memberId],
      patch: answering(
        operation("Change a person's teams and admin teams (team admins: of their own teams only), name, account admin, or disable / enable them (account admins)", {
          body: updateMemberInput,
          response: member,
        }),
        PEOPLE_ADMINS,
        { '409': { description: 'The change would leave the account without an account admin' } },
      ),
      delete: noContent('Remove a person from the account: their sign-in goes, their usage records stay (audited)', ACCOUNT_ADMINS, 'They are the last account admin'),
    },
    [`${base}/members/{memberId}/resend-invitation`]: {
      parameters: [account_, memberId],
      post: noContent('Mail the invitation again (a password user gets a new temporary password)', PEOPLE_ADMINS, 'The person has already signed in, or is disabled'),
    },
    [`${base}/members/{memberId}/reset-authenticator`]: {
      parameters: [account_, memberId],
      post: noContent("Turn a password user's authenticator app off and forget their devices (a lost phone)", ACCOUNT_ADMINS, 'The person signs in with a work account'),
    },
    [`${base}/teams`]: {
      parameters: [account_],
      get: answering(operation("The account's teams with member counts, archived ones too (a team admin: the teams they administer)", { response: accountTeamList }), PEOPLE_ADMINS),
      post: answering(operation('Create a team; 201 with Location; 409 when the account has a team of that name', { body: createTeamInput, response: accountTeam, status: '201' }), ACCOUNT_ADMINS),
    },
    [`${base}/teams/{teamId}`]: {
      parameters: [account_, teamId],
      patch: answering(operation('Rename a team, archive it (out of its members’ sight, records kept) or bring it back', { body: updateTeamInput, response: accountTeam }), ACCOUNT_ADMINS),
    },
    [`${base}/settings`]: {
      parameters: [account_],
      get: answering(operation("The account's settings", { response: accountSettings }), ACCOUNT_ADMINS),
      put: answering(operation("Save the account's settings, whole; 409 when a work-account domain belongs to another account", { body: accountSettings, response: accountSettings }), ACCOUNT_ADMINS),
    },
  };
}
