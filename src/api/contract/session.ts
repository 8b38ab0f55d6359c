import { z } from './zod';
import { isoTime, objectId, subField, userEmailField } from './common';
import { mailboxAddress } from './mailbox';

/** Minutes without interaction that end a usage session, unless the deployment sets its own. */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
/** A day: longer would keep one session over nights. */
export const MAX_SESSION_IDLE_MINUTES = 24 * 60;

export const sessionContext = z.enum(['outlook', 'chrome', 'self-serve']);

/** `POST /accounts/{accountId}/users/{userSub}/sessions` (rules §3 "Session"). */
export const sessionCreate = z
  .object({
    startTime: isoTime,
    endTime: isoTime,
    context: sessionContext,
    teams: z.array(objectId).max(200),
    userEmail: userEmailField,
    updateInterval: z.number().int().min(1000).max(86_400_000),
    cognitoSub: subField,
    microsoftSub: subField,
    /** The shared mailbox, delegated account or alias the session is spent in: its address only; absent in the user's own. */
    mailbox: mailboxAddress.optional(),
  })
  .refine((body) => Date.parse(body.endTime) >= Date.parse(body.startTime), {
    message: 'must not be before startTime',
    path: ['endTime'],
  });
export type SessionCreate = z.infer<typeof sessionCreate>;

export const sessionCreated = z.object({ sessionId: objectId });

/** `PUT` on the same path: the session is still going; `endTime` is the latest interaction. */
export const sessionUpdate = z.object({ sessionId: objectId, endTime: isoTime });
export type SessionUpdate = z.infer<typeof sessionUpdate>;
