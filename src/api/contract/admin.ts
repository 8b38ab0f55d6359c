import { z } from './zod';
import { objectId, supportedContext, type SupportedContext } from './common';
import { lineText, multilineText } from './text';
import { shortcutProblem } from '../../domain/block-shortcut';
import { SHOW_WINDOWS, optionalDay, pendingChange } from './wording';
import { stewardshipInput, stewardshipState } from './stewardship';
import { variantLanguage } from './language';
import { usageOfBlock, usesByLanguage } from './usage';

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
  examples: 50,
  example: 300,
  /** Variants: one per language other than the default. */
  variants: 10,
} as const;

/** `GET /api/admin/teams`: a team the caller administers, for the admin app's team picker. */
export const adminTeam = z.object({
  _id: objectId,
  name: z.string(),
  account: z.object({ _id: objectId, name: z.string() }),
  /** `admin`: the whole library; `editor`: the team's blocks only, with `requireReview` saying whether changes wait for approval. */
  role: z.enum(['admin', 'editor']),
  requireReview: z.boolean(),
});
export type AdminTeam = z.infer<typeof adminTeam>;
export const adminTeamList = z.array(adminTeam);

/** An address for Cc: one line, something before and after one `@`, no spaces. */
const ccAddress = lineText(ADMIN_BLOCK_LIMITS.address)
  .trim()
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address');

/** A file the block links to: a name and an https address. */
export const adminAttachment = z.object({
  name: lineText(ADMIN_BLOCK_LIMITS.attachmentName).trim().min(1, 'must not be empty'),
  url: lineText(ADMIN_BLOCK_LIMITS.url).pipe(z.url({ protocol: /^https$/, message: 'must be an https address' })),
});

