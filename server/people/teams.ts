/**
 * The account's teams as the account admin manages them (`/api/admin/accounts/{accountId}/teams`):
 * list with member counts, create, rename, archive and bring back. A team admin lists the teams
 * they administer. Names are unique within an account, whatever their case.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { teams, users } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import type { AccountTeam } from '../../src/api/contract/people';
import { actorOfCaller, recordAudit } from '../library/audit';
import { assertAccountAdmin } from './access';
import type { PeopleContext } from './members';

type TeamRow = typeof teams.$inferSelect;

/** A team row as the API shows it; `members` counts each person once however they belong. */
function toAccountTeam(row: TeamRow, counts: Map<string, number>): AccountTeam {
  return { _id: row.id, name: row.name, archived: row.archivedAt !== null, requireReview: row.requireReview, members: counts.get(row.id) ?? 0 };
}

export async function listTeams(context: PeopleContext): Promise<AccountTeam[]> {
  const { db, caller } = context;
  const filters = [eq(teams.accountId, caller.accountId)];
  if (!caller.accountAdmin) filters.push(inArray(teams.id, caller.adminTeams.length > 0 ? caller.adminTeams : ['']));
  const rows = await db.select().from(teams).where(and(...filters)).orderBy(asc(teams.name), asc(teams.id));
  const counts = await distinctMemberCounts(db, caller.accountId);
  return rows.map((row) => toAccountTeam(row, counts));
}

/** Member counts where a person in both a team's members and its admins counts once. */
async function distinctMemberCounts(db: Db, accountId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ teams: users.teams, adminTeams: users.adminTeams })
    .from(users)
    .where(eq(users.accountId, accountId));
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const id of new Set([...row.teams, ...row.adminTeams].map((team) => team.toLowerCase()))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function assertNameFree(db: Db, accountId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), sql`lower(${teams.name}) = ${name.toLowerCase()}`, exceptId ? ne(teams.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new ApiProblem(409, 'team_exists', `This account already has a team named ${name}.`);
}

export async function createTeam(context: PeopleContext, name: string): Promise<AccountTeam> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'create teams');
  await assertNameFree(db, caller.accountId, name);
  const now = context.now();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(teams).values({ id: newId(now), accountId: caller.accountId, name }).returning();
    await recordAudit(tx, { accountId: caller.accountId, teamId: null, actor: actorOfCaller(caller), action: 'team.created', entityKind: 'team', entityId: created!.id, changes: {}, at: now });
    return created!;
  });
  return toAccountTeam(row, new Map());
}

export async function updateTeam(
  context: PeopleContext,
  teamId: string,
  change: { name?: string | undefined; archived?: boolean | undefined; requireReview?: boolean | undefined },
): Promise<AccountTeam> {
  const { db, caller } = context;
  // The team's admins decide whether editors' changes wait for them; the rest is the account admin's.
  if (change.name !== undefined || change.archived !== undefined || !caller.adminTeams.some((id) => id.toLowerCase() === teamId)) {
    assertAccountAdmin(caller, 'rename or archive teams');
  }
  const [row] = await db.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.accountId, caller.accountId))).limit(1);
  if (!row) throw notFound('Team');
  if (change.name !== undefined && change.name !== row.name) await assertNameFree(db, caller.accountId, change.name, row.id);
  const now = context.now();
  const renaming = change.name !== undefined && change.name !== row.name;
  const archiving = change.archived === true && row.archivedAt === null;
  const restoring = change.archived === false && row.archivedAt !== null;
  const reviewing = change.requireReview !== undefined && change.requireReview !== row.requireReview;
  if (!renaming && !archiving && !restoring && !reviewing) return toAccountTeam(row, await distinctMemberCounts(db, caller.accountId));
  const saved = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(teams)
      .set({ ...(renaming ? { name: change.name } : {}), ...(archiving ? { archivedAt: now } : {}), ...(restoring ? { archivedAt: null } : {}), ...(reviewing ? { requireReview: change.requireReview } : {}) })
      .where(eq(teams.id, row.id))
      .returning();
    const entry = { accountId: caller.accountId, teamId: null, actor: actorOfCaller(caller), entityKind: 'team' as const, entityId: row.id, changes: {}, at: now };
    if (renaming) await recordAudit(tx, { ...entry, action: 'team.renamed', changes: { fields: ['name'], before: { name: row.name }, after: { name: change.name! } } });
    if (archiving) await recordAudit(tx, { ...entry, action: 'team.archived' });
    if (restoring) await recordAudit(tx, { ...entry, action: 'team.restored' });
    if (reviewing) await recordAudit(tx, { ...entry, action: 'team.review_changed', changes: { requireReview: change.requireReview! } });
    return updated!;
  });
  return toAccountTeam(saved, await distinctMemberCounts(db, caller.accountId));
}
