import { z } from './zod';
import { DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT } from './most-frequent-limits';
import { attachment, objectId, supportedContext, teamsQuery } from './common';

/** A block's text in another language than the default (src/domain/block-variants.ts). */
export const blockVariant = z.object({
  language: z.string(),
  name: z.string(),
  body: z.string(),
  subjectLine: z.string().optional(),
  attachments: z.array(attachment).optional(),
  examples: z.array(z.string()).optional(),
});

/** A block, or "auto response" (rules §3). `body` is HTML; the client sanitises it before use. */
export const block = z.object({
  _id: objectId,
  name: z.string(),
  body: z.string(),
  categories: z.array(z.string()).optional(),
  account: objectId,
  team: objectId,
  supportedContexts: z.array(supportedContext),
  cc: z.array(z.string()).optional(),
  subjectLine: z.string().optional(),
  attachments: z.array(attachment).optional(),
  /** Questions people ask that the block answers: recommendations match emails against them. */
  examples: z.array(z.string()).optional(),
  /** What a member types, then a space, to insert the block (src/domain/block-shortcut.ts). */
  shortcut: z.string().optional(),
  /** Its text in the account's other languages; absent: English only. */
  variants: z.array(blockVariant).optional(),
});
export type Block = z.infer<typeof block>;
export const blockList = z.array(block);

export const blocksQuery = /* @__PURE__ */ z.object({ teams: teamsQuery });

export { DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT };
export const mostFrequentQuery = /* @__PURE__ */ z.object({
  teams: teamsQuery,
  num: /* @__PURE__ */ z.coerce.number().int().min(1).max(MAX_MOST_FREQUENT).default(DEFAULT_MOST_FREQUENT),
});