/** A block's shortcut as an admin writes it: spaces around it are dropped, then the shortcut rules apply. */
export const shortcutField = z
  .string()
  .max(200, 'must be at most 32 characters')
  .trim()
  .superRefine((value, context) => {
    const problem = value === '' ? undefined : shortcutProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value || null);

/**
 * Where a block is used when its admin (or the file it is imported from) says nothing else: every
 * place, so that a new block reaches the text-field picker as well as Outlook and Gmail.
 */
export const DEFAULT_SUPPORTED_CONTEXTS: readonly SupportedContext[] = ['outlook', 'gmail', 'text_input'];

/** Questions people ask in their own words that a block answers (recommendations match emails against them). */
const exampleList = z
  .array(lineText(ADMIN_BLOCK_LIMITS.example).trim().min(1, 'must not be empty'))
  .max(ADMIN_BLOCK_LIMITS.examples, `Add at most ${ADMIN_BLOCK_LIMITS.examples} example questions.`)
  .default([]);

/**
 * A block's text in another language, as an admin writes it: the same rules as the block's own
 * text. `needsUpdate` says it still follows an older default text; the server sets it when the
 * default text changes and this text does not, and clears it when this text changes.
 */
export const adminVariantInput = z.object({
  language: variantLanguage,
  name: lineText(ADMIN_BLOCK_LIMITS.name).trim().min(1, 'Name is required.'),
  body: multilineText(ADMIN_BLOCK_LIMITS.body).refine((body) => body.trim().length > 0, 'Block Content is required'),
  subjectLine: lineText(ADMIN_BLOCK_LIMITS.subjectLine).trim().nullish(),
  attachments: z.array(adminAttachment).max(ADMIN_BLOCK_LIMITS.attachments, `Add at most ${ADMIN_BLOCK_LIMITS.attachments} attachments.`).default([]),
  examples: exampleList,
  needsUpdate: z.boolean().default(false),
});

/**
 * A block as an admin writes it (`POST .../blocks`, `PUT .../blocks/{blockId}`): the whole block,
 * every time. Left-out lists are empty, but for left-out places (`supportedContexts`), which are
 * all of them (`DEFAULT_SUPPORTED_CONTEXTS`); an empty or left-out subject line is none.
 */
export const adminBlockInput = z.object({
  name: lineText(ADMIN_BLOCK_LIMITS.name).trim().min(1, 'Name is required.'),
  body: multilineText(ADMIN_BLOCK_LIMITS.body).refine((body) => body.trim().length > 0, 'Block Content is required'),
  categories: z
    .array(lineText(ADMIN_BLOCK_LIMITS.category).trim().min(1, 'must not be empty'))
    .max(ADMIN_BLOCK_LIMITS.categories, `Use at most ${ADMIN_BLOCK_LIMITS.categories} categories.`)
    .default([]),
  supportedContexts: z
    .array(supportedContext)
    .min(1, 'Choose at least one place the block is used.')
    .max(3)
    .transform((contexts) => [...new Set(contexts)])
    .default(() => [...DEFAULT_SUPPORTED_CONTEXTS]),
  cc: z.array(ccAddress).max(ADMIN_BLOCK_LIMITS.cc, `Add at most ${ADMIN_BLOCK_LIMITS.cc} addresses.`).default([]),
  subjectLine: lineText(ADMIN_BLOCK_LIMITS.subjectLine).trim().nullish(),
  attachments: z.array(adminAttachment).max(ADMIN_BLOCK_LIMITS.attachments, `Add at most ${ADMIN_BLOCK_LIMITS.attachments} attachments.`).default([]),
  /** Questions people ask in their own words that the block answers (recommendations match emails against them). */
  examples: exampleList,
  /** What members type, then a space, to insert the block (src/domain/block-shortcut.ts); empty or left out is none. */
  shortcut: shortcutField.nullish(),
  /** The first and last days staff see the block (src/api/contract/wording.ts); empty or left out: no limit. */
  showFrom: optionalDay,
  showUntil: optionalDay,
  /** Its text in other languages, one per language; left out: none. */
  variants: z
    .array(adminVariantInput)
    .max(ADMIN_BLOCK_LIMITS.variants)
    .refine((variants) => new Set(variants.map((variant) => variant.language)).size === variants.length, 'Give each language at most one variant.')
    .default([]),
  ...stewardshipInput,
});
export type AdminBlockInput = z.input<typeof adminBlockInput>;

/**
 * A block's content as the admin API answers it, the same in a block, a saved version and an
 * export: every field an admin writes (`adminBlockInput`), with left-out lists empty and no
 * subject line as null.
 */
export const adminBlockContent = z.object({
  name: z.string(),
  body: z.string(),
  categories: z.array(z.string()),
  supportedContexts: z.array(supportedContext),
  cc: z.array(z.string()),
  subjectLine: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  examples: z.array(z.string()),
  shortcut: z.string().nullable(),
  showFrom: z.string().nullable(),
  showUntil: z.string().nullable(),
  variants: z
    .array(z.object({ language: z.string(), name: z.string(), body: z.string(), subjectLine: z.string().nullable(), attachments: z.array(z.object({ name: z.string(), url: z.string() })), examples: z.array(z.string()).default([]), needsUpdate: z.boolean() }))
    .default([]),
});
export type AdminBlockContent = z.infer<typeof adminBlockContent>;

/** Whose a team's record is: its own id, its account and its team. */
const teamRecordIds = { _id: objectId, account: objectId, team: objectId };

/** A versioned record's state: its version, whether (and since when) it is deleted, and when it was made and last changed. */
const versionedState = {
  /** Also the ETag, quoted: `"<version>"`. Send it back as `If-Match` to change the record. */
  version: z.number().int(),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A block as the admin API answers it: every field, its version and whether it is deleted. */
export const adminBlock = z.object({
  ...teamRecordIds,
  ...adminBlockContent.shape,
  ...versionedState,
  /** Where its dates put it today in the account's time zone: staff see it only when `shown` (and it is not archived). */
  window: z.enum(SHOW_WINDOWS),
  /** A change waiting to be published, when there is one (server/library/drafts.ts). */
  pending: pendingChange.nullable(),
  ...stewardshipState,
});
export type AdminBlock = z.infer<typeof adminBlock>;
export const adminBlockList = z.array(adminBlock);

/** A yes-or-no query parameter: `true`/`1` or `false`/`0`. */
export const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** `GET .../blocks`: filters, all optional. `q` looks in names and in the body's text (not its markup). */
export const adminBlocksQuery = z.object({
  q: lineText(200).optional(),
  category: lineText(ADMIN_BLOCK_LIMITS.category).optional(),
  supportedContext: supportedContext.optional(),
  includeDeleted: flag.optional(),
  /** Only archived blocks with `true`; left out, archived blocks are not listed. */
  archived: flag.optional(),
});

export const BLOCK_VERSION_ACTIONS = ['created', 'edited', 'restored', 'deleted', 'undeleted', 'archived', 'unarchived', 'published'] as const;

/** `GET .../blocks/{blockId}/versions`: a version, whole, and `languagesChanged` since the one before (server/library/block-versions.ts). */
export const blockVersion = z.object({
  version: z.number().int(),
  action: z.enum(BLOCK_VERSION_ACTIONS),
  /** Who saved it; null for versions no admin made (demo data, blocks older than the history). */
  author: z.object({ _id: objectId, email: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  ...adminBlockContent.shape,
  languagesChanged: z.array(z.string()),
});
export type BlockVersion = z.infer<typeof blockVersion>;
export const blockVersionList = z.array(blockVersion);

/** Limits of a checklist an admin writes. */
export const ADMIN_CHECKLIST_LIMITS = {
  name: 200,
  tasks: 100,
  task: 500,
  blocks: 50,
  category: ADMIN_BLOCK_LIMITS.category,
  categories: ADMIN_BLOCK_LIMITS.categories,
} as const;

/**
 * A checklist as an admin writes it (`POST .../checklists`, `PUT .../checklists/{checklistId}`):
 * the whole checklist, every time. Tasks are in the order members work through them; `blocks` are
 * the team's blocks the checklist recommends, in order, each at most once.
 */
export const adminChecklistInput = z.object({
  name: lineText(ADMIN_CHECKLIST_LIMITS.name).trim().min(1, 'Name is required.'),
  tasks: z
    .array(z.object({ name: lineText(ADMIN_CHECKLIST_LIMITS.task).trim().min(1, 'must not be empty') }))
    .min(1, 'Add at least one task.')
    .max(ADMIN_CHECKLIST_LIMITS.tasks, `Add at most ${ADMIN_CHECKLIST_LIMITS.tasks} tasks.`),
  blocks: z
    .array(objectId)
    .max(ADMIN_CHECKLIST_LIMITS.blocks, `Recommend at most ${ADMIN_CHECKLIST_LIMITS.blocks} blocks.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A block is recommended twice.')
    .default([]),
  categories: z
    .array(lineText(ADMIN_CHECKLIST_LIMITS.category).trim().min(1, 'must not be empty'))
    .max(ADMIN_CHECKLIST_LIMITS.categories, `Use at most ${ADMIN_CHECKLIST_LIMITS.categories} categories.`)
    .transform((categories) => [...new Set(categories)])
    .default([]),
  /** The first and last days staff see the checklist (src/api/contract/wording.ts). */
  showFrom: optionalDay,
  showUntil: optionalDay,
  ...stewardshipInput,
});
export type AdminChecklistInput = z.input<typeof adminChecklistInput>;

/** A checklist as the admin API answers it: every field, its version and whether it is deleted. */
export const adminChecklist = z.object({
  ...teamRecordIds,
  name: z.string(),
  tasks: z.array(z.object({ name: z.string() })),
  blocks: z.array(objectId),
  categories: z.array(z.string()),
  showFrom: z.string().nullable(),
  showUntil: z.string().nullable(),
  window: z.enum(SHOW_WINDOWS),
  ...versionedState,
  ...stewardshipState,
});
export type AdminChecklist = z.infer<typeof adminChecklist>;
export const adminChecklistList = z.array(adminChecklist);

/** `GET .../checklists`: deleted ones only on request. */
export const adminChecklistsQuery = z.object({ includeDeleted: flag.optional(), archived: flag.optional() });

/**
 * A page of a list, newest first: `limit` items at a time (50 by default); pass the page's `next`
 * back as `before` for the next one.
 */
export const pageQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}\.[0-9a-f]{24}$/, 'must be the next value of an earlier page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Limits of what an admin writes when deciding a suggestion. */
export const ADMIN_SUGGESTION_LIMITS = {
  /** A rejection's note to the member who suggested the block. */
  note: 1_000,
} as const;

export const SUGGESTION_STATUSES = ['open', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** `GET .../suggestions`: one status at a time (open by default), a page at a time (`pageQuery`). */
export const adminSuggestionsQuery = pageQuery.extend({ status: z.enum(SUGGESTION_STATUSES).default('open') });

/** A block a member suggested (`POST .../suggestedautoresponses`), with what an admin decided. */
export const adminSuggestion = z.object({
  _id: objectId,
  name: z.string(),
  /** As the member wrote it: plain text, not HTML. */
  body: z.string(),
  supportedContexts: z.array(supportedContext),
  suggestedBy: z.object({ _id: objectId, email: z.string() }),
  createdAt: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  decidedAt: z.string().nullable(),
  /** The admin who approved or rejected it; null while open. */
  decidedBy: z.object({ _id: objectId, email: z.string().nullable() }).nullable(),
  /** The admin's note, for a rejected suggestion; null otherwise. */
  note: z.string().nullable(),
  /** The block an approval created; null unless approved. */
  blockId: objectId.nullable(),
  /** The language it is written in (src/domain/languages.ts); a non-English one becomes the block's variant. */
  language: z.string(),
});
export type AdminSuggestion = z.infer<typeof adminSuggestion>;
export const adminSuggestionPage = z.object({ suggestions: z.array(adminSuggestion), next: z.string().nullable() });
export type AdminSuggestionPage = z.infer<typeof adminSuggestionPage>;

/**
 * `POST .../suggestions/{suggestionId}/approve`: the block to create, whole, as the admin edited it
 * from the suggestion (the same shape as `POST .../blocks`).
 */
export const adminSuggestionApproval = adminBlockInput;
export type AdminSuggestionApproval = AdminBlockInput;

/** `POST .../suggestions/{suggestionId}/approve` answers the suggestion as decided and the block it created. */
export const adminSuggestionApproved = z.object({ suggestion: adminSuggestion, block: adminBlock });
export type AdminSuggestionApproved = z.infer<typeof adminSuggestionApproved>;

/** `POST .../suggestions/{suggestionId}/reject`: an optional note; an empty one is none. */
export const adminSuggestionRejection = z.object({
  note: multilineText(ADMIN_SUGGESTION_LIMITS.note).trim().nullish(),
});
export type AdminSuggestionRejection = z.input<typeof adminSuggestionRejection>;

/** Limits of a usage report: a year and a day at most (a leap year's 366 days). */
export const USAGE_LIMITS = {
  maxDays: 366,
  defaultDays: 30,
  /** Rows of `usage.csv` at most; the answer says when it was cut (`X-Usage-Truncated`). */
  csvRows: 100_000,
} as const;

/** A calendar day, `YYYY-MM-DD`, that exists. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a date that exists');

export const USAGE_INTERVALS = ['day', 'week'] as const;
export type UsageInterval = (typeof USAGE_INTERVALS)[number];

/**
 * `GET .../usage` and `GET .../usage.csv`: the days to cover, both included, in UTC. Without them,
 * the last 30 days up to today (UTC); at most 366 days. `interval` (the report only): day or week.
 */
export const usageQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  interval: z.enum(USAGE_INTERVALS).default('day'),
});
export const usageCsvQuery = usageQuery.omit({ interval: true });

/**
 * `GET .../usage`: how the team used its blocks in the period. Every count is of records whose
 * time falls in the period, in UTC; `intervals` lists every day (or week, Monday to Sunday, the
 * first and last cut to the period) with zeros, and each block's `series` holds its uses per
 * interval in the same order.
 */
export const usageReport = z.object({
  team: z.object({ _id: objectId, name: z.string() }),
  from: z.string(),
  to: z.string(),
  interval: z.enum(USAGE_INTERVALS),
  timeZone: z.literal('UTC'),
  intervals: z.array(z.object({ start: z.string(), end: z.string(), uses: z.number().int() })),
  totals: z.object({ uses: z.number().int(), blocks: z.number().int(), users: z.number().int() }),
  /** Most used first. A block deleted since (or no longer there) is listed, marked `deleted`. */
  blocks: z.array(usageOfBlock),
  /** Most uses first; the address is the user's current one, or the one recorded with the use. */
  users: z.array(z.object({ _id: objectId, email: z.string(), uses: z.number().int() })),
  /** Where in Cannery the block was picked: recommended, search, frequently_used, ... as recorded. */
  uiSources: z.array(z.object({ uiSource: z.string(), uses: z.number().int() })),
  /** Where the block went: outlook, gmail (the Chrome extension), text_input (any text field), as recorded. */
  hosts: z.array(z.object({ host: z.string(), uses: z.number().int() })),
  /** Which mailbox the block was used in: a shared mailbox, delegated account or alias, or null for the user's own. */
  mailboxes: z.array(z.object({ mailbox: z.string().nullable(), uses: z.number().int() })),
  languages: usesByLanguage,
  /** Checklist runs of the team started in the period, and those completed in it. */
  checklists: z.object({ started: z.number().int(), completed: z.number().int() }),
  /** Usage sessions started in the period by users working for the team: how many, by how many users, how long in all. */
  sessions: z.object({ count: z.number().int(), users: z.number().int(), minutes: z.number().int() }),
});
export type UsageReport = z.infer<typeof usageReport>;

/** The columns of `GET .../usage.csv`, one row per use, oldest first. */
export const USAGE_CSV_COLUMNS = ['time', 'blockId', 'blockName', 'userEmail', 'uiSource', 'host', 'language'] as const;
