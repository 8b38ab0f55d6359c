/**
 * Learning from the team's choices: what the API serves of what the caller's teams learned. The email signature a usage record may carry is
 * `emailSignatureField` of `usage.ts`; the admin's view of a team's learning, `learning-summary.ts`.
 */
import { z } from './zod';

/** `[block, weight]`: the block's position in its team's `blocks`, and the association's weight decayed to the time served. */
const association = z.tuple([z.number().int().min(0), z.number().positive()]);

/** What one team learned (`src/domain/learned-ranking.ts`'s `LearnedTeam`). */
export const learnedTeam = z.object({
  // Ids as the server wrote them (lower-case); the client only matches them against its blocks.
  team: z.string(),
  blocks: z.array(z.string()),
  terms: z.record(z.string().regex(/^[0-9a-f]{8}$/), z.array(association)),
});

/** `GET /accounts/{accountId}/learning`: what the caller's teams learned. */
export const learnedModel = z.object({
  /** Whether the deployment learns at all (CANNERY_LEARNING_RETENTION_DAYS 0: no). */
  enabled: z.boolean(),
  halfLifeDays: z.number().positive(),
  teams: z.array(learnedTeam),
});
export type LearnedModelResponse = z.infer<typeof learnedModel>;
