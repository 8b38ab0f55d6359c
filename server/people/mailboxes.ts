/**
 * The account's map from mailbox addresses (shared mailboxes, delegated accounts, aliases) to
 * teams. Only the account admin changes it, and only to a team of their own account: a team of
 * another account is refused with the same answer as a team that does not exist. Members read
 * the entries whose team is one of their own, not archived, so no member learns of other teams.
 * Every change is in the account's audit log.
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accounts, mailboxTeams, teams } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import { MAILBOXES_PER_ACCOUNT, type MailboxTeam, type MemberMailboxTeam } from '../../src/api/contract/mailbox';
import type { Caller } from '../app-env';
import { actorOfCaller, recordAudit } from '../library/audit';
import { assertAccountAdmin } from './access';

export interface MailboxContext {
  db: Db;
  caller: Caller;
  now: () => Date;
}

/** The whole map of the caller's account, by address (account admins only). */
export async function listMailboxTeams(context: MailboxContext): Promise<MailboxTeam[]> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'map mailboxes to teams');
  const rows = await db
    .select({ address: mailboxTeams.address, teamId: mailboxTeams.teamId, teamName: teams.name, archivedAt: teams.archivedAt, createdAt: mailboxTeams.createdAt })
    .from(mailboxTeams)
    .innerJoin(teams, and(eq(teams.id, mailboxTeams.teamId), eq(teams.accountId, mailboxTeams.accountId)))
    .where(eq(mailboxTeams.accountId, caller.accountId))
    .orderBy(asc(mailboxTeams.address));
  return rows.map((row) => ({ address: row.address, teamId: row.teamId, teamName: row.teamName, teamArchived: row.archivedAt !== null, createdAt: row.createdAt.toISOString() }));
}

/**
 * Maps `address` to `teamId`, or moves it to that team; the same again changes nothing. 422 for a
 * team that is not one of the account's; 409 past `MAILBOXES_PER_ACCOUNT` entries.
 */
export async function setMailboxTeam(context: MailboxContext, address: string, teamId: string): Promise<MailboxTeam> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'map mailboxes to teams');
  return db.transaction(async (tx) => {
    const [team] = await tx.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.accountId, caller.accountId))).limit(1);
    if (!team) throw new ApiProblem(422, 'invalid_team', 'Choose one of the account’s teams for this mailbox.');
    // The account row is the lock that keeps two admins from both taking the last place.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.accountId)).for('update');
    const [existing] = await tx.select().from(mailboxTeams).where(and(eq(mailboxTeams.accountId, caller.accountId), eq(mailboxTeams.address, address))).limit(1);
    if (!existing) {
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(mailboxTeams).where(eq(mailboxTeams.accountId, caller.accountId));
      if (total >= MAILBOXES_PER_ACCOUNT) throw new ApiProblem(409, 'too_many_mailboxes', `An account maps at most ${MAILBOXES_PER_ACCOUNT} mailboxes; remove one first.`);
    }
    const [row] = await tx
      .insert(mailboxTeams)
      .values({ accountId: caller.accountId, address, teamId: team.id, createdAt: context.now() })
      .onConflictDoUpdate({ target: [mailboxTeams.accountId, mailboxTeams.address], set: { teamId: team.id } })
      .returning();
    if (existing?.teamId !== team.id) {
      const changes = { mailbox: address, before: { team: existing?.teamId ?? null }, after: { team: team.id } };
      await recordAudit(tx, { accountId: caller.accountId, teamId: null, actor: actorOfCaller(caller), action: 'account.mailbox_mapped', entityKind: 'account', entityId: caller.accountId, changes, at: context.now() });
    }
    return { address: row!.address, teamId: team.id, teamName: team.name, teamArchived: team.archivedAt !== null, createdAt: row!.createdAt.toISOString() };
  });
}

/** Removes `address` from the map; 404 when it is not mapped in the caller's account. */
export async function removeMailboxTeam(context: MailboxContext, address: string): Promise<void> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'map mailboxes to teams');
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(mailboxTeams)
      .where(and(eq(mailboxTeams.accountId, caller.accountId), eq(mailboxTeams.address, address)))
      .returning({ address: mailboxTeams.address, teamId: mailboxTeams.teamId });
    if (removed.length === 0) throw notFound('Mailbox');
    const changes = { mailbox: address, before: { team: removed[0]!.teamId }, after: { team: null } };
    await recordAudit(tx, { accountId: caller.accountId, teamId: null, actor: actorOfCaller(caller), action: 'account.mailbox_unmapped', entityKind: 'account', entityId: caller.accountId, changes, at: context.now() });
  });
}

/** The entries whose team is one of the caller's own, not archived: what the task pane needs. */
export async function mailboxTeamsOfMember(db: Db, caller: Caller): Promise<MemberMailboxTeam[]> {
  if (caller.teamIds.length === 0) return [];
  const rows = await db
    .select({ address: mailboxTeams.address, team: mailboxTeams.teamId })
    .from(mailboxTeams)
    .innerJoin(teams, and(eq(teams.id, mailboxTeams.teamId), eq(teams.accountId, mailboxTeams.accountId), isNull(teams.archivedAt)))
    .where(and(eq(mailboxTeams.accountId, caller.accountId), inArray(mailboxTeams.teamId, caller.teamIds)))
    .orderBy(asc(mailboxTeams.address));
  return rows;
}
