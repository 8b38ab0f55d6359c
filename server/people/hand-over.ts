/**
 * When a person is disabled or removed, the blocks and checklists they own pass, team by team, to
 * a team admin of that team (never the leaving person; the first by name, then address), in the
 * caller's transaction, with one `member.records_handed_over` event per team and a mail through the
 * queue telling the new owner what is now theirs. A team without another enabled admin leaves its
 * records without an owner, and the Needs review page says so.
 */
import { and, asc, eq, ne, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks, checklists, teams, users } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { actorOfCaller, recordAudit } from '../library/audit';
import type { Caller } from '../app-env';
import type { MailDelivery } from '../mail/config';

/** What a hand-over needs of the people routes' context (members.ts). */
interface HandOverContext {
  caller: Pick<Caller, 'id' | 'address'>;
  now: () => Date;
  origin?: string | undefined;
  mailDelivery?: MailDelivery | undefined;
}

interface Leaving {
  id: string;
  accountId: string;
  email: string;
  name: string | null;
}

/** The mail that tells `to` which records of `teamName` they now own. */
export function handOverMail(input: { to: string; leaving: string; teamName: string; names: string[]; origin?: string | undefined }) {
  const lines = [
    `${input.leaving} no longer uses Cannery, so you now own what they kept right in the team ${input.teamName}:`,
    '',
    ...input.names.map((name) => `- ${name}`),
    '',
    'You will see them on the Needs review page when their reviews fall due.',
    ...(input.origin ? [`Needs review: ${input.origin}/admin/#/reviews`] : []),
  ];
  return { kind: 'owner_handover', to: input.to, subject: `You now own ${input.names.length === 1 ? 'a block' : `${input.names.length} records`} of ${input.teamName}`, body: lines.join('\n') };
}

/** Hands the records `leaving` owns to a team admin of each team, in `tx`. */
export async function handOverRecords(tx: Db, context: HandOverContext, leaving: Leaving): Promise<void> {
  const owned = async (kind: 'block' | 'checklist') => {
    const table = kind === 'block' ? blocks : checklists;
    return tx
      .select({ id: table.id, teamId: table.teamId, name: table.name, deletedAt: table.deletedAt })
      .from(table)
      .where(and(eq(table.accountId, leaving.accountId), eq(table.ownerUserId, leaving.id)))
      .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
  };
  const ownedBlocks = await owned('block');
  const ownedChecklists = await owned('checklist');
  const teamIds = [...new Set([...ownedBlocks, ...ownedChecklists].map((row) => row.teamId))].sort();
  const now = context.now();
  for (const teamId of teamIds) {
    const [admin] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.accountId, leaving.accountId), ne(users.id, leaving.id), isNull(users.disabledAt), sql`${teamId} = any(${users.adminTeams})`))
      .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.email}))`), asc(sql`lower(${users.email})`), asc(users.id))
      .limit(1);
    const teamBlocks = ownedBlocks.filter((row) => row.teamId === teamId);
    const teamChecklists = ownedChecklists.filter((row) => row.teamId === teamId);
    const owner = admin?.id ?? null;
    await tx
      .update(blocks)
      .set({ ownerUserId: owner })
      .where(and(eq(blocks.accountId, leaving.accountId), eq(blocks.teamId, teamId), eq(blocks.ownerUserId, leaving.id)));
    await tx
      .update(checklists)
      .set({ ownerUserId: owner })
      .where(and(eq(checklists.accountId, leaving.accountId), eq(checklists.teamId, teamId), eq(checklists.ownerUserId, leaving.id)));
    await recordAudit(tx, {
      accountId: leaving.accountId,
      teamId,
      actor: actorOfCaller(context.caller),
      action: 'member.records_handed_over',
      entityKind: 'member',
      entityId: leaving.id,
      changes: { blocks: teamBlocks.map((row) => row.id), checklists: teamChecklists.map((row) => row.id), handedTo: owner },
      at: now,
    });
    const names = [...teamBlocks, ...teamChecklists].filter((row) => !row.deletedAt).map((row) => row.name);
    if (admin && names.length > 0 && context.mailDelivery !== 'off') {
      const [team] = await tx.select({ name: teams.name }).from(teams).where(and(eq(teams.id, teamId), eq(teams.accountId, leaving.accountId))).limit(1);
      await enqueueMail(tx, handOverMail({ to: admin.email, leaving: leaving.name ?? leaving.email, teamName: team?.name ?? 'your team', names, origin: context.origin }), now);
    }
  }
}
