import { z } from 'zod';
import { objectId, supportedContext } from './common';
import { lineText, multilineText } from './text';

/**
 * The admin API (`/api/admin/...`): what team admins send and get back when they write and
 * organise their team's blocks, shared by the server and the admin app. Every text field keeps the
 * text rule (text.ts); lists have limits, so one block stays a sensible size.
 */

/** Limits of a block an admin writes. */
export const ADMIN_BLOCK_LIMITS = {
  name: 200,
  /** HTML: generous, a long letter with its markup fits many times over. */
  body: 100_000,
  category: 100,
  categories: 20,
  cc: 20,
  address: 320,
  subjectLine: 500,
  attachments: 20,
  attachmentName: 255,
  url: 2048,
} as const;

const L = ADMIN_BLOCK_LIMITS;

/** `GET /api/admin/teams`: a team the caller administers, for the admin app's team picker. */
export const adminTeam = z.object({
  _id: objectId,
  name: z.string(),
  account: z.object({ _id: objectId, name: z.string() }),
});
export type AdminTeam = z.infer<typeof adminTeam>;
export const adminTeamList = z.array(adminTeam);

/** An address for Cc: one line, something before and after one `@`, no spaces. */
const ccAddress = lineText(L.address)
  .trim()
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address');

/** A file the block links to: a name and an https address. */
export const adminAttachment = z.object({
  name: lineText(L.attachmentName).trim().min(1, 'must not be empty'),
  url: lineText(L.url).pipe(z.url({ protocol: /^https$/, message: 'must be an https address' })),
});

/**
 * A block as an admin writes it (`POST .../blocks`, `PUT .../blocks/{blockId}`): the whole block,
 * every time. Left-out lists are empty; an empty or left-out subject line is none.
 */
export const adminBlockInput = z.object({
  name: lineText(L.name).trim().min(1, 'Name is required.'),
  body: multilineText(L.body).refine((body) => body.trim().length > 0, 'Block Content is required'),
  categories: z
    .array(lineText(L.category).trim().min(1, 'must not be empty'))
    .max(L.categories, `at most ${L.categories} categories`)
    .default([]),
  supportedContexts: z
    .array(supportedContext)
    .min(1, 'choose at least one place the block is used')
    .max(3)
    .transform((contexts) => [...new Set(contexts)]),
  cc: z.array(ccAddress).max(L.cc, `at most ${L.cc} addresses`).default([]),
  subjectLine: lineText(L.subjectLine).trim().nullish(),
  attachments: z.array(adminAttachment).max(L.attachments, `at most ${L.attachments} attachments`).default([]),
});
export type AdminBlockInput = z.input<typeof adminBlockInput>;

/** A block as the admin API answers it: every field, its version and whether it is deleted. */
export const adminBlock = z.object({
  _id: objectId,
  account: objectId,
  team: objectId,
  name: z.string(),
  body: z.string(),
  categories: z.array(z.string()),
  supportedContexts: z.array(supportedContext),
  cc: z.array(z.string()),
  subjectLine: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Also the ETag, quoted: `"<version>"`. Send it back as `If-Match` to change the block. */
  version: z.number().int(),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlock = z.infer<typeof adminBlock>;
export const adminBlockList = z.array(adminBlock);

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** `GET .../blocks`: filters, all optional. `q` looks in names and in the body's text (not its markup). */
export const adminBlocksQuery = z.object({
  q: lineText(200).optional(),
  category: lineText(L.category).optional(),
  supportedContext: supportedContext.optional(),
  includeDeleted: flag.optional(),
});

export const BLOCK_VERSION_ACTIONS = ['created', 'edited', 'restored', 'deleted', 'undeleted'] as const;

/** `GET .../blocks/{blockId}/versions`: one saved version, whole (the app shows the differences). */
export const blockVersion = z.object({
  version: z.number().int(),
  action: z.enum(BLOCK_VERSION_ACTIONS),
  /** Who saved it; null for versions no admin made (demo data, blocks older than the history). */
  author: z.object({ _id: objectId, email: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  name: z.string(),
  body: z.string(),
  categories: z.array(z.string()),
  supportedContexts: z.array(supportedContext),
  cc: z.array(z.string()),
  subjectLine: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type BlockVersion = z.infer<typeof blockVersion>;
export const blockVersionList = z.array(blockVersion);

export const AUDIT_ACTIONS = ['block.created', 'block.edited', 'block.duplicated', 'block.deleted', 'block.undeleted', 'block.version_restored'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `GET .../audit`: newest first, `limit` at a time (50 by default); pass `next` back as `before`. */
export const auditQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}\.[0-9a-f]{24}$/, 'must be the next value of an earlier page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One change to the team's records: who, what, which record, when, and the names of what changed. */
export const auditEvent = z.object({
  _id: objectId,
  action: z.enum(AUDIT_ACTIONS),
  entity: z.object({ kind: z.literal('block'), _id: objectId }),
  actor: z.object({ _id: objectId, email: z.string().nullable() }).nullable(),
  at: z.string(),
  /** Field names, version numbers, the source of a copy: never content or addresses. */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditPage = z.object({ events: z.array(auditEvent), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
