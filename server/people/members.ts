/**
 * The account's people (`/api/admin/accounts/{accountId}/members`): list, change, disable, reset
 * an authenticator, remove (inviting: inviting.ts). Identity changes go through the provisioner
 * (server/identity/provisioning.ts), the built-in pool or AWS Cognito alike; Cannery's own records
 * change in one transaction with their audit event.
 */
import { and, asc, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Caller } from '../app-env';
import type { Db } from '../db/database';
import type { MailDelivery } from '../mail/config';
import { teams, users } from '../db/schema';
import { sessions } from '../db/records-schema';
import { ApiProblem, notFound } from '../errors';
import type { IdentityProvisioner } from '../identity/provisioning';
import { ProvisioningError } from '../identity/provisioning';
import type { Member, MemberQuery, MemberStatus } from '../../src/api/contract/people';
import { actorOfCaller, recordAudit, type AuditChanges } from '../library/audit';
import { assertAccountAdmin, assertMembershipChange, canSee } from './access';
import { handOverRecords } from './hand-over';

type UserRow = typeof users.$inferSelect;

/** What the people routes work with. */
export interface PeopleContext {
  db: Db;
  caller: Caller;
  /** Null when this server cannot provision password users (then inviting one is 503). */
  provisioner: IdentityProvisioner | null;
  now: () => Date;
  /** Where people open Cannery in a browser, named in invitations. */
  origin?: string | undefined;
  /** The Outlook add-in's manifest URL, named in invitations. */
  manifestUrl?: string | undefined;
  /** `off` (CANNERY_MAIL=off): nothing is queued and password invitations are refused. */
  mailDelivery?: MailDelivery | undefined;
  /** Wakes the mail worker after a message is queued. */
  mailQueued?: (() => void) | undefined;
  /** Invitations the account may send in 24 hours; left out, the deployment's default. */
  invitationsPerDay?: number | undefined;
}

export function statusOf(row: Pick<UserRow, 'disabledAt' | 'joinedAt'>): MemberStatus {
  if (row.disabledAt) return 'disabled';
  return row.joinedAt ? 'active' : 'invited';
}

/** Runs `work` at most `limit` at a time (asking a remote pool about many people). */
async function eachLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function authenticatorsOf(context: PeopleContext, rows: UserRow[]): Promise<Set<string>> {
  const { provisioner } = context;
  const passwordUsers = rows.filter((row) => row.signIn === 'password' && row.cognitoSub);
  if (!provisioner || passwordUsers.length === 0) return new Set();
  const found = await eachLimited(passwordUsers, 8, async (row) => {
    const user = await provisioner.getUser(row.email).catch(() => null);
    return user?.authenticator ? row.id : null;
  });
  return new Set(found.filter((id): id is string => id !== null));
}

export function toMember(row: UserRow, lastActive: Date | null, authenticator: boolean): Member {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    signIn: row.signIn,
    status: statusOf(row),
    accountAdmin: row.accountAdmin,
    teams: row.teams,
    adminTeams: row.adminTeams,
    editorTeams: row.editorTeams,
    lastActive: lastActive?.toISOString() ?? null,
    authenticator,
  };
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listMembers(context: PeopleContext, query: MemberQuery): Promise<Member[]> {
  const { db, caller } = context;
  const filters = [eq(users.accountId, caller.accountId)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    filters.push(or(sql`lower(${users.email}) like ${pattern}`, sql`lower(coalesce(${users.name}, '')) like ${pattern}`)!);
  }
  if (query.team) filters.push(or(sql`${query.team} = any(${users.teams})`, sql`${query.team} = any(${users.adminTeams})`, sql`${query.team} = any(${users.editorTeams})`)!);
  const rows = (await db.select().from(users).where(and(...filters)).orderBy(asc(users.email)))
    .filter((row) => canSee(caller, row))
    .filter((row) => !query.status || statusOf(row) === query.status);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const started = await db
    .select({ userId: sessions.userId, last: max(sessions.startTime) })
    .from(sessions)
    .where(and(eq(sessions.accountId, caller.accountId), inArray(sessions.userId, ids)))
    .groupBy(sessions.userId);
  const sessionStarts = new Map(started.map((row) => [row.userId, row.last]));
  const authenticators = await authenticatorsOf(context, rows);
  return rows.map((row) => toMember(row, latest(sessionStarts.get(row.id) ?? null, row.lastSeenAt), authenticators.has(row.id)));
}

