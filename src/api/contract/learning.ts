/**
 * Learning from the team's choices: the email signature a usage record may carry, what the API
 * serves of what the caller's teams learned, and the admin's view of a team's learning.
 */
import { z } from './zod';
import { isoTime, objectId } from './common';

/** At most this many hashed terms in one email signature (`src/domain/email-terms.ts`). */
export const EMAIL_SIGNATURE_LIMIT = 48;

/**
 * `emailSignature` of a sent-auto-response record: the hashed terms of the email the block was
 * used for, made on the device from scrubbed text; never words.
 */
export const emailSignatureField = z
  .array(z.string().regex(/^[0-9a-f]{8}$/, 'must be a hashed term: exactly 8 lowercase hex characters'))
  .max(EMAIL_SIGNATURE_LIMIT, `holds at most ${EMAIL_SIGNATURE_LIMIT} hashed terms`);

/** `[block, weight]`: the block's position in its team's `blocks`, and the association's weight decayed to the time served. */
const association = z.tuple([z.number().int().min(0), z.number().positive()]);

/** What one team learned (`src/domain/learned-ranking.ts`'s `LearnedTeam`). */
export const learnedTeam = z.object({
  team: objectId,
  blocks: z.array(objectId),
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
