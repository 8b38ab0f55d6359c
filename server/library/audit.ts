/**
 * The audit log: one event for every change an admin or the operator's command line makes (who,
 * through what and from which address, what, which record, when), written in the same transaction
 * as the change, so the log and the records never disagree. `changes` holds names, never content:
 * which fields changed, version numbers, ids, and settings' values before and after; a person is
 * named by id only. The database keeps the log append-only (migration 0023); events older than the
 * retention are deleted by `purgeExpiredAudit`, never by a request.
 */
import { and, asc, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_CSV_COLUMNS, AUDIT_LIMITS, type AuditAction, type AuditEntityKind, type AuditFilters, type AuditPage } from '../../src/api/contract/audit';
import type { Caller } from '../app-env';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { auditEvents, auditRetention, teams, users, type AuditVia } from '../db/schema';
import type { AdminActor } from './team-scope';
import { csvLine } from './csv';

/** A value `changes` may hold before and after: settings' values, names of teams, ids. */
export type AuditValue = string | number | boolean | null | string[];

/** What `changes` may say: field names, version numbers, ids and values that are not content. */
export interface AuditChanges {
  fields?: string[];
  version?: number;
  fromVersion?: number;
  copiedFrom?: string;
  /** The suggestion a block was created from (`block.created`). */
  fromSuggestion?: string;
  /** The block an approved suggestion became (`suggestion.approved`). */
  block?: string;
  /** Whether a rejection came with a note (never the note itself). */
  withNote?: boolean;
  /** The change came from a file the admin imported (`POST .../blocks/import`). */
  fromImport?: boolean;
  /** The name a decided suggestion was made under (`suggestion.approved`, `suggestion.rejected`). */
  name?: string;
  /** Teams a member joined or left, or administers or no longer does (`member.changed`): ids. */
  teamsAdded?: string[];
  teamsRemoved?: string[];
  adminTeamsAdded?: string[];
  adminTeamsRemoved?: string[];
  editorTeamsAdded?: string[];
  editorTeamsRemoved?: string[];
  /** A member became or stopped being an account admin (`member.changed`). */
  accountAdmin?: boolean;
  /** The member joined by a work-account sign-in without an invitation (`member.joined`). */
  justInTime?: boolean;
  /** The values of the changed fields before and after, where they are not content or a person's data. */
  before?: Record<string, AuditValue>;
  after?: Record<string, AuditValue>;
  /** A domain claimed, dropped or proven (`account.domain_*`). */
  domain?: string;
  /** A shared mailbox or alias mapped to a team, or no longer (`account.mailbox_*`): the mailbox's address. */
  mailbox?: string;
  /** The blocks and checklists a leaving person owned, and who owns them now (`member.records_handed_over`): ids; null for nobody. */
  blocks?: string[];
  checklists?: string[];
  handedTo?: string | null;
  /** The command line's command (`via: cli`). */
  command?: string;
  /** The drafted or scheduled change (`block.change_*`, and the edit that published it). */
  draft?: string;
  /** Who drafted a change an admin approved or rejected: an id. */
  draftedBy?: string;
  /** When a scheduled change is to be published (ISO 8601). */
  publishAt?: string;
  /** The team's new rule for editors' changes (`team.review_changed`). */
  requireReview?: boolean;
  /** The file a person's data was exported as (`member.exported`): `json` or `csv`. */
  format?: string;
  /** Rows deleted (`account.retention_applied`, `member.erased`) or kept without the person (`member.erased`), by table. */
  deleted?: Record<string, number>;
  anonymised?: Record<string, number>;
}

/** Who made a change: a signed-in person (in the admin app, or joining at sign-in) or the operator's command line. */
export type AuditActor =
  | { via: Exclude<AuditVia, 'cli' | 'schedule'>; userId: string; address: string }
  | { via: 'cli'; userId: null; address: null }
  /**
   * What the server did at its time: a scheduled change published (`userId`: who scheduled or
   * approved it), or records past the account's retention deleted (no one: `null`).
   */
  | { via: 'schedule'; userId: string | null; address: null };

/** The command line: no person, no address. */
export const CLI_ACTOR: AuditActor = { via: 'cli', userId: null, address: null };

/** The signed-in caller as the actor of a change. */
export const actorOfCaller = (caller: Pick<Caller, 'id' | 'address'>, via: Exclude<AuditVia, 'cli' | 'schedule'> = 'app'): AuditActor => ({ via, userId: caller.id, address: caller.address });

/** The account, team and actor of an event about a team's library. */
export const libraryEntryOf = (actor: AdminActor): Pick<AuditEntry, 'accountId' | 'teamId' | 'actor'> => ({
  accountId: actor.accountId,
  teamId: actor.teamId,
  actor: actor.via === 'schedule' ? { via: 'schedule', userId: actor.userId, address: null } : { via: 'app', userId: actor.userId, address: actor.address },
});

export interface AuditEntry {
  /** Null for the deployment's own events (the pool's keys). */
  accountId: string | null;
  /** Null for the account's own records (people, teams, settings). */
  teamId: string | null;
  actor: AuditActor;
  action: AuditAction;
  /** What the event is about; a block unless said. */
  entityKind?: AuditEntityKind;
  entityId: string;
  changes: AuditChanges;
  at: Date;
}

/** Writes one event (pass the transaction of the change it records). */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId(entry.at),
    accountId: entry.accountId,
    teamId: entry.teamId,
    actorUserId: entry.actor.userId,
    via: entry.actor.via,
    actorAddress: entry.actor.address,
    action: entry.action,
    entityKind: entry.entityKind ?? 'block',
    entityId: entry.entityId,
    changes: { ...entry.changes },
    at: entry.at,
  });
}

