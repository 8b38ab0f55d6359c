import { z } from './zod';
import { objectId } from './common';

/** `GET /user-info` → `{ user }` (spec §3 "User"). */
export const user = z.object({
  _id: objectId,
  email: z.string(),
  account: objectId,
  teams: z.array(objectId),
  adminTeams: z.array(objectId),
  cognitoAuth: z.object({ sub: z.string() }).optional(),
  microsoftAuth: z.object({ sub: z.string() }).optional(),
  /** Manages the account's people, teams and settings (absent from servers that predate it: false). */
  accountAdmin: z.boolean().optional(),
});
export type User = z.infer<typeof user>;

export const userInfoResponse = z.object({ user });