/** One member of the caller's account within their reach; 404 otherwise. */
export async function memberRow(context: PeopleContext, memberId: string): Promise<UserRow> {
  const [row] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.accountId, context.caller.accountId)))
    .limit(1);
  if (!row || !canSee(context.caller, row)) throw notFound('Member');
  return row;
}

/** Refuses (400) teams that are not live teams of the account. */
export async function assertTeamsOfAccount(db: Db, accountId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), inArray(teams.id, unique), isNull(teams.archivedAt)));
  const missing = unique.filter((id) => !found.some((team) => team.id === id));
  if (missing.length > 0) {
    throw new ApiProblem(400, 'unknown_team', `${missing.length === 1 ? 'This team is' : 'These teams are'} not a team of this account: ${missing.join(', ')}.`);
  }
}

export function provisionerOf(context: PeopleContext): IdentityProvisioner {
  if (!context.provisioner) {
    throw new ApiProblem(503, 'provisioning_unavailable', 'This server cannot create password sign-ins: invite the person with a work account, or set up the user pool.');
  }
  return context.provisioner;
}

/** The pool's answer as the API's: the reasons a person can act on, anything else 502. */
export function provisioningProblem(error: unknown): never {
  if (error instanceof ProvisioningError) {
    if (error.reason === 'invalid') throw new ApiProblem(400, 'invalid_identity', error.message);
    if (error.reason === 'not_found') throw new ApiProblem(409, 'identity_missing', 'The sign-in of this person no longer exists in the user pool.');
    if (error.reason === 'unavailable') throw new ApiProblem(503, 'provisioning_unavailable', 'The user pool cannot be reached. Try again in a moment.');
  }
  throw error;
}

export async function audit(db: Db, context: PeopleContext, action: Parameters<typeof recordAudit>[1]['action'], memberId: string, changes: AuditChanges = {}) {
  await recordAudit(db, { accountId: context.caller.accountId, teamId: null, actor: actorOfCaller(context.caller), action, entityKind: 'member', entityId: memberId, changes, at: context.now() });
}

/**
 * Refuses (409) a change that leaves the account without an enabled account admin. Locks the
 * account's admins for the transaction, so two admins cannot demote each other at once.
 */
async function assertAnotherAccountAdmin(tx: Db, accountId: string, memberId: string): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.accountAdmin, true), isNull(users.disabledAt), ne(users.id, memberId)))
    .for('update');
  if (others.length === 0) {
    throw new ApiProblem(409, 'last_account_admin', 'This is the account’s last account admin: make someone else an account admin first.');
  }
}

export interface MemberChange {
  name?: string | null | undefined;
  teams?: string[] | undefined;
  adminTeams?: string[] | undefined;
  editorTeams?: string[] | undefined;
  disabled?: boolean | undefined;
  accountAdmin?: boolean | undefined;
}

const added = (before: string[], after: string[]) => after.filter((id) => !before.includes(id));

