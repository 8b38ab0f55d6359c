import { z } from './zod';
import { attachment, isoTime, objectId, subField as sub, supportedContext, userEmailField } from './common';
import { lineText, multilineText } from './text';
import { mailboxAddress } from './mailbox';
import { languageCode } from './language';

/** At most this many hashed terms in one email signature (`src/domain/email-terms.ts`). */
export const EMAIL_SIGNATURE_LIMIT = 48;

/**
 * `emailSignature` of a sent-auto-response record: the hashed terms of the email the block was
 * used for, made on the device from scrubbed text; never words (`src/api/contract/learning.ts`).
 */
export const emailSignatureField = z
  .array(z.string().regex(/^[0-9a-f]{8}$/, 'must be 8 lowercase hex characters'))
  .max(EMAIL_SIGNATURE_LIMIT, `holds at most ${EMAIL_SIGNATURE_LIMIT} terms`);

/** Where in the UI a block was picked (rules §3 "UI source values"). */
export const uiSource = z.enum(['recommended', 'frequently_used', 'search', 'std_scrollable_list', 'phone_flow', 'unknown']);
export type UiSource = z.infer<typeof uiSource>;

/**
 * `POST .../teams/{teamId}/sentautoresponses`: one use of a block (rules §3 "Sent-auto-response
 * record"). The server records the caller's own email and subs, whatever the body says.
 */
export const sentAutoResponse = z.object({
  userEmail: userEmailField,
  autoResponseId: objectId,
  autoResponseName: lineText(500).min(1),
  autoResponseContent: multilineText(100_000),
  account: objectId,
  team: objectId,
  timeSent: isoTime,
  supportedContexts: z.array(supportedContext).max(3),
  contextUsed: supportedContext,
  uiSource,
  cognitoSub: sub,
  microsoftSub: sub,
  categories: z.array(lineText(200)).max(50).optional(),
  cc: z.array(lineText(320)).max(50).optional(),
  subjectLine: lineText(1000).optional(),
  attachments: z.array(attachment).max(20).optional(),
  /** The hashed terms of the email the block was used for, when one was open; never its text. */
  emailSignature: emailSignatureField.optional(),
  /** The shared mailbox, delegated account or alias the block was used in: its address only; absent in the user's own. */
  mailbox: mailboxAddress.optional(),
  /** The language of the text inserted: the block's variant, or absent for its own (English) text. */
  language: languageCode.optional(),
});
export type SentAutoResponse = z.infer<typeof sentAutoResponse>;

/** `POST .../teams/{teamId}/suggestedautoresponses` (rules §3 "Suggested auto response"). */
export const suggestedAutoResponse = z.object({
  userEmail: userEmailField,
  name: lineText(200).trim().min(1, 'Name is required.'),
  body: multilineText(50_000).trim().min(1, 'Block Content is required'),
  supportedContexts: z.array(supportedContext).min(1).max(3),
  cognitoSub: sub,
  microsoftSub: sub,
});
export type SuggestedAutoResponse = z.infer<typeof suggestedAutoResponse>;

/** The answer to every create call: the new record's id. */
export const created = z.object({ _id: objectId });

/** `Idempotency-Key` header of create calls the client retries from its outbox. */
export const idempotencyKey = z.string().min(8).max(128).regex(/^[\w.:-]+$/, 'must be letters, digits, "_", "-", ".", ":"');

/** Uses by the language of the text inserted ('en': the blocks' own text), most uses first: in a usage report, per block and for the team. */
export const usesByLanguage = z.array(z.object({ language: z.string(), uses: z.number().int() }));

/** A block in a usage report: its uses in all, per interval (`series`) and by language. */
export const usageOfBlock = z.object({ _id: objectId, name: z.string(), deleted: z.boolean(), uses: z.number().int(), series: z.array(z.number().int()), languages: usesByLanguage });
