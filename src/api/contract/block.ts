import { z } from './zod';
import { attachment, objectId, supportedContext, teamsQuery } from './common';

/** A block, or "auto response" (spec §3). `body` is HTML; the client sanitises it before use. */
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
});
export type Block = z.infer<typeof block>;
export const blockList = z.array(block);

export const blocksQuery = z.object({ teams: teamsQuery });

/** How many most-frequently-used blocks a client may ask for. */
export const MAX_MOST_FREQUENT = 50;
/** How many Home shows when the deployment does not say (spec §9 numMostFreqAutoResponses). */
export const DEFAULT_MOST_FREQUENT = 5;
export const mostFrequentQuery = z.object({
  teams: teamsQuery,
  num: z.coerce.number().int().min(1).max(MAX_MOST_FREQUENT).default(DEFAULT_MOST_FREQUENT),
});
