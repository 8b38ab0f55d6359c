/**
 * Changes to blocks that staff do not see yet, in the admin API: an editor's change waiting for a
 * team admin (`.../drafts`, approve or reject with the version diff), and a team admin's change
 * scheduled for a time (`PUT .../blocks/{id}` with `publishAt`). Shared by the server and the admin app.
 */
import { z } from './zod';
import { objectId } from './common';
import { adminBlockContent, adminBlockInput } from './admin';

export const DRAFT_STATES = ['awaiting_approval', 'scheduled', 'published', 'rejected', 'withdrawn'] as const;

/** A waiting change: what the block will read, and what it reads now (null for a new block). */
export const adminDraft = z.object({
  _id: objectId,
  team: objectId,
  /** The block it changes; null for a block an editor proposed. */
  block: objectId.nullable(),
  state: z.enum(DRAFT_STATES),
  publishAt: z.string().nullable(),
  createdAt: z.string(),
  /** The version the change was made from; the diff compares `content` with `current`. */
  baseVersion: z.number().int().nullable(),
  author: z.object({ _id: objectId, email: z.string().nullable() }),
  content: adminBlockContent,
  current: adminBlockContent.extend({ version: z.number().int() }).nullable(),
});
export type AdminDraft = z.infer<typeof adminDraft>;
export const adminDraftList = z.array(adminDraft);

/** `GET .../drafts`: every waiting change, or only those of one state. */
export const adminDraftsQuery = z.object({ state: z.enum(['awaiting_approval', 'scheduled']).optional() });

/** `PUT .../blocks/{id}` and `POST .../blocks`: a block, and optionally when to publish it (a team admin's schedule). */
export const adminBlockSave = adminBlockInput.extend({
  /** ISO 8601 with an offset; left out or null: now. */
  publishAt: z.string().datetime({ offset: true, message: 'Enter a date and time.' }).nullish(),
});
