/**
 * Who keeps a team's blocks and checklists right, and how the team keeps its library clean: the
 * owner and review interval an admin writes with a block or checklist, what the admin API answers
 * about them, the "Needs review" list (`GET .../reviews`), the caller's weekly mail switch, and the
 * "Clean up" lists (`GET .../cleanup`). Shared by the server and the admin app.
 */
import { z } from './zod';
import { objectId } from './common';

/** How often a block or checklist is reviewed, in days; 365 unless its admin chose another. */
export const REVIEW_INTERVALS = [30, 90, 180, 365] as const;
export const DEFAULT_REVIEW_EVERY_DAYS = 365;

/** The periods the Clean up page asks about: blocks not used in this many days. */
export const UNUSED_PERIODS = [30, 90, 180, 365] as const;

const reviewEveryDays = z
  .number()
  .int()
  .refine((days) => (REVIEW_INTERVALS as readonly number[]).includes(days), `must be one of ${REVIEW_INTERVALS.join(', ')} days`);

/**
 * What an admin may send with a block or checklist: its owner (a person of the team; null for
 * nobody) and its review interval. Left out, they stay as they are (a new record is owned by the
 * admin who creates it, reviewed every 365 days).
 */
export const stewardshipInput = {
  owner: objectId.nullish(),
  reviewEveryDays: reviewEveryDays.optional(),
};

/** A person who owns records, as the admin API names them. */
export const recordOwner = z.object({ id: objectId, email: z.string(), name: z.string().nullable() });
export type RecordOwner = z.infer<typeof recordOwner>;

/** What a block or checklist answers about its owner, its review and its archive mark. */
export const stewardshipState = {
  owner: recordOwner.nullable(),
  reviewEveryDays: z.number().int(),
  reviewedAt: z.string(),
  /** Its review is due: `reviewedAt` plus `reviewEveryDays` is now or past. */
  reviewDue: z.boolean(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
};

/** `GET .../reviews`: only the caller's own with `mine=true`. */
export const reviewsQuery = z.object({ mine: z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1').optional() });

/** One due review on the Needs review page. */
export const dueReview = z.object({
  kind: z.enum(['block', 'checklist']),
  id: objectId,
  name: z.string(),
  /** Send it back as `If-Match` to confirm the review. */
  version: z.number().int(),
  owner: recordOwner.nullable(),
  reviewEveryDays: z.number().int(),
  reviewedAt: z.string(),
  dueAt: z.string(),
  /** Whole days since it fell due (0 on the day it falls due). */
  overdueDays: z.number().int(),
});
export type DueReview = z.infer<typeof dueReview>;

/** The Needs review page: the team's due reviews, oldest first, and whether the caller gets the weekly mail. */
export const reviewList = z.object({ reviews: z.array(dueReview), reviewMail: z.boolean() });
export type ReviewList = z.infer<typeof reviewList>;

/** `PUT .../reviews/mail`: the caller's own weekly mail of due reviews, on or off. */
export const reviewMailInput = z.object({ reviewMail: z.boolean() });
export const reviewMailState = z.object({ reviewMail: z.boolean() });

/** `GET .../cleanup`: blocks not used in `unusedDays` days (90 unless chosen). */
export const cleanupQuery = z.object({
  unusedDays: z.coerce
    .number()
    .int()
    .refine((days) => (UNUSED_PERIODS as readonly number[]).includes(days), `must be one of ${UNUSED_PERIODS.join(', ')}`)
    .default(90),
});

/** A block on the Clean up page. */
export const cleanupBlock = z.object({
  id: objectId,
  name: z.string(),
  version: z.number().int(),
  /** When members last used it; null when never. */
  lastUsedAt: z.string().nullable(),
  showUntil: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type CleanupBlock = z.infer<typeof cleanupBlock>;

/** The Clean up page: live blocks not used in the period, blocks whose window ended before today (in the account's time zone), and archived blocks. */
export const cleanupList = z.object({
  today: z.string(),
  unused: z.array(cleanupBlock),
  ended: z.array(cleanupBlock),
  archived: z.array(cleanupBlock),
});
export type CleanupList = z.infer<typeof cleanupList>;
