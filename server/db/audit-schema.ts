import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * The account's audit log (server/library/audit.ts): who changed what, when, from where and through
 * which way in (the admin app, a work-account sign-in, the operator's command line), written in the
 * same transaction as the change. `changes` holds field names, version numbers, ids and settings'
 * values before and after, never content or a person's address. Append-only: database triggers of
 * migration 0023 refuse every update, and a delete of an event younger than `audit_retention` allows.
 * No foreign keys: the log outlives the users and records it names. `account_id` is null for the
 * deployment's own events (the pool's keys rotated).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id().primaryKey(),
    accountId: id('account_id'),
    /** The team the change belongs to; null for the account's own records (people, teams, settings). */
    teamId: id('team_id'),
    actorUserId: id('actor_user_id'),
    /** How the change came in: `app` (the admin app), `sign-in` (a work account joining), `cli`. */
    via: text('via').$type<AuditVia>().notNull().default('app'),
    /** The client's address (server/http/client-address.ts); null from the command line. */
    actorAddress: text('actor_address'),
    action: text('action').notNull(),
    entityKind: text('entity_kind').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_team_at_idx').on(t.accountId, t.teamId, t.at, t.id),
    index('audit_events_account_at_idx').on(t.accountId, t.at, t.id),
    index('audit_events_at_idx').on(t.at),
    check('audit_events_via_check', sql`${t.via} in ('app', 'sign-in', 'cli', 'schedule')`),
  ],
);

export const AUDIT_VIAS = ['app', 'sign-in', 'cli', 'schedule'] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];

/**
 * How long audit events must be kept (one row): the triggers refuse to delete a younger event.
 * Each server writes its CANNERY_AUDIT_RETENTION_DAYS here at start; null keeps every event.
 */
export const auditRetention = pgTable(
  'audit_retention',
  {
    only: boolean('only').primaryKey().default(true),
    days: integer('days'),
  },
  (t) => [check('audit_retention_only_check', sql`${t.only}`), check('audit_retention_days_check', sql`${t.days} is null or ${t.days} >= 1`)],
);
