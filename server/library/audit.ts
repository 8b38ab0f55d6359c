/**
 * The team's audit log: one event for every change an admin makes (who, what, which record,
 * when), written in the same transaction as the change, so the log and the records never
 * disagree. `changes` is small and holds names, never content: which fields changed, version
 * numbers, the block a copy came from, the suggestion a block came from; never a body, a subject,
 * a note or an address.
 */
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { AuditAction, AuditEntityKind, AuditPage } from '../../src/api/contract/admin';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { auditEvents, users } from '../db/schema';

/** What `changes` may say: field names, version numbers and ids. */
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
  /** A member became or stopped being an account admin (`member.changed`). */
  accountAdmin?: boolean;
  /** The member joined by a work-account sign-in without an invitation (`member.joined`). */
  justInTime?: boolean;
}

export interface AuditEntry {
  accountId: string;
  /** Null for the account's own records (people, teams, settings). */
  teamId: string | null;
  actorUserId: string;
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
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityKind: entry.entityKind ?? 'block',
    entityId: entry.entityId,
    changes: { ...entry.changes },
    at: entry.at,
  });
}

/**
 * One page of the team's events, newest first. The cursor is `<milliseconds>.<event id>` of the
 * last event of the previous page; events are written with millisecond times, so it is exact.
 */
export async function auditPageOf(db: Db, accountId: string, teamId: string, options: { before?: string | undefined; limit: number }): Promise<AuditPage> {
  const conditions = [eq(auditEvents.accountId, accountId), eq(auditEvents.teamId, teamId)];
  if (options.before) {
    const [millis, id] = options.before.split('.') as [string, string];
    const at = new Date(Number(millis));
    conditions.push(or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), lt(auditEvents.id, id)))!);
  }
  const rows = await db
    .select({ event: auditEvents, actorEmail: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1)?.event;
  return {
    events: page.map(({ event, actorEmail }) => ({
      _id: event.id,
      action: event.action as AuditAction,
      entity: { kind: event.entityKind as AuditEntityKind, _id: event.entityId },
      actor: event.actorUserId ? { _id: event.actorUserId, email: actorEmail ?? null } : null,
      at: event.at.toISOString(),
      changes: event.changes,
    })),
    next: rows.length > options.limit && last ? `${last.at.getTime()}.${last.id}` : null,
  };
}