/** Whose events a reader sees: the whole account's (account admins) or one team's (its admins). */
export interface AuditScope {
  accountId: string;
  /** Undefined: every event of the account, the account's own and each team's. */
  teamId?: string | undefined;
}

function conditionsOf(scope: AuditScope, filters: AuditFilters): SQL[] {
  const conditions = [eq(auditEvents.accountId, scope.accountId)];
  if (scope.teamId !== undefined) conditions.push(eq(auditEvents.teamId, scope.teamId));
  else if (filters.team) conditions.push(eq(auditEvents.teamId, filters.team));
  if (filters.action) conditions.push(filters.action.endsWith('.') ? like(auditEvents.action, `${filters.action}%`) : eq(auditEvents.action, filters.action));
  if (filters.kind) conditions.push(eq(auditEvents.entityKind, filters.kind));
  if (filters.actor) conditions.push(eq(auditEvents.actorUserId, filters.actor));
  if (filters.entity) conditions.push(eq(auditEvents.entityId, filters.entity));
  if (filters.via) conditions.push(eq(auditEvents.via, filters.via));
  if (filters.from) conditions.push(gte(auditEvents.at, new Date(`${filters.from}T00:00:00.000Z`)));
  if (filters.to) conditions.push(lt(auditEvents.at, new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000)));
  return conditions;
}

const selection = { event: auditEvents, actorEmail: users.email, teamName: teams.name };

function joined(db: Db) {
  return db
    .select(selection)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(teams, eq(teams.id, auditEvents.teamId));
}

/**
 * One page of the scope's events that pass `filters`, newest first. The cursor is
 * `<milliseconds>.<event id>` of the last event of the previous page; events are written with
 * millisecond times, so it is exact.
 */
export async function auditPageOf(db: Db, scope: AuditScope, filters: AuditFilters & { before?: string | undefined; limit: number }): Promise<AuditPage> {
  const conditions = conditionsOf(scope, filters);
  if (filters.before) {
    const [millis, id] = filters.before.split('.') as [string, string];
    const at = new Date(Number(millis));
    conditions.push(or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), lt(auditEvents.id, id)))!);
  }
  const rows = await joined(db)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1)?.event;
  return {
    events: page.map(({ event, actorEmail, teamName }) => ({
      _id: event.id,
      action: event.action as AuditAction,
      entity: { kind: event.entityKind as AuditEntityKind, _id: event.entityId },
      team: event.teamId ? { _id: event.teamId, name: teamName ?? null } : null,
      actor: event.actorUserId ? { _id: event.actorUserId, email: actorEmail ?? null } : null,
      via: event.via,
      address: event.actorAddress,
      at: event.at.toISOString(),
      changes: event.changes,
    })),
    next: rows.length > filters.limit && last ? `${last.at.getTime()}.${last.id}` : null,
  };
}

const CSV_PAGE = 1_000;

/**
 * The scope's events that pass `filters` as CSV (`AUDIT_CSV_COLUMNS`, oldest first, CRLF lines, a
 * UTF-8 byte order mark for spreadsheets), at most `limit` rows, read a page at a time while the
 * answer streams; `truncated` says whether there were more.
 */
export async function auditCsvOf(db: Db, scope: AuditScope, filters: AuditFilters, limit: number = AUDIT_LIMITS.csvRows): Promise<{ stream: ReadableStream<Uint8Array>; truncated: boolean }> {
  const where = and(...conditionsOf(scope, filters));
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1`.as('one') }).from(auditEvents).where(where).limit(limit + 1).as('capped'));
  const truncated = (counted?.n ?? 0) > limit;
  const encoder = new TextEncoder();
  let sent = 0;
  let after: { at: Date; id: string } | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(AUDIT_CSV_COLUMNS)}`));
    },
    async pull(controller) {
      const size = Math.min(CSV_PAGE, limit - sent);
      if (size <= 0) return controller.close();
      const rows = await joined(db)
        .where(after ? and(where, sql`(${auditEvents.at}, ${auditEvents.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`) : where)
        .orderBy(asc(auditEvents.at), asc(auditEvents.id))
        .limit(size);
      if (rows.length === 0) return controller.close();
      sent += rows.length;
      const last = rows.at(-1)!.event;
      after = { at: last.at, id: last.id };
      controller.enqueue(
        encoder.encode(
          rows
            .map(({ event, actorEmail, teamName }) =>
              csvLine([
                event.at.toISOString(),
                event.action,
                event.entityKind,
                event.entityId,
                event.teamId ?? '',
                teamName ?? '',
                event.actorUserId ?? '',
                actorEmail ?? '',
                event.via,
                event.actorAddress ?? '',
                JSON.stringify(event.changes),
              ]),
            )
            .join(''),
        ),
      );
      if (rows.length < size) controller.close();
    },
  });
  return { stream, truncated };
}

/** Writes the deployment's retention (CANNERY_AUDIT_RETENTION_DAYS; null keeps every event) where the triggers read it. */
export async function applyAuditRetention(db: Db, days: number | null): Promise<void> {
  await db.insert(auditRetention).values({ only: true, days }).onConflictDoUpdate({ target: auditRetention.only, set: { days } });
}

/**
 * Deletes the events older than the retention `applyAuditRetention` wrote, by the database's clock,
 * as the triggers judge them; any number of servers may run it at once. Returns how many went.
 */
export async function purgeExpiredAudit(db: Db): Promise<number> {
  const deleted = await db
    .delete(auditEvents)
    .where(sql`exists (select 1 from ${auditRetention} where ${auditRetention.days} is not null and ${auditEvents.at} < now() - make_interval(days => ${auditRetention.days}))`)
    .returning({ id: auditEvents.id });
  return deleted.length;
}
