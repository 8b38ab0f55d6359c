/**
 * Who keeps a team's blocks and checklists right: each has an owner (a person of its team, or
 * nobody) and a review interval, and its review falls due that many days after it was last
 * confirmed or changed. An owner named in a request is looked up only among the actor's account
 * and team, so a person of another team or account is a 400 that tells nothing about them.
 * Confirming a review and changing the owner or interval are audited, in the transaction of the
 * change, and need no new content version; archiving does (block-writes.ts, checklist-writes.ts).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DueReview, RecordOwner } from '../../src/api/contract/stewardship';
import type { Db } from '../db/database';
import { blocks, checklists, users } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import { libraryEntryOf, recordAudit, type AuditValue } from './audit';
import { assertVersion } from './preconditions';
import { ofActorTeam, type AdminActor } from './team-scope';

const DAY_MS = 86_400_000;

export type RecordKind = 'block' | 'checklist';
const tableOf = (kind: RecordKind) => (kind === 'block' ? blocks : checklists);

interface StewardedRow {
  id: string;
  ownerUserId: string | null;
  reviewEveryDays: number;
  reviewedAt: Date;
  archivedAt: Date | null;
}

/** When the review of `row` falls due. */
export const dueAtOf = (row: Pick<StewardedRow, 'reviewedAt' | 'reviewEveryDays'>): Date => new Date(row.reviewedAt.getTime() + row.reviewEveryDays * DAY_MS);

/** The SQL condition of a record of `kind` whose review is due at `now`. */
export const reviewDueAt = (kind: RecordKind, now: Date): SQL => {
  const table = tableOf(kind);
  return lte(sql`${table.reviewedAt} + make_interval(days => ${table.reviewEveryDays})`, now);
};

/** The people who own `ids`, of the account only, by id. */
export async function ownersOf(db: Db, accountId: string, ids: Array<string | null>): Promise<Map<string, RecordOwner>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What the admin API answers about a record's owner, review and archive mark. */
export function stewardshipOf(row: StewardedRow, owners: Map<string, RecordOwner>, now: Date = new Date()) {
  return {
    owner: (row.ownerUserId && owners.get(row.ownerUserId)) || null,
    reviewEveryDays: row.reviewEveryDays,
    reviewedAt: row.reviewedAt.toISOString(),
    reviewDue: dueAtOf(row).getTime() <= now.getTime(),
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

/** A person of the actor's team (a member or team admin of it, enabled, of the same account): the condition on `users`. */
export const personOfTeam = (accountId: string, teamId: string): SQL =>
  and(eq(users.accountId, accountId), isNull(users.disabledAt), or(sql`${teamId} = any(${users.teams})`, sql`${teamId} = any(${users.adminTeams})`))!;

/** Refuses (400) an owner who is not a person of the actor's team; says nothing about who they are. */
export async function assertTeamPerson(db: Db, actor: AdminActor, userId: string): Promise<void> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), personOfTeam(actor.accountId, actor.teamId)))
    .limit(1);
  if (!found) throw new ApiProblem(400, 'invalid_request', 'Invalid body. owner: is not a person of this team. Choose someone who is a member or admin of the team.');
}

