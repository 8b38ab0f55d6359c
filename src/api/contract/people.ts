import { z } from './zod';
import { languageCode } from './language';
import { LANGUAGE_CODES } from '../../domain/languages';
import { timeZone } from './wording';
import { objectId } from './common';
import { MAX_MOST_FREQUENT } from './most-frequent-limits';
import { lineText } from './text';

/**
 * People, teams and the account's settings (`/api/admin/accounts/{accountId}/...`), shared by the
 * server and the admin app. The account admin manages all of it; a team admin manages the
 * memberships of their own teams only (server/people/access.ts).
 */

export const PEOPLE_LIMITS = {
  email: 320,
  name: 200,
  teamName: 100,
  /** Teams one member can belong to (or administer). */
  teams: 200,
  search: 200,
  domains: 50,
  domain: 253,
  tenants: 20,
} as const;

const L = PEOPLE_LIMITS;

/** An email address: one line, something before and after one `@`, no spaces; lower-cased. */
export const memberEmail = lineText(L.email)
  .trim()
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address')
  .transform((email) => email.toLowerCase());

/**
 * Text that looks like a link or an address: a scheme, `www.`, an `@`, or a host name such as
 * `example.org`. A name goes into invitation mail, so it never carries one.
 */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|@|\b[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;

export const memberName = lineText(L.name)
  .trim()
  .refine((name) => !LINK_LIKE.test(name), 'must not hold a web or email address');

const teamIds = z.array(objectId).max(L.teams, `must list at most ${L.teams} teams`);

/** How a member signs in: a password of the user pool, or a work account (Microsoft). */
export const SIGN_IN_KINDS = ['password', 'work-account'] as const;
export const signInKind = z.enum(SIGN_IN_KINDS);
export type SignInKind = z.infer<typeof signInKind>;

/**
 * Where a member stands: `invited` (has not signed in yet), `active`, or `disabled` (sign-in
 * refused, usage kept).
 */
export const MEMBER_STATUSES = ['invited', 'active', 'disabled'] as const;
export const memberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof memberStatus>;

/** A person of the account, as the People page lists them. */
export const member = z.object({
  _id: objectId,
  email: z.string(),
  name: z.string().nullable(),
  signIn: signInKind,
  status: memberStatus,
  accountAdmin: z.boolean(),
  teams: z.array(objectId),
  adminTeams: z.array(objectId),
  /** Teams whose blocks they may change in the admin app; with the team's review on, a team admin approves each change. */
  editorTeams: z.array(objectId),
  /** When they last used Cannery: their latest session's start or API call (the admin app's too); null: never. */
  lastActive: z.string().nullable(),
  /** Whether an authenticator app guards their sign-in (password users only; false otherwise). */
  authenticator: z.boolean(),
});
export type Member = z.infer<typeof member>;
export const memberList = z.array(member);

/** `GET .../members?search=&team=&status=`: every filter optional. */
export const memberQuery = z.object({
  search: lineText(L.search).trim().optional(),
  team: objectId.optional(),
  status: memberStatus.optional(),
});
export type MemberQuery = z.infer<typeof memberQuery>;

/** `POST .../members`: invite one person. → 201 `{ _id }`. */
export const inviteMemberInput = z.object({
  email: memberEmail,
  name: memberName.optional(),
  teams: teamIds.default([]),
  adminTeams: teamIds.default([]),
  signIn: signInKind.default('password'),
  accountAdmin: z.boolean().default(false),
});
export type InviteMemberInput = z.input<typeof inviteMemberInput>;
export const invitedMember = z.object({ _id: objectId });

/** `PATCH .../members/{memberId}`: what changes; fields left out stay as they are. */
export const updateMemberInput = z
  .object({
    name: memberName.nullable().optional(),
    teams: teamIds.optional(),
    adminTeams: teamIds.optional(),
    editorTeams: teamIds.optional(),
    disabled: z.boolean().optional(),
    accountAdmin: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'must change at least one field');
export type UpdateMemberInput = z.input<typeof updateMemberInput>;

/** A team as the account admin manages it (the Teams page). */
export const accountTeam = z.object({
  _id: objectId,
  name: z.string(),
  archived: z.boolean(),
  /** Editors' changes to its blocks wait for a team admin's approval. */
  requireReview: z.boolean(),
  /** How many of the account's people belong to or administer it. */
  members: z.number().int(),
});
export type AccountTeam = z.infer<typeof accountTeam>;
export const accountTeamList = z.array(accountTeam);

export const teamName = lineText(L.teamName).trim().min(1, 'Name is required.');
/** `POST .../teams` → 201 the team. */
export const createTeamInput = z.object({ name: teamName });
/** `PATCH .../teams/{teamId}`: rename, archive (`archived: true`) or bring back. */
export const updateTeamInput = z
  .object({
    name: teamName.optional(),
    archived: z.boolean().optional(),
    /** Editors' changes to the team's blocks wait for a team admin's approval. */
    requireReview: z.boolean().optional(),
  })
  .refine((input) => input.name !== undefined || input.archived !== undefined || input.requireReview !== undefined, 'must change the name, archived or requireReview');

/** An email domain for just-in-time access: `aldercounty.example`, lower-cased. */
export const emailDomain = lineText(L.domain)
  .trim()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain such as example.org')
  .transform((value) => value.toLowerCase());

/** A Microsoft Entra tenant (directory) id: a GUID, lower-cased. */
const tenantId = lineText(36)
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a directory (tenant) id such as 72f988bf-86f1-41af-91ab-2d7cd011db47')
  .transform((value) => value.toLowerCase());

/** The account's settings (`GET/PUT .../settings`): the whole object, every time. */
export const accountSettings = z.object({
  hasPhoneFlowAccess: z.boolean(),
  emailClassificationFeature: z.object({ on: z.boolean(), teams: teamIds }),
  /** Authenticator codes at sign-in for password users: never, for those who turned one on, or for everyone. */
  authenticatorPolicy: z.enum(['off', 'optional', 'required']),
  /** The address the customer-support box offers; null for the deployment's own. */
  supportEmail: memberEmail.nullable(),
  /** How many blocks Home's Frequently Used group shows; null for the deployment's number. */
  numMostFreqAutoResponses: z.number().int().min(1).max(MAX_MOST_FREQUENT).nullable(),
  /** The time zone of the account's dates ("show from", "show until", scheduled changes); left out: unchanged. */
  timeZone: timeZone.optional(),
  /** The languages its blocks are written in (src/domain/languages.ts); English is always one. Left out: unchanged. */
  languages: z.array(languageCode).max(LANGUAGE_CODES.length).optional(),
  /**
   * Work accounts of these email domains that sign in without an invitation get access at once,
   * as members of `team`. Empty domains (or no team) turn it off. A listed domain counts only once
   * the account has proven it (`.../domains`).
   */
  workAccountAccess: z.object({
    domains: z.array(emailDomain).max(L.domains, `must list at most ${L.domains} domains`),
    team: objectId.nullable(),
    /**
     * The Microsoft Entra tenants (directory ids) whose work accounts may sign in to this account;
     * empty: any the deployment trusts. Left out: unchanged for older clients, empty for new ones.
     */
    tenants: z.array(tenantId).max(L.tenants, `must list at most ${L.tenants} tenants`).default([]),
  }),
});
export type AccountSettings = z.infer<typeof accountSettings>;

/**
 * A domain the account claims (`GET .../domains`), and the DNS record that proves it. Until
 * `verified`, it lets nobody in and links no invitation.
 */
export const accountDomain = z.object({
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
});
export type AccountDomain = z.infer<typeof accountDomain>;
export const accountDomainList = z.array(accountDomain);
/** `POST .../domains`: claim one more domain. */
export const claimDomainInput = z.object({ domain: emailDomain });

/**
 * `POST .../members/import` (text/csv; `?dryRun=true` checks only): invites everyone of a file with
 * the columns `email`, `name` and `teams` (team names, separated by `;`). A file with any bad row
 * invites nobody and answers 422 with the report; people who are already members are left as they are.
 */
export const MEMBER_IMPORT_LIMITS = { rows: 1000, bytes: 512 * 1024 } as const;
export const memberImportQuery = z.object({ dryRun: z.enum(['true', 'false']).default('false').transform((value) => value === 'true') });
export const memberImportRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  /** The teams the row names, as written. */
  teams: z.array(z.string()),
  outcome: z.enum(['invite', 'already-member', 'error']),
  /** Why the row cannot be imported (outcome `error`), as a sentence. */
  message: z.string().nullable(),
});
export type MemberImportRow = z.infer<typeof memberImportRow>;
export const memberImportReport = z.object({
  dryRun: z.boolean(),
  /** How many people were invited (0 on a dry run or when any row has an error). */
  invited: z.number().int(),
  rows: z.array(memberImportRow),
});
export type MemberImportReport = z.infer<typeof memberImportReport>;
