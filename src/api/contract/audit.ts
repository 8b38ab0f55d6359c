/**
 * The audit log in the admin API (`GET .../audit`, `GET .../audit.csv`): what an event says, the
 * filters a reader may use, and the export's columns; shared by the server and the admin app.
 */
import { z } from './zod';
import { objectId } from './common';
import { pageQuery } from './admin';

export const AUDIT_ACTIONS = [
  'block.created',
  'block.edited',
  'block.duplicated',
  'block.deleted',
  'block.undeleted',
  'block.version_restored',
  'block.change_drafted',
  'block.change_scheduled',
  'block.change_approved',
  'block.change_rejected',
  'block.change_withdrawn',
  'block.change_published',
  'suggestion.approved',
  'suggestion.rejected',
  'checklist.created',
  'checklist.edited',
  'checklist.deleted',
  'checklist.undeleted',
  'block.reviewed',
  'block.review_settings_changed',
  'block.archived',
  'block.unarchived',
  'checklist.reviewed',
  'checklist.review_settings_changed',
  'checklist.archived',
  'checklist.unarchived',
  'member.records_handed_over',
  'member.review_mail_changed',
  'member.created',
  'member.invited',
  'member.invitation_resent',
  'member.changed',
  'member.disabled',
  'member.enabled',
  'member.authenticator_reset',
  'member.password_set',
  'member.linked',
  'member.removed',
  'member.joined',
  'member.exported',
  'member.erased',
  'team.created',
  'team.renamed',
  'team.archived',
  'team.restored',
  'team.learning_reset',
  'team.review_changed',
  'account.created',
  'account.settings_changed',
  'account.synonyms_changed',
  'account.domain_added',
  'account.domain_removed',
  'account.domain_verified',
  'account.mailbox_mapped',
  'account.mailbox_unmapped',
  'account.retention_changed',
  'account.retention_applied',
  'pool.signing_key_rotated',
  'pool.data_key_rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an audit event is about: a block, a checklist, or a member's suggestion an admin decided;
 * for the account's own log, a member, a team or the account's settings; for the deployment's, the
 * user pool (its keys).
 */
export const AUDIT_ENTITY_KINDS = ['block', 'suggestion', 'checklist', 'member', 'team', 'account', 'pool'] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

/** How a change came in: the admin app, a work account joining at sign-in, the operator's command line. */
export const AUDIT_VIAS = ['app', 'sign-in', 'cli', 'schedule'] as const;

const isoDay = z.iso.date('must be a date, YYYY-MM-DD');

/**
 * Which events an audit read returns: an action (`block.edited`) or every action of a kind of record
 * (`block.`), a kind of record, one record, one actor, one team (the account's log), how the change
 * came in, and a period of UTC days (`from` and `to` both included).
 */
const auditFilterShape = {
  action: z
    .string()
    .max(60)
    .regex(/^[a-z_]+\.(?:[a-z_]+)?$/, 'must be an action, or a kind followed by a dot')
    .optional(),
  kind: z.enum(AUDIT_ENTITY_KINDS).optional(),
  entity: z.string().min(1).max(100).optional(),
  actor: objectId.optional(),
  team: objectId.optional(),
  via: z.enum(AUDIT_VIAS).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
};
const periodInOrder = (filters: { from?: string | undefined; to?: string | undefined }) => !filters.from || !filters.to || filters.from <= filters.to;
const periodProblem = { message: 'must not be before from', path: ['to'] };

export const auditFilters = z.object(auditFilterShape).refine(periodInOrder, periodProblem);
export type AuditFilters = z.infer<typeof auditFilters>;

/** `GET .../audit`: a page of audit events (`pageQuery`) that pass the filters. */
export const auditQuery = pageQuery.extend(auditFilterShape).refine(periodInOrder, periodProblem);

/** Limits of the audit log's export. */
export const AUDIT_LIMITS = {
  /** Rows of one CSV export; `X-Audit-Truncated: true` says more were left out. */
  csvRows: 100_000,
} as const;

/** The columns of the audit log's CSV export, in order. */
export const AUDIT_CSV_COLUMNS = ['time', 'action', 'recordKind', 'recordId', 'teamId', 'teamName', 'actorId', 'actorEmail', 'via', 'address', 'changes'] as const;

/** One change: who (and how, and from where), what, which record, when, and the names of what changed. */
export const auditEvent = z.object({
  _id: objectId,
  action: z.enum(AUDIT_ACTIONS),
  entity: z.object({ kind: z.enum(AUDIT_ENTITY_KINDS), _id: z.string() }),
  /** The team the record belongs to; null for the account's own records. */
  team: z.object({ _id: objectId, name: z.string().nullable() }).nullable(),
  actor: z.object({ _id: objectId, email: z.string().nullable() }).nullable(),
  via: z.enum(AUDIT_VIAS),
  /** The address the change came from; null from the command line. */
  address: z.string().nullable(),
  at: z.string(),
  /** Field names, version numbers, ids, settings' values before and after: never content or a person's address. */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditPage = z.object({ events: z.array(auditEvent), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