/** The people who may own the team's records, by name then address. */
export async function teamPeople(db: Db, actor: AdminActor): Promise<RecordOwner[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(personOfTeam(actor.accountId, actor.teamId))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.email}))`), asc(sql`lower(${users.email})`), asc(users.id));
}

export interface StewardshipInput {
  owner?: string | null | undefined;
  reviewEveryDays?: number | undefined;
}

/**
 * Applies the owner and interval of `input` to `row` inside the caller's transaction, with a
 * `<kind>.review_settings_changed` event naming what changed; nothing when nothing does.
 */
export async function applyStewardship<Row extends StewardedRow>(db: Db, actor: AdminActor, kind: RecordKind, row: Row, input: StewardshipInput): Promise<Row> {
  const set: { ownerUserId?: string | null; reviewEveryDays?: number } = {};
  const before: Record<string, AuditValue> = {};
  const after: Record<string, AuditValue> = {};
  if (input.owner !== undefined && input.owner !== row.ownerUserId) {
    if (input.owner !== null) await assertTeamPerson(db, actor, input.owner);
    set.ownerUserId = input.owner;
    before.owner = row.ownerUserId;
    after.owner = input.owner;
  }
  if (input.reviewEveryDays !== undefined && input.reviewEveryDays !== row.reviewEveryDays) {
    set.reviewEveryDays = input.reviewEveryDays;
    before.reviewEveryDays = row.reviewEveryDays;
    after.reviewEveryDays = input.reviewEveryDays;
  }
  const fields = Object.keys(after);
  if (fields.length === 0) return row;
  const table = tableOf(kind);
  const [saved] = await db.update(table).set(set).where(eq(table.id, row.id)).returning();
  await recordAudit(db, { ...libraryEntryOf(actor), action: `${kind}.review_settings_changed`, entityKind: kind, entityId: row.id, changes: { fields, before, after }, at: new Date() });
  return saved as unknown as Row;
}

/** The owner a new record gets: the one the admin named (checked), else its author (the admin, or the editor whose draft it was). */
export async function newOwnerOf(db: Db, actor: AdminActor, input: StewardshipInput, author: string | null = actor.userId): Promise<string | null> {
  if (input.owner === undefined) return author;
  if (input.owner !== null) await assertTeamPerson(db, actor, input.owner);
  return input.owner;
}

/**
 * "Still right": the owner (or any admin of the team) confirms the record as it is, at the
 * version they saw (`opened`); its review is next due a whole interval from `now`.
 */
export function confirmReview(db: Db, actor: AdminActor, kind: 'block', id: string, opened: readonly number[], now?: Date): Promise<typeof blocks.$inferSelect>;
export function confirmReview(db: Db, actor: AdminActor, kind: 'checklist', id: string, opened: readonly number[], now?: Date): Promise<typeof checklists.$inferSelect>;
export async function confirmReview(db: Db, actor: AdminActor, kind: RecordKind, id: string, opened: readonly number[], now: Date = new Date()): Promise<unknown> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(ofActorTeam(table, actor, id)).limit(1).for('update');
    if (!row) throw notFound(kind === 'block' ? 'Block' : 'Checklist');
    assertVersion(row.version, opened, kind);
    if (row.deletedAt) throw new ApiProblem(409, `${kind}_deleted`, `This ${kind} is deleted: there is nothing to review.`);
    const [saved] = await tx.update(table).set({ reviewedAt: now }).where(eq(table.id, row.id)).returning();
    await recordAudit(tx, { ...libraryEntryOf(actor), action: `${kind}.reviewed`, entityKind: kind, entityId: row.id, changes: { version: row.version }, at: now });
    return saved!;
  });
}

/** The team's live, unarchived records whose review is due at `now`, longest overdue first; only `ownerId`'s when given. */
export async function dueReviews(db: Db, actor: AdminActor, now: Date, ownerId?: string): Promise<DueReview[]> {
  const listOf = async (kind: RecordKind) => {
    const table = tableOf(kind);
    const conditions = [ofActorTeam(table, actor), isNull(table.deletedAt), isNull(table.archivedAt), reviewDueAt(kind, now)];
    if (ownerId) conditions.push(eq(table.ownerUserId, ownerId));
    const rows = await db
      .select({ id: table.id, name: table.name, version: table.version, ownerUserId: table.ownerUserId, reviewEveryDays: table.reviewEveryDays, reviewedAt: table.reviewedAt })
      .from(table)
      .where(and(...conditions));
    return rows.map((row) => ({ kind, ...row }));
  };
  const rows = [...(await listOf('block')), ...(await listOf('checklist'))];
  const owners = await ownersOf(db, actor.accountId, rows.map((row) => row.ownerUserId));
  return rows
    .map((row) => {
      const dueAt = dueAtOf(row);
      return {
        kind: row.kind,
        id: row.id,
        name: row.name,
        version: row.version,
        owner: (row.ownerUserId && owners.get(row.ownerUserId)) || null,
        reviewEveryDays: row.reviewEveryDays,
        reviewedAt: row.reviewedAt.toISOString(),
        dueAt: dueAt.toISOString(),
        overdueDays: Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS),
      };
    })
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.name.localeCompare(b.name));
}

/** Whether `userId` gets the weekly mail of their due reviews. */
export async function reviewMailOf(db: Db, accountId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ reviewMail: users.reviewMail })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  return row?.reviewMail ?? false;
}

/** Turns the actor's own weekly review mail on or off, audited. */
export async function setReviewMail(db: Db, actor: AdminActor, reviewMail: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await reviewMailOf(tx, actor.accountId, actor.userId);
    if (before === reviewMail) return reviewMail;
    await tx
      .update(users)
      .set({ reviewMail })
      .where(and(eq(users.id, actor.userId), eq(users.accountId, actor.accountId)));
    await recordAudit(tx, {
      accountId: actor.accountId,
      teamId: actor.teamId,
      actor: { via: 'app', userId: actor.userId, address: actor.address },
      action: 'member.review_mail_changed',
      entityKind: 'member',
      entityId: actor.userId,
      changes: { fields: ['reviewMail'], before: { reviewMail: before }, after: { reviewMail } },
      at: new Date(),
    });
    return reviewMail;
  });
}
