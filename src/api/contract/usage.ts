import { z } from 'zod';
import { attachment, isoTime, objectId, supportedContext } from './common';

/** Where in the UI a block was picked (spec §3 "UI source values"). */
export const uiSource = z.enum(['recommended', 'frequently_used', 'search', 'std_scrollable_list', 'phone_flow', 'unknown']);
export type UiSource = z.infer<typeof uiSource>;

const sub = z.string().max(256).nullish();

/**
 * `POST .../teams/{teamId}/sentautoresponses`: one use of a block (spec §3 "Sent-auto-response
 * record"). The server records the caller's own email and subs, whatever the body says.
 */
export const sentAutoResponse = z.object({
  userEmail: z.string().max(320),
  autoResponseId: objectId,
  autoResponseName: z.string().min(1).max(500),
  autoResponseContent: z.string().max(100_000),
  account: objectId,
  team: objectId,
  timeSent: isoTime,
  supportedContexts: z.array(supportedContext).max(3),
  contextUsed: supportedContext,
  uiSource,
  cognitoSub: sub,
  microsoftSub: sub,
  categories: z.array(z.string().max(200)).max(50).optional(),
  cc: z.array(z.string().max(320)).max(50).optional(),
  subjectLine: z.string().max(1000).optional(),
  attachments: z.array(attachment).max(20).optional(),
});
export type SentAutoResponse = z.infer<typeof sentAutoResponse>;

/** `POST .../teams/{teamId}/suggestedautoresponses` (spec §3 "Suggested auto response"). */
export const suggestedAutoResponse = z.object({
  userEmail: z.string().max(320),
  name: z.string().trim().min(1, 'Name is required.').max(200),
  body: z.string().trim().min(1, 'Block Content is required').max(50_000),
  supportedContexts: z.array(supportedContext).min(1).max(3),
  cognitoSub: sub,
  microsoftSub: sub,
});
export type SuggestedAutoResponse = z.infer<typeof suggestedAutoResponse>;

/** The answer to every create call: the new record's id. */
export const created = z.object({ _id: objectId });

/** `Idempotency-Key` header of create calls the client retries from its outbox. */
export const idempotencyKey = z.string().min(8).max(128).regex(/^[\w.:-]+$/, 'must be letters, digits, "_", "-", ".", ":"');
