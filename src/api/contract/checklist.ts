import { z } from './zod';
import { isoTime, objectId, subField as sub, teamsQuery, userEmailField } from './common';
import { lineText } from './text';

/** A checklist, or "phone flow" (rules §3). */
export const checklist = z.object({
  _id: objectId,
  name: z.string(),
  team: objectId,
  tasks: z.array(z.object({ name: z.string() })),
  blocks: z.array(objectId),
  categories: z.array(z.string()).optional(),
});
export type Checklist = z.infer<typeof checklist>;

export const checklistsQuery = /* @__PURE__ */ z.object({ teams: teamsQuery });

const recordedTask = z.object({ name: lineText(500).min(1), completed: z.boolean() });

/** `POST .../teams/{teamId}/recordedphoneflows` (rules §3 "Recorded checklist"). */
export const recordedChecklistCreate = z
  .object({
    phoneFlowId: objectId,
    name: lineText(500).min(1),
    tasks: z.array(recordedTask).max(200),
    blocks: z.array(objectId).max(500),
    blocksSent: z.array(objectId).max(500),
    userEmail: userEmailField,
    cognitoSub: sub,
    microsoftSub: sub,
    startTime: isoTime,
    endTime: isoTime.nullish(),
    categories: z.array(lineText(200)).max(50).optional(),
  })
  .refine((body) => !body.endTime || Date.parse(body.endTime) >= Date.parse(body.startTime), {
    message: 'must not be before startTime',
    path: ['endTime'],
  });
export type RecordedChecklistCreate = z.infer<typeof recordedChecklistCreate>;

/** `PUT .../teams/{teamId}/recordedphoneflows`: progress on a recorded checklist. */
export const recordedChecklistUpdate = z.object({
  recordedPhoneFlowId: objectId,
  tasks: z.array(recordedTask).max(200),
  blocksSent: z.array(objectId).max(500),
  endTime: isoTime.nullish(),
});
export type RecordedChecklistUpdate = z.infer<typeof recordedChecklistUpdate>;
