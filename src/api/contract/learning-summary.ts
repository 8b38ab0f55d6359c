/** The admin's view of what a team has learned from its staff's choices (server/routes/admin/learning.ts). */
import { z } from './zod';
import { isoTime } from './common';

/** `GET /admin/accounts/{accountId}/teams/{teamId}/learning`: how much a team has learned. */
export const learningSummary = z.object({
  enabled: z.boolean(),
  /** Uses with an email signature since `since`; 0 when nothing is learned. */
  uses: z.number().int().min(0),
  /** When learning started, or was last reset; null when nothing is learned. */
  since: isoTime.nullable(),
  retentionDays: z.number().int().min(0),
});
export type LearningSummary = z.infer<typeof learningSummary>;