export async function updateMember(context: PeopleContext, memberId: string, change: MemberChange): Promise<UserRow> {
  const { db, caller } = context;
  const row = await memberRow(context, memberId);
  if (change.name !== undefined) assertAccountAdmin(caller, 'rename people');
  if (change.disabled !== undefined) assertAccountAdmin(caller, 'disable or enable people');
  if (change.accountAdmin !== undefined) assertAccountAdmin(caller, 'make or unmake account admins');
  const nextTeams = change.teams ? [...new Set(change.teams)] : row.teams;
  const nextAdminTeams = change.adminTeams ? [...new Set(change.adminTeams)] : row.adminTeams;
  assertMembershipChange(caller, row.teams, nextTeams);
  const nextEditorTeams = change.editorTeams ? [...new Set(change.editorTeams)] : row.editorTeams;
  assertMembershipChange(caller, row.adminTeams, nextAdminTeams);
  assertMembershipChange(caller, row.editorTeams, nextEditorTeams);
  await assertTeamsOfAccount(db, caller.accountId, [
    ...added(row.teams, nextTeams),
    ...added(row.adminTeams, nextAdminTeams),
    ...added(row.editorTeams, nextEditorTeams),
  ]);
  const disabling = change.disabled === true && !row.disabledAt;
  const enabling = change.disabled === false && row.disabledAt !== null;
  const demoting = change.accountAdmin === false && row.accountAdmin;
  const updated = await db.transaction(async (tx) => {
    if (row.accountAdmin && (disabling || demoting)) await assertAnotherAccountAdmin(tx, caller.accountId, row.id);
    const [saved] = await tx
      .update(users)
      .set({
        teams: nextTeams,
        adminTeams: nextAdminTeams,
        editorTeams: nextEditorTeams,
        ...(change.name !== undefined ? { name: change.name || null } : {}),
        ...(change.accountAdmin !== undefined ? { accountAdmin: change.accountAdmin } : {}),
        ...(disabling ? { disabledAt: context.now() } : {}),
        ...(enabling ? { disabledAt: null } : {}),
      })
      .where(eq(users.id, row.id))
      .returning();
    const changes: AuditChanges = {
      teamsAdded: added(row.teams, nextTeams),
      teamsRemoved: added(nextTeams, row.teams),
      adminTeamsAdded: added(row.adminTeams, nextAdminTeams),
      adminTeamsRemoved: added(nextAdminTeams, row.adminTeams),
      editorTeamsAdded: added(row.editorTeams, nextEditorTeams),
      editorTeamsRemoved: added(nextEditorTeams, row.editorTeams),
      ...(change.accountAdmin !== undefined && change.accountAdmin !== row.accountAdmin ? { accountAdmin: change.accountAdmin } : {}),
      ...(change.name !== undefined && (change.name || null) !== row.name ? { fields: ['name'] } : {}),
    };
    const anyChange = Object.values(changes).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));
    if (anyChange) await audit(tx, context, 'member.changed', row.id, changes);
    if (disabling) await audit(tx, context, 'member.disabled', row.id);
    if (disabling) await handOverRecords(tx, context, row);
    if (enabling) await audit(tx, context, 'member.enabled', row.id);
    return saved!;
  });
  if (disabling) context.mailQueued?.();
  // The pool follows: a disabled person's sign-in and refresh tokens stop working too.
  if (row.signIn === 'password' && row.cognitoSub && context.provisioner && (disabling || enabling)) {
    const provisioner = context.provisioner;
    const follow = disabling ? async () => {
      await provisioner.disableUser(row.email);
      await provisioner.signOutEverywhere(row.email);
    } : () => provisioner.enableUser(row.email);
    await follow().catch((error: unknown) => {
      if (!(error instanceof ProvisioningError && error.reason === 'not_found')) throw error;
    });
  }
  return updated;
}

/** Turns a password user's authenticator app off and forgets their devices (a lost phone). */
export async function resetAuthenticator(context: PeopleContext, memberId: string): Promise<void> {
  assertAccountAdmin(context.caller, 'reset authenticators');
  const row = await memberRow(context, memberId);
  if (row.signIn !== 'password' || !row.cognitoSub) {
    throw new ApiProblem(409, 'no_authenticator', 'This person signs in with a work account: their organisation manages their second factor.');
  }
  await provisionerOf(context).resetAuthenticator(row.email).catch(provisioningProblem);
  await audit(context.db, context, 'member.authenticator_reset', row.id);
}

/** Removes a person from the account: their sign-in goes, their usage records stay (they name the address). */
export async function removeMember(context: PeopleContext, memberId: string): Promise<void> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'remove people');
  const row = await memberRow(context, memberId);
  await db.transaction(async (tx) => {
    if (row.accountAdmin && !row.disabledAt) await assertAnotherAccountAdmin(tx, caller.accountId, row.id);
    await handOverRecords(tx, context, row);
    await tx.delete(users).where(eq(users.id, row.id));
    await audit(tx, context, 'member.removed', row.id, { teamsRemoved: row.teams, adminTeamsRemoved: row.adminTeams });
  });
  context.mailQueued?.();
  if (row.signIn === 'password' && row.cognitoSub && context.provisioner) {
    await context.provisioner.deleteUser(row.email).catch((error: unknown) => {
      if (!(error instanceof ProvisioningError && error.reason === 'not_found')) throw error;
    });
  }
}

